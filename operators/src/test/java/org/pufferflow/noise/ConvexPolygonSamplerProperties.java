package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;

/** For random convex polygons (hulls of random points): the sampler accepts them and every point lies inside. */
class ConvexPolygonSamplerProperties {

  @Property(tries = 200)
  void pointsLieInsideAndTheAreaIsTheShoelaceArea(
      @ForAll @Size(min = 6, max = 40) List<@DoubleRange(min = -100, max = 100) Double> coordinates,
      @ForAll long sequence) {
    double[][] hull = convexHull(coordinates);
    double area = shoelace(hull);
    if (hull.length < 3 || area < 1e-6) {
      return; // degenerate input: covered by the rejection tests
    }
    ConvexPolygonSampler sampler = new ConvexPolygonSampler(hull);
    assertThat(sampler.area()).isCloseTo(area, org.assertj.core.data.Offset.offset(1e-9 * Math.max(1, area)));
    KeyedRandom r = TestKeys.random("polygon-property", "hull", sequence);
    double[] p = new double[2];
    for (int i = 0; i < 200; i++) {
      sampler.sample(r, p);
      for (int k = 0; k < hull.length; k++) {
        double[] a = hull[k];
        double[] b = hull[(k + 1) % hull.length];
        double cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
        assertThat(cross).isGreaterThanOrEqualTo(-1e-9 * 200 * 200); // left of every CCW edge
      }
    }
  }

  /** Andrew's monotone chain; CCW without collinear points. */
  static double[][] convexHull(List<Double> coordinates) {
    int n = coordinates.size() / 2;
    double[][] pts = new double[n][];
    for (int i = 0; i < n; i++) {
      pts[i] = new double[] {coordinates.get(2 * i), coordinates.get(2 * i + 1)};
    }
    Arrays.sort(pts, Comparator.<double[]>comparingDouble(q -> q[0]).thenComparingDouble(q -> q[1]));
    List<double[]> hull = new ArrayList<>();
    for (int pass = 0; pass < 2; pass++) {
      int start = hull.size();
      for (int j = 0; j < n; j++) {
        double[] q = pts[pass == 0 ? j : n - 1 - j];
        while (hull.size() >= start + 2 && cross(hull.get(hull.size() - 2), hull.get(hull.size() - 1), q) <= 0) {
          hull.remove(hull.size() - 1);
        }
        hull.add(q);
      }
      hull.remove(hull.size() - 1);
    }
    return hull.toArray(new double[0][]);
  }

  private static double cross(double[] o, double[] a, double[] b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  }

  private static double shoelace(double[][] poly) {
    double twice = 0;
    for (int i = 0; i < poly.length; i++) {
      double[] p = poly[i];
      double[] q = poly[(i + 1) % poly.length];
      twice += p[0] * q[1] - p[1] * q[0];
    }
    return twice / 2;
  }
}
