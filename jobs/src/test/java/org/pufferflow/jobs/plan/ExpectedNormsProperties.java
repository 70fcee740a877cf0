package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.pufferflow.geometry.SensitivityHull;

/** Invariants of the mean norm of a uniform point of a sensitivity hull (docs/cli.md, "plan --config"). */
class ExpectedNormsProperties {

  static SensitivityHull symmetric(int d, List<Double> coords, double scale) {
    int m = coords.size() / d;
    double[][] pts = new double[2 * m][d];
    for (int i = 0; i < m; i++) {
      for (int a = 0; a < d; a++) {
        pts[2 * i][a] = scale * coords.get(i * d + a);
        pts[2 * i + 1][a] = -scale * coords.get(i * d + a);
      }
    }
    return SensitivityHull.of(d, pts);
  }

  @Property(tries = 200)
  void meanNormLiesBetweenZeroAndTheRadiusAndScales(
      @ForAll @Size(min = 6, max = 18) List<@DoubleRange(min = -5, max = 5) Double> coords,
      @ForAll @DoubleRange(min = 0.1, max = 10) double scale) {
    for (int d = 2; d <= 3; d++) {
      SensitivityHull k = symmetric(d, coords.subList(0, coords.size() / d * d), 1);
      double mean = ExpectedNorms.meanNormInHull(k);
      assertThat(mean).isBetween(0.0, k.radius() * (1 + 1e-12));
      if (k.rank() == d) {
        // a uniform point of a full-dimensional K lies at least as far out on average as the inscribed-ball
        // bound allows: E|U| ≥ d/(d+1) · r_in, with r_in ≥ 1/max facet gauge
        double maxGauge = 0;
        for (double[] g : k.facetGauges()) {
          double n = 0;
          for (double x : g) {
            n += x * x;
          }
          maxGauge = Math.max(maxGauge, Math.sqrt(n));
        }
        assertThat(mean).isGreaterThanOrEqualTo(d / (d + 1.0) / maxGauge * (1 - 1e-9));
      }
      // equal up to the Simpson quadrature of the 3-D triangles (a rescaled hull may triangulate coplanar facets
      // differently)
      SensitivityHull scaled = symmetric(d, coords.subList(0, coords.size() / d * d), scale);
      assertThat(ExpectedNorms.meanNormInHull(scaled)).isCloseTo(scale * mean, within(1e-7 * (1 + scale * mean)));
    }
  }

  @Property(tries = 200)
  void segmentMeanIsAtMostTheMeanOfTheEndpointsAndAtLeastTheDistanceToTheLine(
      @ForAll @Size(6) List<@DoubleRange(min = -5, max = 5) Double> c) {
    double[] p = {c.get(0), c.get(1), c.get(2)};
    double[] q = {c.get(3), c.get(4), c.get(5)};
    double s = ExpectedNorms.segmentMeanNorm(p, q);
    double np = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    double nq = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
    // convexity of the norm: below the chord; and above the norm of the midpoint (Jensen)
    assertThat(s).isLessThanOrEqualTo((np + nq) / 2 * (1 + 1e-12) + 1e-12);
    double mx = (p[0] + q[0]) / 2;
    double my = (p[1] + q[1]) / 2;
    double mz = (p[2] + q[2]) / 2;
    assertThat(s).isGreaterThanOrEqualTo(Math.sqrt(mx * mx + my * my + mz * mz) * (1 - 1e-9) - 1e-12);
  }
}
