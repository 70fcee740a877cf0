package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.policy.PolicyGraph;

/**
 * Gaps are {@code long} on the DPHMM path and their cost is bounded (docs/dphmm.md, "Gaps"): a release after a
 * 10^9-tick gap on an ergodic chain sees the stationary prior, so its posterior equals that of a first release whose
 * p0 is the stationary distribution, within the gap tolerance.
 */
class LongGapReleaseTest {

  @Test
  void releaseAfterABillionTicksUsesTheStationaryPrior() {
    double[][] m = {{0.5, 0.3, 0.2}, {0.1, 0.6, 0.3}, {0.25, 0.25, 0.5}};
    double[][] f = {{0, 0}, {1, 0}, {0, 1}};
    DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(m))
        .stationaryInitial().query(f).completeGraph().epsilon(1).build());
    double[] z = {0.4, 0.3};
    DphmmRelease out = rel.newResult();
    double[] afterGap = {1, 0, 0}; // the previous posterior: one-hot on state 0
    rel.observe(afterGap, 3_000_000_000L, z, out);
    double[] first = rel.newPosterior();
    rel.observe(first, DphmmReleaser.FIRST_RELEASE, z, out);
    for (int i = 0; i < 3; i++) {
      assertThat(Math.abs(afterGap[i] - first[i])).isLessThanOrEqualTo(1e-11);
    }
  }
}
