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

  /** Everything but p0, F, the graph and ε. */
  static DphmmConfig.Builder base() {
    return DphmmConfig.builder().transition(TransitionMatrices.of(M));
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
    assertThatThrownBy(() -> base().initial(P0).query(F).completeGraph().epsilon(0).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = 0.0");
    assertThatThrownBy(() -> base().initial(P0).query(F).completeGraph().epsilon(-1).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = -1.0");
    assertThatThrownBy(() -> base().initial(P0).completeGraph().epsilon(1).query(new double[][] {{0, 0}, {1, 1}})
        .build()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query: has 2 rows, expected 3");
    assertThatThrownBy(() -> base().initial(P0).completeGraph().epsilon(1)
        .query(new double[][] {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}}).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("= 4").hasMessageContaining("1, 2 or 3");
    assertThatThrownBy(() -> base().query(F).completeGraph().epsilon(1).initial(new double[] {0.5, 0.2, 0.2})
        .build()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initial: sums to 0.89");
    assertThatThrownBy(() -> base().initial(P0).query(F).epsilon(1).policyGraph(PolicyGraph.complete(4)).build())
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
    GeometrySlot geometry = new GeometrySlot(pg, new UniformKSampler(pg.hull()));
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
    DphmmConfig c = base().query(F).completeGraph().epsilon(1).stationaryInitial().build();
    double[] pi = c.initial();
    double[] next = new double[3];
    c.transition().multiplyLeft(pi, next);
    for (int i = 0; i < 3; i++) {
      assertThat(Math.abs(next[i] - pi[i])).isLessThanOrEqualTo(1e-12);
      assertThat(pi[i]).isCloseTo(1 / 3.0, org.assertj.core.data.Offset.offset(1e-12));
    }
  }

  @Test
  void conflictingBuilderSettingsAreRejected() {
    PolicyGraph g = PolicyGraph.edges(3, new int[][] {{0, 1}, {1, 2}});
    // dpls(δ) sets the constraint and the complete graph: a later different constraint or a graph conflicts
    assertThatThrownBy(() -> base().dpls(0.1).constraint(Constraint.support()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("constraint = support:")
        .hasMessageContaining("deltaLocationSet(0.1)");
    assertThatThrownBy(() -> base().dpls(0.1).policyGraph(g))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("policyGraph")
        .hasMessageContaining("completeGraph()");
    assertThatThrownBy(() -> base().policyGraph(g).completeGraph())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("completeGraph(): conflicts with policyGraph");
    assertThatThrownBy(() -> base().constraint(Constraint.support()).dpls(0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("constraint = deltaLocationSet(0.1)");
    assertThatThrownBy(() -> base().epsilon(1).epsilon(2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = 2.0")
        .hasMessageContaining("1.0");
    assertThatThrownBy(() -> base().initial(P0).stationaryInitial())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mutually exclusive");
    assertThatThrownBy(() -> base().noise(DphmmNoise.K_NORM).noise(DphmmNoise.LAPLACE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("noise = LAPLACE");
    assertThatThrownBy(() -> base().query(F).query(StateQuery.of(F)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mutually exclusive");
    // repeating a setting with an equal value is fine
    DphmmConfig c = valid().epsilon(1).initial(P0.clone()).completeGraph().constraint(Constraint.support()).build();
    assertThat(c.epsilon()).isEqualTo(1);
    assertThat(base().initial(P0).query(F).dpls(0.1).dpls(0.1).epsilon(1).build().constraint())
        .isEqualTo(Constraint.deltaLocationSet(0.1));
  }

  @Test
  void noiseScalesAreCheckedAtBuildTime() {
    // ε = 4.9e-324 (the smallest double) used to build and then throw on the first release
    assertThatThrownBy(() -> base().initial(P0).query(F).completeGraph().epsilon(4.9e-324).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = 4.9E-324")
        .hasMessageContaining("2^-40");
    // Laplace: S_f/ε must stay within LaplaceNoise's range; F with a tiny coordinate gap and ε large
    double[][] tiny = {{0, 0}, {0x1.0p-1000, 0}, {1, 0}};
    assertThatThrownBy(() -> base().initial(P0).query(tiny).completeGraph().noise(DphmmNoise.LAPLACE).epsilon(1)
        .build()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("smallest Laplace scale S_f/epsilon");
    double[][] huge = {{0, 0}, {1e308, 0}, {-1e308, 1}};
    assertThatThrownBy(() -> base().initial(P0).query(huge).completeGraph().noise(DphmmNoise.LAPLACE).epsilon(1)
        .build()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("largest Laplace scale S_f/epsilon");
    assertThat(base().initial(P0).query(F).completeGraph().noise(DphmmNoise.LAPLACE).epsilon(1).build().noise())
        .isEqualTo(DphmmNoise.LAPLACE);
  }
}
