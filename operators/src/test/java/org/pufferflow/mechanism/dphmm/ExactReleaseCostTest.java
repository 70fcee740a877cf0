package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;

/**
 * A release that is exact although |C| ≥ 2 (docs/dphmm.md, "What a release does", steps 8–10): every edge of G_t
 * joins states with equal f, so K_t = {0} and S_f = 0 and both noises release f(s′) unchanged. The release then
 * reveals which value of f(C) holds: the constrained-DP cost is +∞ (f(C) has two points) and the posterior is the
 * Bayes update, the prior restricted to the states with that f, renormalised. Before the fix, Laplace reported cost 0
 * and left the posterior at the prior.
 */
class ExactReleaseCostTest {

  @ParameterizedTest
  @EnumSource(DphmmNoise.class)
  void exactReleaseOfOneOfTwoValuesCostsInfinityAndUpdatesThePosterior(DphmmNoise noise) {
    double[][] f = {{0}, {0}, {5}, {5}};
    double[][] m = new double[4][4];
    for (double[] row : m) {
      java.util.Arrays.fill(row, 0.25);
    }
    DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(m))
        .initial(new double[] {0.25, 0.25, 0.25, 0.25}).query(f)
        .policyGraph(PolicyGraph.edges(4, new int[][] {{0, 1}, {2, 3}})).fullSpan(false).noise(noise).epsilon(1)
        .build());
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    rel.release(post, DphmmReleaser.FIRST_RELEASE, 2, new KeyedRandom(NoiseKey.of(new byte[32])).reset("x", "s", 0),
        out);
    assertThat(out.z()).containsExactly(5.0);
    assertThat(out.constraintSize()).isEqualTo(4);
    assertThat(out.dphmmEpsilon()).isEqualTo(1.0);
    assertThat(out.constrainedDpEpsilon()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(post).containsExactly(0, 0, 0.5, 0.5);
  }

  @ParameterizedTest
  @EnumSource(DphmmNoise.class)
  void exactReleaseOfASingleValueCostsNothingBeyondC(DphmmNoise noise) {
    double[][] f = {{3}, {3}, {3}};
    double[][] m = {{0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.5, 0, 0.5}};
    DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(m))
        .initial(new double[] {0.5, 0.25, 0.25}).query(f).policyGraph(PolicyGraph.edges(3, new int[][] {{0, 1}}))
        .noise(noise).epsilon(1).build());
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    rel.release(post, DphmmReleaser.FIRST_RELEASE, 1, new KeyedRandom(NoiseKey.of(new byte[32])).reset("x", "s", 0),
        out);
    assertThat(out.z()).containsExactly(3.0);
    assertThat(out.constrainedDpEpsilon()).isZero();
    assertThat(post).containsExactly(0.5, 0.25, 0.25);
  }
}
