package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;

/**
 * The release path allocates nothing once the hull cache is warm (docs/dphmm.md, 'Making it fast'). Measured
 * with the JVM's per-thread allocation counter, not with timings.
 */
class AllocationFreeReleaseTest {

  @Test
  void releasesAfterWarmUpAllocateNothing() {
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assertThat(bean.isThreadAllocatedMemorySupported()).isTrue();
    double[][] f = {{1, 0}, {2, 1}, {3, 0}, {0, 1}, {4, 2}, {1, 2}};
    double[][] m = new double[6][6];
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < 6; j++) {
        m[i][j] = 1.0 / 6;
      }
    }
    double[] p0 = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0};
    byte[] key = new byte[32];
    for (DphmmNoise noise : DphmmNoise.values()) {
      DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(m)).initial(p0)
          .query(f).policyGraph(PolicyGraph.utility(org.pufferflow.policy.StateQuery.of(f), 2.5)).noise(noise)
          .epsilon(1).build());
      KeyedRandom rng = new KeyedRandom(NoiseKey.of(key));
      double[] post = rel.newPosterior();
      DphmmRelease out = rel.newResult();
      long t = 0;
      for (; t < 20_000; t++) {
        rel.release(post, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, (int) (t % 6), rng.reset("dphmm", "s", t), out);
      }
      long id = Thread.currentThread().getId();
      long before = bean.getThreadAllocatedBytes(id);
      for (long end = t + 10_000; t < end; t++) {
        rel.release(post, 1, (int) (t % 6), rng.reset("dphmm", "s", t), out);
      }
      long allocated = bean.getThreadAllocatedBytes(id) - before;
      // one allocation per release would be >= 16 bytes x 10^4; a few KB total are one-off JVM/JIT effects
      assertThat(allocated).as(noise + ": bytes allocated by 10^4 warm releases").isLessThan(10_000);
      assertThat(rel.cacheMisses()).isEqualTo(1);
    }
  }

  @ParameterizedTest(name = "d = {0}")
  @ValueSource(ints = {1, 2, 3})
  void cacheMissesOnAMovingConstraintAllocateNothingEither(int d) {
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    int side = d == 1 ? 60 : d == 2 ? 12 : 6;
    double[][] m = GridModels.lazyWalk(side, d);
    int n = m.length;
    int start = n / 2;
    double[] p0 = new double[n];
    p0[start] = 1;
    org.pufferflow.policy.StateQuery q = org.pufferflow.policy.StateQuery.of(GridModels.cellCoordinates(side, d));
    DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(m)).initial(p0)
        .query(q).policyGraph(PolicyGraph.utility(q, 1.5)).epsilon(1).cacheCapacity(8)
        .constraint(Constraint.support(1e-12)) // a truncated support moves with the subject: misses every few ticks
        .build());
    KeyedRandom rng = new KeyedRandom(NoiseKey.of(new byte[32]));
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    int[] path = new int[30_000]; // the subject's path, drawn before measuring (test code allocates)
    path[0] = start;
    for (int i = 1; i < path.length; i++) {
      path[i] = step(path[i - 1], side, d, i);
    }
    int t = 0;
    for (; t < 20_000; t++) {
      rel.release(post, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, path[t], rng.reset("dphmm", "s", t), out);
    }
    long missesBefore = rel.cacheMisses();
    long id = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(id);
    for (; t < path.length; t++) {
      rel.release(post, 1, path[t], rng.reset("dphmm", "s", t), out);
    }
    long allocated = bean.getThreadAllocatedBytes(id) - before;
    assertThat(rel.cacheMisses() - missesBefore).as("misses among 10^4 releases").isGreaterThan(300);
    assertThat(allocated).as("bytes allocated by 10^4 releases on a moving constraint").isLessThan(10_000);
  }

  /** A deterministic wandering path on the side^d grid (test code): stay, or move to an axis neighbour. */
  private static int step(int s, int side, int d, long t) {
    int[] nb = GridModels.axisNeighbours(s, side, d); // test code: allocation outside the measured release
    int pick = (int) ((t * 2654435761L >>> 7) % (nb.length + 1));
    return pick == nb.length ? s : nb[pick];
  }
}
