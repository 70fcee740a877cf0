package org.pufferflow.geometry;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The vertex side of a {@link SensitivityHull} K, its V-representation, as the uniform samplers of K consume it
 * (docs/dphmm.md, 'What a release does' step 8): the extreme points in lexicographic order; for rank 2 the same
 * points counter-clockwise from the smallest polar angle, in original and in span coordinates; for rank 3 the
 * boundary as outward triangles over the points they reference. The facets (H-representation) and the gauge stay
 * in {@link SensitivityHull}; nothing here is on the per-release norm path.
 *
 * <p>Caller duties: {@code h} is the {@link ConvexHull} of the m = {@code points.length / d} rows of {@code points}
 * (m×d row-major, d the dimension of K), as {@link SensitivityHull#ofFlat} builds it; {@code points} is read, not
 * retained. Immutable and thread-safe; every accessor returns fresh copies. Package-private building block of
 * {@link SensitivityHull}.
 */
final class VertexRepresentation {

  private final double[][] vertices; // lexicographic
  private final double[][] verticesCcw; // r == 2 (in span order; original coordinates)
  private final double[][] spanPolygon; // r == 2: CCW vertices in span coordinates
  private final double[][] boundaryPoints; // r == 3: points referenced by triangles
  private final int[][] triangles; // r == 3

  VertexRepresentation(int d, ConvexHull h, double[] points) {
    int r = h.rank;
    if (r == 0) {
      this.vertices = new double[][] {new double[d]};
      this.verticesCcw = vertices;
      this.spanPolygon = new double[0][];
    } else {
      double[][] vs = new double[h.vertices.length][];
      for (int k = 0; k < vs.length; k++) {
        vs[k] = Arrays.copyOfRange(points, h.vertices[k] * d, h.vertices[k] * d + d);
        for (int a = 0; a < d; a++) {
          vs[k][a] += 0.0; // −0.0 becomes 0.0
        }
      }
      double[][] lex = vs.clone();
      Arrays.sort(lex, LEXICOGRAPHIC);
      this.vertices = lex;
      if (r == 2) {
        double[][] poly = new double[vs.length][];
        for (int k = 0; k < vs.length; k++) {
          poly[k] = new double[] {h.y[2 * h.vertices[k]], h.y[2 * h.vertices[k] + 1]};
        }
        int start = 0;
        for (int k = 1; k < vs.length; k++) {
          if (polarAngle(poly[k]) < polarAngle(poly[start])) {
            start = k;
          }
        }
        double[][] ccw = new double[vs.length][];
        double[][] spanCcw = new double[vs.length][];
        for (int k = 0; k < vs.length; k++) {
          ccw[k] = vs[(start + k) % vs.length];
          spanCcw[k] = poly[(start + k) % vs.length];
        }
        this.verticesCcw = ccw;
        this.spanPolygon = spanCcw;
      } else {
        this.verticesCcw = lex;
        this.spanPolygon = new double[0][];
      }
    }
    if (r == 3) {
      int m = points.length / d;
      int[] remap = new int[m];
      Arrays.fill(remap, -1);
      int count = 0;
      for (int idx : h.triangles) {
        if (remap[idx] < 0) {
          remap[idx] = count++;
        }
      }
      this.boundaryPoints = new double[count][];
      for (int i = 0; i < m; i++) {
        if (remap[i] >= 0) {
          boundaryPoints[remap[i]] = Arrays.copyOfRange(points, i * d, i * d + d);
        }
      }
      this.triangles = new int[h.triangles.length / 3][];
      for (int t = 0; t < triangles.length; t++) {
        triangles[t] = new int[] {remap[h.triangles[3 * t]], remap[h.triangles[3 * t + 1]],
          remap[h.triangles[3 * t + 2]]};
      }
    } else {
      this.boundaryPoints = new double[0][];
      this.triangles = new int[0][];
    }
  }

  private static final Comparator<double[]> LEXICOGRAPHIC = (a, b) -> {
    for (int k = 0; k < a.length; k++) {
      if (a[k] < b[k]) {
        return -1;
      }
      if (a[k] > b[k]) {
        return 1;
      }
    }
    return 0;
  };

  private static double polarAngle(double[] p) {
    double a = Math.atan2(p[1], p[0]);
    return a < 0 ? a + 2 * Math.PI : a;
  }

  /** {@link SensitivityHull#vertices()}. */
  double[][] vertices() {
    return deepCopy(vertices);
  }

  /** {@link SensitivityHull#verticesCounterClockwise()}. */
  double[][] verticesCounterClockwise() {
    return deepCopy(verticesCcw);
  }

  int vertexCount() {
    return vertices.length;
  }

  /** {@link SensitivityHull#spanPolygon()}. */
  double[][] spanPolygon() {
    return deepCopy(spanPolygon);
  }

  /** {@link SensitivityHull#boundaryPoints()}. */
  double[][] boundaryPoints() {
    return deepCopy(boundaryPoints);
  }

  /** {@link SensitivityHull#boundaryTriangles()}. */
  int[][] boundaryTriangles() {
    int[][] t = new int[triangles.length][];
    for (int k = 0; k < t.length; k++) {
      t[k] = triangles[k].clone();
    }
    return t;
  }

  private static double[][] deepCopy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int k = 0; k < a.length; k++) {
      c[k] = a[k].clone();
    }
    return c;
  }
}
