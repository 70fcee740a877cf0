package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.pufferflow.geometry.SensitivityHull;

/**
 * Expected noise sizes of docs/cli.md, "plan --config", against closed forms and independent quadratures: the mean
 * distance from the centre of a square and of a cube, a segment, a Laplace vector, a discrete Laplace draw.
 */
class ExpectedNormsTest {

  static final double SQRT2 = Math.sqrt(2);

  static SensitivityHull square() {
    return SensitivityHull.of(2, new double[][] {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
  }

  @Test
  void segmentIsHalfItsRadius() {
    SensitivityHull k = SensitivityHull.of(2, new double[][] {{3, 4}, {-3, -4}});
    assertThat(k.rank()).isEqualTo(1);
    assertThat(ExpectedNorms.meanNormInHull(k)).isEqualTo(2.5);
    // K-norm on a segment is Laplace with scale |p|/ε along it: E|X| = |p|/ε
    assertThat(ExpectedNorms.knormL2(k, 2)).isCloseTo(2.5, within(1e-15));
    assertThat(ExpectedNorms.knormGauge(k, 2)).isEqualTo(1.0);
  }

  @Test
  void squareMatchesTheMeanDistanceFromItsCentre() {
    // E|U| for U uniform in [-1,1]^2 = (√2 + ln(1 + √2)) / 3
    double exact = (SQRT2 + Math.log(1 + SQRT2)) / 3;
    assertThat(ExpectedNorms.meanNormInHull(square())).isCloseTo(exact, within(1e-12));
    assertThat(ExpectedNorms.knormL2(square(), 0.5)).isCloseTo(3 / 0.5 * exact, within(1e-11));
    assertThat(ExpectedNorms.knormGauge(square(), 0.5)).isEqualTo(6.0);
  }

  @Test
  void cubeMatchesTheMeanDistanceFromItsCentre() {
    double[][] pts = new double[8][];
    for (int m = 0; m < 8; m++) {
      pts[m] = new double[] {(m & 1) == 0 ? -1 : 1, (m & 2) == 0 ? -1 : 1, (m & 4) == 0 ? -1 : 1};
    }
    SensitivityHull cube = SensitivityHull.of(3, pts);
    // mean distance of a uniform point of the unit cube from its centre is 0.4802959782; [-1,1]^3 doubles it
    assertThat(ExpectedNorms.meanNormInHull(cube)).isCloseTo(2 * 0.4802959782, within(1e-8));
  }

  @Test
  void flatPolygonInThreeDimensionsEqualsThePlanarOne() {
    // the square rotated into the plane x + y + z = 0 (rank 2 in d = 3): same distances, same mean
    double[] u = {1 / SQRT2, -1 / SQRT2, 0};
    double[] v = {1 / Math.sqrt(6), 1 / Math.sqrt(6), -2 / Math.sqrt(6)};
    double[][] pts = new double[4][3];
    double[][] sq = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int i = 0; i < 4; i++) {
      for (int a = 0; a < 3; a++) {
        pts[i][a] = sq[i][0] * u[a] + sq[i][1] * v[a];
      }
    }
    SensitivityHull k = SensitivityHull.of(3, pts);
    assertThat(k.rank()).isEqualTo(2);
    assertThat(ExpectedNorms.meanNormInHull(k))
        .isCloseTo(ExpectedNorms.meanNormInHull(square()), within(1e-12));
  }

  @Test
  void laplaceVectorsMatchIndependentQuadrature() {
    assertThat(ExpectedNorms.laplaceL2(1, 3)).isEqualTo(3.0);
    assertThat(ExpectedNorms.laplaceL2(2, 1)).isCloseTo(exponentialNorm(2), within(5e-4));
    assertThat(ExpectedNorms.laplaceL2(3, 1)).isCloseTo(exponentialNorm(3), within(5e-4));
    assertThat(ExpectedNorms.laplaceL2(3, 2.5)).isCloseTo(2.5 * ExpectedNorms.laplaceL2(3, 1), within(1e-12));
    // Jensen: E|X| <= sqrt(E|X|^2) = sqrt(2d) b
    assertThat(ExpectedNorms.laplaceL2(3, 1)).isLessThan(Math.sqrt(6));
  }

  /**
   * E‖(E₁, …, E_d)‖₂ for i.i.d. Exp(1), by the weighted midpoint rule after x = −2 ln v (density 2v on (0, 1)),
   * independent of the sphere form used by the code.
   */
  static double exponentialNorm(int d) {
    int m = d == 2 ? 1000 : 150;
    double[] x = new double[m];
    double[] w = new double[m];
    for (int i = 0; i < m; i++) {
      double v = (i + 0.5) / m;
      x[i] = -2 * Math.log(v);
      w[i] = 2 * v / m;
    }
    double sum = 0;
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        if (d == 2) {
          sum += w[i] * w[j] * Math.sqrt(x[i] * x[i] + x[j] * x[j]);
        } else {
          for (int k = 0; k < m; k++) {
            sum += w[i] * w[j] * w[k] * Math.sqrt(x[i] * x[i] + x[j] * x[j] + x[k] * x[k]);
          }
        }
      }
    }
    return sum;
  }

  @Test
  void discreteLaplaceMeanAbsMatchesItsSeries() {
    for (double beta : new double[] {0.3, 1, 2.5, 54.78}) {
      double p = Math.exp(-1 / beta);
      double norm = (1 - p) / (1 + p);
      double sum = 0;
      for (int x = 1; x < 100_000; x++) {
        sum += 2 * x * norm * Math.pow(p, x);
      }
      assertThat(ExpectedNorms.discreteLaplaceMeanAbs(beta)).isCloseTo(sum, within(1e-9 * Math.max(1, sum)));
      // never above the continuous Laplace's E|X| = β
      assertThat(ExpectedNorms.discreteLaplaceMeanAbs(beta)).isLessThanOrEqualTo(beta);
    }
  }

  @Test
  void segmentThroughTheOriginUsesAbsoluteValues() {
    // from (−1, 0) to (3, 0): ∫|−1 + 4v| dv = (1 + 9) / 8
    assertThat(ExpectedNorms.segmentMeanNorm(new double[] {-1, 0}, new double[] {3, 0})).isCloseTo(1.25,
        within(1e-15));
    assertThat(ExpectedNorms.segmentMeanNorm(new double[] {1, 0}, new double[] {3, 0})).isCloseTo(2, within(1e-15));
  }
}
