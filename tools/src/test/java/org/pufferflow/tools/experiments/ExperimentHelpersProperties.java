package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** Invariants of the experiments' small helpers (docs/experiments.md). */
class ExperimentHelpersProperties {

  /** A CSV number reads back as the same double (the determinism and the tests rely on it). */
  @Property
  void csvNumbersRoundTrip(@ForAll double d) {
    String s = Table.number(d);
    if (Double.isNaN(d)) {
      assertEquals("", s);
    } else if (Double.isInfinite(d)) {
      assertEquals(d > 0 ? "inf" : "-inf", s);
    } else {
      assertEquals(d, Double.parseDouble(s), 0.0);
      assertTrue(s.indexOf(',') < 0);
    }
  }

  /** The closed-form count of full windows containing t equals a direct count over window ends. */
  @Property
  void windowsCoveringMatchesDirectCount(@ForAll @IntRange(min = 1, max = 400) int t,
      @ForAll @IntRange(min = 1, max = 60) int w, @ForAll @IntRange(min = 1, max = 60) int s) {
    int direct = 0;
    for (long e = w; e <= t + w; e += s) {
      if (e - w + 1 <= t && t <= e) {
        direct++;
      }
    }
    assertEquals(direct, CompositionExperiment.windowsCovering(t, w, s));
    if (s <= w && t >= w) {
      // far from the stream start a point lies in ⌊W/S⌋ or ⌈W/S⌉ windows
      int c = CompositionExperiment.windowsCovering(t, w, s);
      assertTrue(c == w / s || c == (w + s - 1) / s, "t=" + t + " w=" + w + " s=" + s + " c=" + c);
    }
  }

  /** E|DLap(β)| = 1/sinh(1/β) lies below β (the continuous mean) and approaches it as β grows. */
  @Property
  void discreteLaplaceMeanBelowScale(@ForAll @DoubleRange(min = 0.05, max = 1e6) double beta) {
    double mean = MqmThetaGridExperiment.expectedDiscreteL1(beta, 1, 1);
    assertTrue(mean <= beta * (1 + 1e-12), beta + " " + mean);
    if (beta >= 10) {
      assertEquals(beta, mean, 1.0 / (6 * beta) + 1e-9 * beta);
    }
  }
}
