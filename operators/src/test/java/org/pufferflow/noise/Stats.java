package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/**
 * Goodness-of-fit helpers for the sampler tests. The draws come from fixed keys, so each test is deterministic; the
 * thresholds are those of a test at level 10^-3, so a correct sampler fails for about one key in a thousand and a
 * wrong one fails reliably at n = 10^5.
 */
final class Stats {

  /** √n·D of a one-sample Kolmogorov–Smirnov test at level 10^-3 (asymptotic; Kolmogorov distribution). */
  static final double KS_CRITICAL = 1.9495;
  /** Standard normal quantile at 1 − 10^-3/2. */
  static final double Z_CRITICAL = 3.29;

  private Stats() {}

  /** Kolmogorov–Smirnov statistic √n·sup|F_n − F| of {@code sample} against a continuous CDF. */
  static double ksStatistic(double[] sample, DoubleUnaryOperator cdf) {
    double[] x = sample.clone();
    Arrays.sort(x);
    int n = x.length;
    double d = 0;
    for (int i = 0; i < n; i++) {
      double f = cdf.applyAsDouble(x[i]);
      d = Math.max(d, Math.max(f - (double) i / n, (double) (i + 1) / n - f));
    }
    return Math.sqrt(n) * d;
  }

  static void assertKs(double[] sample, DoubleUnaryOperator cdf) {
    assertThat(ksStatistic(sample, cdf)).as("KS statistic sqrt(n)*D").isLessThan(KS_CRITICAL);
  }

  /** Pearson chi-square of observed counts against expected probabilities (which sum to 1). */
  static double chiSquare(long[] observed, double[] expected) {
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    double chi = 0;
    for (int i = 0; i < observed.length; i++) {
      double e = expected[i] * n;
      chi += (observed[i] - e) * (observed[i] - e) / e;
    }
    return chi;
  }

  /** Upper 10^-3 quantile of chi-square with {@code df} degrees of freedom (Wilson–Hilferty). */
  static double chiSquareCritical(int df) {
    double z = 3.09;
    double a = 2.0 / (9.0 * df);
    return df * Math.pow(1 - a + z * Math.sqrt(a), 3);
  }

  static void assertChiSquare(long[] observed, double[] expected) {
    assertThat(chiSquare(observed, expected))
        .as("chi-square with %d degrees of freedom", observed.length - 1)
        .isLessThan(chiSquareCritical(observed.length - 1));
  }

  /** |mean − expected| within {@link #Z_CRITICAL} standard errors, given the per-draw standard deviation. */
  static void assertMean(double[] sample, double expected, double sd) {
    double mean = Arrays.stream(sample).sum() / sample.length;
    assertThat(Math.abs(mean - expected))
        .as("mean %s vs %s", mean, expected)
        .isLessThan(Z_CRITICAL * sd / Math.sqrt(sample.length));
  }

  /** CDF of Gamma(k, 1) for integer k (Erlang): 1 − e^{−x} Σ_{i<k} x^i / i!. */
  static double erlangCdf(int k, double x) {
    if (x <= 0) {
      return 0;
    }
    double term = 1;
    double sum = 1;
    for (int i = 1; i < k; i++) {
      term *= x / i;
      sum += term;
    }
    return 1 - Math.exp(-x) * sum;
  }

  /** CDF of the continuous Laplace distribution with the given scale. */
  static double laplaceCdf(double scale, double x) {
    return x < 0 ? 0.5 * Math.exp(x / scale) : 1 - 0.5 * Math.exp(-x / scale);
  }
}
