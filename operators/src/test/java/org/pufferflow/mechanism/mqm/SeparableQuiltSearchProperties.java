package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.function.LongToDoubleFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link SeparableQuiltSearch} (docs/mqm.md, 'Sliding windows: the per-time-point accountant'): on the approximate
 * influence model it finds the same minimum over quilts (a, b) as the pairwise search of every pair, up to the
 * rounding of its sums (which it rounds up), and the left side is absent when the quilt reaches the stream start.
 */
class SeparableQuiltSearchProperties {

  /** min over 1 ≤ a, b ≤ reach of Σ_{t−a+1}^{t+b−1} ρ + influence, every pair evaluated (a = NONE at a = t). */
  static double pairwise(QuiltInfluence m, int t, boolean streamStart, LongToDoubleFunction rho, int reach) {
    long lo = (long) t - reach;
    double[] prefix = new double[2 * reach + 2]; // prefix[x − lo + 1] = Σ_{lo..x} ρ
    for (long s = lo; s <= (long) t + reach; s++) {
      prefix[(int) (s - lo + 1)] = prefix[(int) (s - lo)] + rho.applyAsDouble(s);
    }
    double best = Double.POSITIVE_INFINITY;
    for (int a = 1; a <= reach; a++) {
      if (streamStart && a > t) {
        break;
      }
      for (int b = 1; b <= reach; b++) {
        double cost = prefix[(int) (t + b - 1 - lo + 1)] - prefix[(int) (t - a + 1 - lo)];
        int left = streamStart && a == t ? QuiltInfluence.NONE : a;
        best = Math.min(best, cost + m.worstCaseInfluence(left, b));
      }
    }
    return best;
  }

  static LongToDoubleFunction randomCoverage(long seed, int period, double scale) {
    Random r = new Random(seed);
    double[] w = new double[period];
    for (int i = 0; i < period; i++) {
      w[i] = scale * (1 + r.nextInt(4));
    }
    return s -> s < 1 ? 0 : w[(int) Math.floorMod(s, (long) period)];
  }

  @Property(tries = 60)
  void sameMinimumAsEveryPair(@ForAll @DoubleRange(min = 0.01, max = 0.5) double piMin,
      @ForAll @DoubleRange(min = 0.05, max = 1) double rate, @ForAll @IntRange(min = 1, max = 60) int t,
      @ForAll boolean streamStart, @ForAll @IntRange(min = 1, max = 7) int period, @ForAll long seed,
      @ForAll @DoubleRange(min = 0.01, max = 0.5) double scale) {
    ApproxInfluence m = ApproxInfluence.of(piMin, rate);
    LongToDoubleFunction rho = randomCoverage(seed, period, scale);
    double fast = SeparableQuiltSearch.minimum(m, t, streamStart, rho, 1 << 20);
    double all = pairwise(m, t, streamStart, rho, 1500);
    if (Double.isInfinite(all)) {
      assertThat(fast).isGreaterThanOrEqualTo(all);
      return;
    }
    assertThat(fast).isGreaterThanOrEqualTo(all * (1 - 1e-9));
    assertThat(fast).isLessThanOrEqualTo(all * (1 + 1e-9) + 1e-300);
  }

  @Test
  void aSlowlyMixingChainIsSearchedInLinearWork() {
    // the 50 × 50 lazy grid's certified bounds: optimal quilts thousands of ticks wide
    ApproxInfluence m = ApproxInfluence.of(2.04e-4, 8.12e-4 / 2);
    double v = SeparableQuiltSearch.minimum(m, 1 << 22, false, s -> 1e-4, 1 << 20);
    assertThat(v).isFinite().isPositive();
  }
}
