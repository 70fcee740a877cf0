package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Uniformity of the segment, polygon and polytope samplers against analytic marginals, and their input checks. */
class ShapeSamplerTest {

  private static final int N = 100_000;
  static final double[][] HULL = {{3, 0}, {4, 1}, {-1, 1}, {-3, 0}, {-4, -1}, {1, -1}};

  @Test
  void segmentPointsAreUniformAlongTheSegment() {
    SegmentSampler s = new SegmentSampler(new double[] {1, 2, 3}, new double[] {3, -2, 3});
    assertThat(s.dimension()).isEqualTo(3);
    assertThat(s.rank()).isEqualTo(1);
    KeyedRandom r = TestKeys.random("shape-test", "segment", 1);
    double[] out = new double[3];
    double[] t = new double[N];
    for (int i = 0; i < N; i++) {
      s.sample(r, out);
      t[i] = (out[0] - 1) / 2;
      assertThat(out[1]).isCloseTo(2 - 4 * t[i], org.assertj.core.data.Offset.offset(1e-12));
      assertThat(out[2]).isEqualTo(3);
    }
    Stats.assertKs(t, u -> Math.max(0, Math.min(1, u)));
  }

  @Test
  void polygonPointsHaveTheAreaMarginalsOfThePolygon() {
    ConvexPolygonSampler p = new ConvexPolygonSampler(HULL);
    assertThat(p.area()).isCloseTo(11, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(p.rank()).isEqualTo(2);
    assertThat(p.dimension()).isEqualTo(2);
    KeyedRandom r = TestKeys.random("shape-test", "polygon", 1);
    double[] out = new double[2];
    double[] xs = new double[N];
    double[] ys = new double[N];
    double[] diag = new double[N];
    for (int i = 0; i < N; i++) {
      p.sample(r, out);
      assertThat(KNorm.of(HULL, out)).isLessThanOrEqualTo(1 + 1e-12);
      xs[i] = out[0];
      ys[i] = out[1];
      diag[i] = out[0] - 2 * out[1];
    }
    // CDF of a linear functional a·x: area of the polygon clipped to {a·x <= c}, over the total area
    Stats.assertKs(xs, c -> clippedArea(HULL, 1, 0, c) / 11);
    Stats.assertKs(ys, c -> clippedArea(HULL, 0, 1, c) / 11);
    Stats.assertKs(diag, c -> clippedArea(HULL, 1, -2, c) / 11);
  }

  @Test
  void polygonWithCollinearVertexAndTriangleAreSampledUniformly() {
    double[][] square = {{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}}; // (1,0) lies on an edge
    ConvexPolygonSampler p = new ConvexPolygonSampler(square);
    assertThat(p.area()).isEqualTo(4);
    KeyedRandom r = TestKeys.random("shape-test", "square", 1);
    double[] out = new double[2];
    double[] xs = new double[N];
    for (int i = 0; i < N; i++) {
      p.sample(r, out);
      xs[i] = out[0] / 2;
    }
    Stats.assertKs(xs, u -> Math.max(0, Math.min(1, u)));
  }

  @Test
  void polytopeCubeHasUniformCoordinates() {
    PolytopeSampler cube = new PolytopeSampler(CUBE_VERTICES, cubeTriangles());
    assertThat(cube.volume()).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(cube.rank()).isEqualTo(3);
    KeyedRandom r = TestKeys.random("shape-test", "cube", 1);
    double[] out = new double[3];
    double[][] coords = new double[3][N];
    for (int i = 0; i < N; i++) {
      cube.sample(r, out);
      for (int k = 0; k < 3; k++) {
        coords[k][i] = out[k];
      }
    }
    for (int k = 0; k < 3; k++) {
      Stats.assertKs(coords[k], u -> Math.max(0, Math.min(1, u)));
    }
  }

  @Test
  void polytopeOctahedronHasTheL1RadiusCdfRhoCubed() {
    double[][] v = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    List<int[]> tris = new ArrayList<>();
    for (int x : new int[] {0, 1}) {
      for (int y : new int[] {2, 3}) {
        for (int z : new int[] {4, 5}) {
          tris.add(new int[] {x, y, z});
        }
      }
    }
    // mixed winding as listed would be rejected; orient every face outward
    int[][] faces = tris.stream().map(t -> outward(v, t)).toArray(int[][]::new);
    PolytopeSampler octa = new PolytopeSampler(v, faces);
    assertThat(octa.volume()).isCloseTo(4.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
    KeyedRandom r = TestKeys.random("shape-test", "octahedron", 1);
    double[] out = new double[3];
    double[] rho = new double[N];
    for (int i = 0; i < N; i++) {
      octa.sample(r, out);
      rho[i] = Math.abs(out[0]) + Math.abs(out[1]) + Math.abs(out[2]);
    }
    Stats.assertKs(rho, u -> Math.pow(Math.max(0, Math.min(1, u)), 3));
    // the reversed winding describes the same solid
    int[][] reversed = new int[faces.length][];
    for (int i = 0; i < faces.length; i++) {
      reversed[i] = new int[] {faces[i][0], faces[i][2], faces[i][1]};
    }
    assertThat(new PolytopeSampler(v, reversed).volume()).isCloseTo(4.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void badGeometryIsRejectedWithTheValueAndTheReason() {
    assertThatThrownBy(() -> new ConvexPolygonSampler(new double[0][]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 vertices");
    assertThatThrownBy(() -> new ConvexPolygonSampler(new double[][] {{0, 0}, {1, 0}, {2, 0}}))
        .hasMessageContaining("polygon area = 0.0").hasMessageContaining("degenerate");
    double[][] clockwise = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
    assertThatThrownBy(() -> new ConvexPolygonSampler(clockwise)).hasMessageContaining("counter-clockwise");
    double[][] nonConvex = {{0, 0}, {2, 0}, {1, 0.2}, {2, 2}, {0, 2}};
    assertThatThrownBy(() -> new ConvexPolygonSampler(nonConvex)).hasMessageContaining("convex");
    assertThatThrownBy(() -> new ConvexPolygonSampler(new double[][] {{0, 0}, {1, Double.NaN}, {0, 1}}))
        .hasMessageContaining("polygon vertex 1 y = NaN");
    assertThatThrownBy(() -> new SegmentSampler(new double[] {1, 1}, new double[] {1, 1}))
        .hasMessageContaining("degenerate segment");
    assertThatThrownBy(() -> new SegmentSampler(new double[] {1}, new double[] {1, 1}))
        .hasMessageContaining("dimensions 1 and 2");

    int[][] cube = cubeTriangles();
    int[][] open = java.util.Arrays.copyOf(cube, cube.length - 1);
    assertThatThrownBy(() -> new PolytopeSampler(CUBE_VERTICES, open)).hasMessageContaining("boundary must be closed");
    int[][] flipped = cube.clone();
    flipped[0] = new int[] {cube[0][0], cube[0][2], cube[0][1]};
    assertThatThrownBy(() -> new PolytopeSampler(CUBE_VERTICES, flipped)).hasMessageContaining("not convex");
    double[][] flat = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    int[][] tetra = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
    assertThatThrownBy(() -> new PolytopeSampler(flat, tetra)).hasMessageContaining("degenerate polytope");
    assertThatThrownBy(() -> new PolytopeSampler(CUBE_VERTICES, new int[][] {{0, 1, 9}, {0, 1, 2}, {0, 1, 2}, {0, 1, 2}}))
        .hasMessageContaining("vertex index = 9");
  }

  static final double[][] CUBE_VERTICES = {
    {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}
  };

  /** The cube's six faces, each split into two triangles, wound outward. */
  static int[][] cubeTriangles() {
    int[][] quads = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {2, 3, 7, 6}, {1, 2, 6, 5}, {0, 4, 7, 3}};
    int[][] t = new int[12][];
    for (int i = 0; i < 6; i++) {
      int[] q = quads[i];
      t[2 * i] = new int[] {q[0], q[1], q[2]};
      t[2 * i + 1] = new int[] {q[0], q[2], q[3]};
    }
    return t;
  }

  private static int[] outward(double[][] v, int[] t) {
    double[] a = v[t[0]];
    double[] b = v[t[1]];
    double[] c = v[t[2]];
    double det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0]);
    return det > 0 ? t : new int[] {t[0], t[2], t[1]};
  }

  /** Area of the convex polygon clipped to the half-plane a·x + b·y <= c (Sutherland–Hodgman, then shoelace). */
  static double clippedArea(double[][] poly, double a, double b, double c) {
    List<double[]> out = new ArrayList<>();
    int n = poly.length;
    for (int i = 0; i < n; i++) {
      double[] p = poly[i];
      double[] q = poly[(i + 1) % n];
      double fp = a * p[0] + b * p[1] - c;
      double fq = a * q[0] + b * q[1] - c;
      if (fp <= 0) {
        out.add(p);
      }
      if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) {
        double t = fp / (fp - fq);
        out.add(new double[] {p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])});
      }
    }
    double twice = 0;
    for (int i = 0; i < out.size(); i++) {
      double[] p = out.get(i);
      double[] q = out.get((i + 1) % out.size());
      twice += p[0] * q[1] - p[1] * q[0];
    }
    return twice / 2;
  }
}
