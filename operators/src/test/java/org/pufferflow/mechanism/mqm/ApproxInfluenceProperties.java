package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;

/**
 * The memoised δ(d) of {@link ApproxInfluence} equals the Lemma 2.3 formula at every offset, including both sides
 * of the validity threshold e^{−r d} &lt; π_min and offsets beyond the memo (docs/mqm.md, "σ_max").
 */
class ApproxInfluenceProperties {

  static double reference(double piMin, double rate, int d) {
    double t = Math.exp(-rate * d);
    if (!(t < piMin)) {
      return Double.POSITIVE_INFINITY;
    }
    double x = t / piMin;
    return 2.0 * 0.5 * (Math.log1p(x) - Math.log1p(-x));
  }

  @Property(tries = 300)
  void memoisedDeltaEqualsTheFormula(
      @ForAll @DoubleRange(min = 1e-4, max = 0.5) @Scale(8) double piMin,
      @ForAll @DoubleRange(min = 1e-3, max = 1) @Scale(8) double rate,
      @ForAll @IntRange(min = 1, max = 6000) int d) {
    ApproxInfluence m = ApproxInfluence.of(piMin, rate);
    // the threshold itself, its neighbours, then d twice (first read computes, second reads the memo)
    int threshold = (int) Math.ceil(Math.log(1 / piMin) / rate);
    for (int x : new int[] {Math.max(1, threshold - 1), threshold, threshold + 1, d, d}) {
      assertThat(m.delta(x)).as("d = %d", x).isEqualTo(reference(piMin, rate, x));
    }
    assertThat(m.worstCaseInfluence(d, d)).isEqualTo(2 * reference(piMin, rate, d) + reference(piMin, rate, d));
  }
}
