package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/** Bad configuration is rejected with a message naming the value; cache bound and release-input checks. */
class DphmmConfigTest {

  static final double[][] F = {{1, 0}, {2, 1}, {3, 0}};
  static final double[][] M = {{0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.5, 0, 0.5}};
  static final double[] P0 = {1, 0, 0};

  static DphmmConfig.Builder valid() {
    return DphmmConfig.builder().transition(TransitionMatrices.of(M)).initial(P0).query(F).completeGraph().epsilon(1);
  }

  @Test
  void validConfigurationBuilds() {
    DphmmConfig c = valid().build();
    assertThat(c.states()).isEqualTo(3);
    assertThat(c.repair()).isEqualTo(org.pufferflow.policy.RepairMode.STRICT);
    assertThat(c.fullSpan()).isTrue();
    assertThat(c.constraint()).isInstanceOf(SupportConstraint.class);
  }

  @Test
  void badInputNamesTheValue() {
    assertThatThrownBy(() -> valid().epsilon(0).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = 0.0");
    assertThatThrownBy(() -> valid().epsilon(-1).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = -1.0");
    assertThatThrownBy(() -> valid().query(new double[][] {{0, 0}, {1, 1}}).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query: has 2 rows, expected 3");
    assertThatThrownBy(() -> valid().query(new double[][] {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}}).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("= 4").hasMessageContaining("1, 2 or 3");
    assertThatThrownBy(() -> valid().initial(new double[] {0.5, 0.2, 0.2}).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initial: sums to 0.89");
    assertThatThrownBy(() -> valid().policyGraph(PolicyGraph.complete(4)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("covers 4 states, expected 3");
    assertThatThrownBy(() -> valid().transition(TransitionMatrices.of(new double[][] {{0.5, 0.4}, {0, 1}})))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("transition[0]: row sums to 0.9");
    assertThatThrownBy(() -> valid().dpls(1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delta = 1.5");
    assertThatThrownBy(() -> PolicyGraph.utility(StateQuery.of(F), -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("r = -1.0");
  }

  @Test
  void releaseChecksItsArguments() {
    DphmmReleaser rel = new DphmmReleaser(valid().build());
    KeyedRandom rng = new KeyedRandom(NoiseKey.of(new byte[32]));
    assertThatThrownBy(() -> rel.release(new double[2], 1, 0, rng.reset("d", "s", 0), rel.newResult()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("posterior: has 2 entries, expected 3");
    assertThatThrownBy(() -> rel.release(rel.newPosterior(), 0, 5, rng.reset("d", "s", 0), rel.newResult()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("trueState = 5");
    double[] post = rel.newPosterior();
    rel.release(post, DphmmReleaser.FIRST_RELEASE, 0, rng.reset("d", "s", 0), rel.newResult());
    assertThatThrownBy(() -> rel.release(post, -1, 0, rng.reset("d", "s", 1), rel.newResult()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gap = -1");
  }

  @Test
  void exactReleaseAndTheSameStreamGiveTheSameRelease() {
    DphmmReleaser rel = new DphmmReleaser(valid().build());
    KeyedRandom rng = new KeyedRandom(NoiseKey.of(new byte[32]));
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    rel.release(post, DphmmReleaser.FIRST_RELEASE, 2, rng.reset("d", "s", 0), out);
    // p0 is one-hot on s0: C = {s0}, f(s0) is released exactly even though s* = s2
    assertThat(out.exact()).isTrue();
    assertThat(out.z()).containsExactly(1, 0);
    assertThat(out.dphmmEpsilon()).isZero();
    double[] p1 = post.clone();
    rel.release(post, 1, 1, rng.reset("d", "s", 1), out);
    double[] z1 = out.z().clone();
    rel.release(p1, 1, 1, rng.reset("d", "s", 1), out);
    assertThat(out.z()).containsExactly(z1); // replay with the same context: identical noise
    assertThat(out.exact()).isFalse();
    assertThat(out.constraintSize()).isEqualTo(2);
  }

  @Test
  void hullCacheIsBoundedLru() {
    org.pufferflow.policy.ProtectableGraph pg = org.pufferflow.policy.ProtectableGraph.repair(StateQuery.of(F),
        PolicyGraph.complete(3), new int[] {0, 1}, org.pufferflow.policy.RepairMode.STRICT, true);
    ReleaseGeometry geometry = new ReleaseGeometry(pg, new UniformKSampler(pg.hull()));
    HullCache cache = new HullCache(10, 2, cs -> geometry);
    int[][] cs = {{0, 1}, {1, 2}, {0, 1}, {2, 3}, {1, 2}};
    for (int[] c : cs) {
      cache.get(c, c.length);
    }
    // {0,1} miss, {1,2} miss, {0,1} hit, {2,3} miss evicts {1,2}, {1,2} miss
    assertThat(cache.hits()).isEqualTo(1);
    assertThat(cache.misses()).isEqualTo(4);
    assertThat(cache.size()).isEqualTo(2);
  }

  @Test
  void stationaryInitialDistributionComesFromChainAnalysis() {
    DphmmConfig c = valid().stationaryInitial().build();
    double[] pi = c.initial();
    double[] next = new double[3];
    c.transition().multiplyLeft(pi, next);
    for (int i = 0; i < 3; i++) {
      assertThat(Math.abs(next[i] - pi[i])).isLessThanOrEqualTo(1e-12);
      assertThat(pi[i]).isCloseTo(1 / 3.0, org.assertj.core.data.Offset.offset(1e-12));
    }
  }
}
