package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Goodness of fit of every scalar sampler at fixed keys, 10^5 draws or more. */
class SamplerDistributionTest {

  private static final int N = 100_000;

  private static KeyedRandom random(String test, long sequence) {
    return TestKeys.random("distribution-test", test, sequence);
  }

  @Test
  void uniformDoublesFitTheUniformCdf() {
    KeyedRandom r = random("uniform", 1);
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = r.nextDouble();
    }
    Stats.assertKs(x, u -> Math.min(1, Math.max(0, u)));
  }

  @Test
  void uniformDoublesUseTheFull53Bits() {
    KeyedRandom r = random("uniform-bits", 1);
    long orBits = 0;
    for (int i = 0; i < 1000; i++) {
      orBits |= (long) (r.nextDouble() * 0x1.0p53);
    }
    assertThat(orBits).isEqualTo((1L << 53) - 1);
  }

  @ParameterizedTest
  @ValueSource(longs = {2, 7, 1000, 1L << 40, 6148914691236517206L /* ≈ 2^63/1.5: modulo bias would be 2:1 */})
  void boundedLongsAreUniformWithoutModuloBias(long bound) {
    KeyedRandom r = random("bounded-" + bound, 1);
    int bins = (int) Math.min(bound, 10);
    long[] counts = new long[bins];
    double[] expected = new double[bins];
    for (int i = 0; i < N; i++) {
      long v = r.nextLong(bound);
      assertThat(v).isBetween(0L, bound - 1);
      // bin by the rank of v in [0, bound): exact for small bounds, a fine grid for large ones
      counts[(int) Math.min(bins - 1, (long) ((double) v / bound * bins))]++;
    }
    for (int b = 0; b < bins; b++) {
      expected[b] = 1.0 / bins;
    }
    Stats.assertChiSquare(counts, expected); // large bounds: 10 bins of width bound/10 (up to rounding)
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 0.3, 0.01, 0.999, 1.0 / 3})
  void bernoulliHasProbabilityQ(double q) {
    KeyedRandom r = random("bernoulli-" + q, 1);
    long hits = 0;
    for (int i = 0; i < N; i++) {
      if (Bernoulli.sample(r, q)) {
        hits++;
      }
    }
    Stats.assertChiSquare(new long[] {hits, N - hits}, new double[] {q, 1 - q});
  }

  @Test
  void rationalBernoulliHasProbabilityNOverD() {
    KeyedRandom r = random("bernoulli-rational", 1);
    long hits = 0;
    for (int i = 0; i < N; i++) {
      if (Bernoulli.sample(r, 3, 7)) {
        hits++;
      }
    }
    Stats.assertChiSquare(new long[] {hits, N - hits}, new double[] {3.0 / 7, 4.0 / 7});
  }

  @Test
  void bernoulliOfExpMinusGammaHasProbabilityExpMinusGamma() {
    KeyedRandom r = random("bernoulli-exp", 1);
    long[] nd = {0, 1, 1, 1, 3, 7, 7, 7};
    for (int c = 0; c < nd.length; c += 2) {
      long hits = 0;
      for (int i = 0; i < N; i++) {
        if (DiscreteLaplace.bernoulliExpMinus(r, nd[c], nd[c + 1])) {
          hits++;
        }
      }
      double p = Math.exp(-(double) nd[c] / nd[c + 1]);
      if (p == 1) {
        assertThat(hits).isEqualTo(N);
      } else {
        Stats.assertChiSquare(new long[] {hits, N - hits}, new double[] {p, 1 - p});
      }
    }
  }

  @ParameterizedTest
  @ValueSource(doubles = {1.0, 0.25, 7.5})
  void exponentialFitsItsCdf(double scale) {
    KeyedRandom r = random("exponential-" + scale, 1);
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = Exponential.sample(r, scale);
    }
    Stats.assertKs(x, v -> v <= 0 ? 0 : 1 - Math.exp(-v / scale));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 7})
  void gammaFitsTheErlangCdf(int shape) {
    double scale = 0.5;
    KeyedRandom r = random("gamma-" + shape, 1);
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = GammaSampler.sample(r, shape, scale);
    }
    Stats.assertKs(x, v -> Stats.erlangCdf(shape, v / scale));
  }

  @Test
  void gammaWithAVeryLargeShapeDoesNotUnderflow() {
    int shape = 5000; // the product of 5000 uniforms is ~e^-5000, far below Double.MIN_VALUE
    KeyedRandom r = random("gamma-large", 1);
    double[] x = new double[2000];
    for (int i = 0; i < x.length; i++) {
      x[i] = GammaSampler.sample(r, shape, 1.0);
      assertThat(x[i]).isFinite().isPositive();
    }
    Stats.assertMean(x, shape, Math.sqrt(shape));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.3, 1.0, 2.5, 0.1, 13.7})
  void discreteLaplaceFitsItsPmf(double scale) {
    KeyedRandom r = random("dlap-" + scale, 1);
    int half = (int) Math.ceil(6 * scale) + 1; // bins -half..half, tails pooled into the end bins
    long[] counts = new long[2 * half + 1];
    for (int i = 0; i < N; i++) {
      long v = DiscreteLaplace.sample(r, scale);
      counts[(int) Math.max(-half, Math.min(half, v)) + half]++;
    }
    double a = Math.exp(-1 / scale);
    double norm = (1 - a) / (1 + a);
    double[] expected = new double[counts.length];
    for (int x = -half; x <= half; x++) {
      double p = norm * Math.pow(a, Math.abs(x));
      if (Math.abs(x) == half) {
        p = norm * Math.pow(a, half) / (1 - a); // P(X >= half) = P(X <= -half)
      }
      expected[x + half] = p;
    }
    // pool bins with expected count < 5 into their neighbours toward the centre
    Stats.assertChiSquare(pool(counts, expected, 5.0 / N), poolExpected(expected, 5.0 / N));
  }

  @Test
  void discreteLaplaceWithALargeScaleHasTheRightSpread() {
    double scale = 1e6 + 0.5;
    KeyedRandom r = random("dlap-large", 1);
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = DiscreteLaplace.sample(r, scale);
    }
    // the discrete Laplace of a large scale is the continuous one up to a shift of at most 1 in the CDF
    Stats.assertKs(x, v -> Stats.laplaceCdf(scale, Math.floor(v) + 0.5));
  }

  @Test
  void discreteLaplaceOfATinyScaleIsAlmostAlwaysZero() {
    KeyedRandom r = random("dlap-tiny", 1);
    for (int i = 0; i < 10_000; i++) {
      assertThat(DiscreteLaplace.sample(r, 0x1.0p-30)).isZero();
    }
  }

  @ParameterizedTest
  @ValueSource(doubles = {1.0, 2.5, 1e-3})
  void laplaceNoiseFitsTheLaplaceCdfOnItsGrid(double scale) {
    KeyedRandom r = random("laplace-" + scale, 1);
    double g = LaplaceNoise.granularity(scale);
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = LaplaceNoise.sample(r, scale);
      assertThat(x[i] / g).isEqualTo(Math.rint(x[i] / g));
    }
    Stats.assertKs(x, v -> Stats.laplaceCdf(scale, v));
  }

  private static long[] pool(long[] counts, double[] expected, double min) {
    int lo = 0;
    int hi = counts.length - 1;
    while (lo < hi && expected[lo] < min) {
      lo++;
    }
    while (hi > lo && expected[hi] < min) {
      hi--;
    }
    long[] out = new long[hi - lo + 1];
    for (int i = 0; i < counts.length; i++) {
      out[Math.max(0, Math.min(out.length - 1, i - lo))] += counts[i];
    }
    return out;
  }

  private static double[] poolExpected(double[] expected, double min) {
    int lo = 0;
    int hi = expected.length - 1;
    while (lo < hi && expected[lo] < min) {
      lo++;
    }
    while (hi > lo && expected[hi] < min) {
      hi--;
    }
    double[] out = new double[hi - lo + 1];
    for (int i = 0; i < expected.length; i++) {
      out[Math.max(0, Math.min(out.length - 1, i - lo))] += expected[i];
    }
    return out;
  }
}
