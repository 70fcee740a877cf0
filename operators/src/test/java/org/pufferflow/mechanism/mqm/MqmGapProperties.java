package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * docs/mqm.md, "Windows over gaps": windows count observed ticks, noise calibrated for W, and the per-time-point
 * loss of every event-time tick (observed or not) never exceeds the gap-free bound, for any pattern of gaps.
 */
class MqmGapProperties {

  private static final double TOL = 1e-9;

  static boolean[] pattern(long seed, int n, double missing) {
    Random r = new Random(seed);
    boolean[] observed = new boolean[n];
    for (int s = 0; s < n; s++) {
      // runs of missing ticks of random length
      observed[s] = r.nextDouble() >= missing;
      if (!observed[s] && r.nextBoolean()) {
        int run = r.nextInt(8);
        for (int j = 1; j <= run && s + 1 < n; j++) {
          observed[++s] = false;
        }
      }
    }
    return observed;
  }

  static MqmMode mode(int m) {
    return MqmMode.values()[m];
  }

  static double[][] chain(int k, long seed, MqmMode mode) {
    return mode == MqmMode.APPROX_REVERSIBLE ? MqmPropertiesTest.randomReversibleChain(k, seed)
        : MqmPropertiesTest.randomChain(k, seed);
  }

  /** The design rule keeps ε* at every tick whatever the gaps (partial windows at the same scale). */
  @Property(tries = 80)
  void designRuleHoldsAfterAnyGaps(
      @ForAll @IntRange(min = 2, max = 3) int k, @ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int m,
      @ForAll @IntRange(min = 1, max = 14) int w, @ForAll @IntRange(min = 1, max = 14) int slide,
      @ForAll @DoubleRange(min = 0.5, max = 3) double target, @ForAll @DoubleRange(min = 0, max = 0.8) double missing,
      @ForAll boolean partial) {
    int s = 1 + (slide - 1) % w;
    MqmMode mode = mode(m);
    MqmCalibration c = MqmCalibration.builder().chainClass(FiniteChainClass.of(chain(k, seed, mode))).mode(mode)
        .epsilon(target).windowLength(w).build();
    Assume.that(Double.isFinite(c.sStar()));
    SlidingWindowAccountant acc = MqmWindowPlan.perTimePoint(c, s, partial).accountant();
    boolean[] observed = pattern(seed, 60, missing);
    for (long t = 1; t <= 60 + w; t++) {
      assertThat(acc.epsilonAt(t, observed)).as("t = %d", t).isLessThanOrEqualTo(target + TOL);
    }
  }

  /**
   * Per-release windows: with gaps, the loss at any event-time tick t is at most the gap-free loss of some position
   * t' ≤ t (its rank, or the next observed rank): gaps never cost more than the gap-free stream.
   */
  @Property(tries = 80)
  void gapsNeverCostMoreThanTheGapFreeStream(
      @ForAll @IntRange(min = 2, max = 3) int k, @ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int m,
      @ForAll @IntRange(min = 1, max = 14) int w, @ForAll @IntRange(min = 1, max = 14) int slide,
      @ForAll @DoubleRange(min = 0.3, max = 3) double eps, @ForAll @DoubleRange(min = 0, max = 0.8) double missing,
      @ForAll boolean partial) {
    int s = 1 + (slide - 1) % w;
    MqmMode mode = mode(m);
    MqmCalibration c = MqmCalibration.builder().chainClass(FiniteChainClass.of(chain(k, seed, mode))).mode(mode)
        .epsilon(eps).windowLength(w).build();
    SlidingWindowAccountant acc = MqmWindowPlan.perRelease(c, s, partial).accountant();
    boolean[] observed = pattern(seed ^ 0x5DEECE66DL, 50, missing);
    double prefixMax = 0;
    for (long t = 1; t <= 50 + w; t++) {
      prefixMax = Math.max(prefixMax, acc.epsilonAt(t));
      assertThat(acc.epsilonAt(t, observed)).as("t = %d", t).isLessThanOrEqualTo(prefixMax + TOL);
    }
  }
}
