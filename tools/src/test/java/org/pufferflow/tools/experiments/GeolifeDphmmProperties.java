package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** Invariants of the true-sequence sampler of the DPHMM experiments (docs/experiments.md, 'DPHMM on GeoLife'). */
class GeolifeDphmmProperties {

  /** draw returns a state of positive probability, and u below the first cumulative mass picks the first one. */
  @Property
  void drawPicksAPositiveState(@ForAll @IntRange(min = 1, max = 12) int n,
      @ForAll @IntRange(min = 0, max = 11) int zero,
      @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double u) {
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      p[i] = i == zero % n && n > 1 ? 0 : 1.0 / (i + 1);
    }
    double sum = 0;
    for (double v : p) {
      sum += v;
    }
    for (int i = 0; i < n; i++) {
      p[i] /= sum;
    }
    int j = GeolifeDphmm.draw(p, u);
    assertTrue(p[j] > 0);
    double below = 0;
    for (int i = 0; i < j; i++) {
      below += p[i];
    }
    assertTrue(below <= u + 1e-12, "u " + u + " below " + below);
  }
}
