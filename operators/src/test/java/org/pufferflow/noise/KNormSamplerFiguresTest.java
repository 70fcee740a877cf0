package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/**
 * The sampler figures of docs/test-vectors.md, 'DPHMM' section (e): the K-norm mechanism z = f + R·U, R ~ Gamma(d+1, 1/ε),
 * U uniform in K, for K the unconstrained running-example hull (vertices CCW (3,0) (4,1) (−1,1) (−3,0) (−4,−1)
 * (1,−1), area 11), ε = 1, d = 2; n = 2·10^5 draws at a fixed key. Tolerances as the vector file suggests.
 */
class KNormSamplerFiguresTest {

  private static final int N = 200_000;
  private static final double EPSILON = 1;
  private static final int D = 2;
  private static final double[][] K = ShapeSamplerTest.HULL;

  @Test
  void secondMomentFormulaOfTheVectorFileGives472Over11() {
    // E[UU^T] = (1/Vol K) Σ_T Vol_T/((d+1)(d+2)) (Σ v v^T + (Σ v)(Σ v)^T) over origin-fan triangles (0, v_i, v_i+1)
    double[][] m = new double[2][2];
    double area = 0;
    for (int i = 0; i < K.length; i++) {
      double[] a = K[i];
      double[] b = K[(i + 1) % K.length];
      double vol = 0.5 * (a[0] * b[1] - a[1] * b[0]);
      area += vol;
      for (int p = 0; p < 2; p++) {
        for (int q = 0; q < 2; q++) {
          m[p][q] += vol / 12 * (a[p] * a[q] + b[p] * b[q] + (a[p] + b[p]) * (a[q] + b[q]));
        }
      }
    }
    assertThat(area).isEqualTo(11);
    assertThat(m[0][0] / area).isCloseTo(215.0 / 66, offset(1e-12));
    assertThat(m[0][1] / area).isCloseTo(21.0 / 44, offset(1e-12));
    assertThat(m[1][1] / area).isCloseTo(7.0 / 22, offset(1e-12));
    assertThat(12 * (m[0][0] + m[1][1]) / area).isCloseTo(472.0 / 11, offset(1e-12));
  }

  @Test
  void kNormMechanismMatchesTheAnalyticFigures() {
    ConvexPolygonSampler uniformInK = new ConvexPolygonSampler(K);
    KeyedRandom r = TestKeys.random("dphmm-vectors-e", "running-example", 1);
    double[] z = new double[2];
    double[] normK = new double[N];
    double[] sqL2 = new double[N];
    double sxx = 0;
    double sxy = 0;
    double syy = 0;
    for (int i = 0; i < N; i++) {
      KNormNoise.sample(r, uniformInK, EPSILON, z); // Z − f = R·U
      normK[i] = KNorm.of(K, z);
      sqL2[i] = z[0] * z[0] + z[1] * z[1];
      sxx += z[0] * z[0];
      sxy += z[0] * z[1];
      syy += z[1] * z[1];
    }
    // mean ||Z−f||_K = d/ε = 2, within 5·sqrt(2/n)
    assertThat(Math.abs(mean(normK) - D / EPSILON)).isLessThan(5 * Math.sqrt(2.0 / N));
    // E||Z−f||_2^2 = 472/11, within 5·85.4/sqrt(n)
    assertThat(Math.abs(mean(sqL2) - 472.0 / 11)).isLessThan(5 * 85.4 / Math.sqrt(N));
    // ||Z−f||_K ~ Gamma(d, 1/ε)
    Stats.assertKs(normK, v -> Stats.erlangCdf(D, v * EPSILON));
    // Cov(Z) = [[430/11, 63/11], [63/11, 42/11]] (mean 0 by symmetry): within 3 %
    assertThat(sxx / N).isCloseTo(430.0 / 11, offset(0.03 * 430 / 11));
    assertThat(sxy / N).isCloseTo(63.0 / 11, offset(0.03 * 430 / 11));
    assertThat(syy / N).isCloseTo(42.0 / 11, offset(0.03 * 42 / 11));
  }

  @Test
  void uniformInKHasNormCdfUSquared() {
    ConvexPolygonSampler uniformInK = new ConvexPolygonSampler(K);
    KeyedRandom r = TestKeys.random("dphmm-vectors-e", "uniform-in-K", 1);
    double[] u = new double[2];
    double[] normKofU = new double[N];
    for (int i = 0; i < N; i++) {
      uniformInK.sample(r, u);
      normKofU[i] = KNorm.of(K, u);
    }
    Stats.assertKs(normKofU, v -> Math.pow(Math.max(0, Math.min(1, v)), D));
    assertThat(mean(normKofU)).isCloseTo(2.0 / 3, offset(5 * Math.sqrt(1.0 / 18 / N)));
  }

  @Test
  void laplaceMechanismWithL1SensitivityFive() {
    double scale = 5 / EPSILON;
    KeyedRandom r = TestKeys.random("dphmm-vectors-e", "laplace", 1);
    double[] l1 = new double[N];
    double[] sqL2 = new double[N];
    for (int i = 0; i < N; i++) {
      double x = LaplaceNoise.sample(r, scale);
      double y = LaplaceNoise.sample(r, scale);
      l1[i] = Math.abs(x) + Math.abs(y);
      sqL2[i] = x * x + y * y;
    }
    Stats.assertMean(l1, 10, Math.sqrt(2) * 5); // each |x| ~ Exp(mean 5)
    Stats.assertMean(sqL2, 100, Math.sqrt(25_000));
  }

  @Test
  void rankOneHullHasMeanNormOne() {
    // Ex 5.2: K = [−p, p] in its span; R ~ Gamma(2, 1/ε); ||Z−f||_K = R·|t| ~ Gamma(1, 1/ε)
    double[] p = {1, -1};
    SegmentSampler uniformInK = new SegmentSampler(new double[] {-p[0], -p[1]}, p);
    KeyedRandom r = TestKeys.random("dphmm-vectors-e", "rank-1", 1);
    double[] z = new double[2];
    double[] normK = new double[N];
    for (int i = 0; i < N; i++) {
      KNormNoise.sample(r, uniformInK, EPSILON, z); // rank 1: R ~ Gamma(2, 1/ε)
      assertThat(z[1]).isEqualTo(-z[0]); // stays in span(p)
      normK[i] = Math.abs(z[0] / p[0]);
    }
    Stats.assertMean(normK, 1, 1);
    Stats.assertKs(normK, v -> Stats.erlangCdf(1, v * EPSILON));
  }

  @Test
  void kNormNoiseRejectsABadEpsilon() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> KNormNoise.sample(new ScriptedStream(), new ConvexPolygonSampler(K), 0, new double[2]))
        .hasMessage("epsilon = 0.0: must be finite and > 0");
  }

  private static double mean(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s / x.length;
  }
}
