package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;

/**
 * The release path allocates nothing once the hull cache is warm (DEVELOPERS.md "Performance"; dphmm.md §5). Measured
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

  @Test
  void cacheMissesOnAMovingConstraintAllocateNothingEither() {
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    int side = 12;
    int n = side * side;
    double[][] m = GridModels.lazyWalk(side);
    double[] p0 = new double[n];
    p0[n / 2 + side / 2] = 1;
    org.pufferflow.policy.StateQuery q = org.pufferflow.policy.StateQuery.of(GridModels.cellCoordinates(side));
    DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(m)).initial(p0)
        .query(q).policyGraph(PolicyGraph.utility(q, 1.5)).epsilon(1).cacheCapacity(8).build());
    KeyedRandom rng = new KeyedRandom(NoiseKey.of(new byte[32]));
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    int s = n / 2 + side / 2;
    long t = 0;
    for (; t < 20_000; t++) {
      s = step(s, side, t);
      rel.release(post, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, s, rng.reset("dphmm", "s", t), out);
    }
    long missesBefore = rel.cacheMisses();
    long id = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(id);
    for (long end = t + 10_000; t < end; t++) {
      s = step(s, side, t);
      rel.release(post, 1, s, rng.reset("dphmm", "s", t), out);
    }
    long allocated = bean.getThreadAllocatedBytes(id) - before;
    assertThat(rel.cacheMisses() - missesBefore).as("misses among 10^4 releases").isGreaterThan(1_000);
    assertThat(allocated).as("bytes allocated by 10^4 releases on a moving constraint").isLessThan(10_000);
  }

  /** A deterministic wandering path on the grid (test code). */
  private static int step(int s, int side, long t) {
    int a = s / side;
    int b = s % side;
    int dir = (int) ((t * 2654435761L >>> 7) % 5);
    if (dir == 1 && a > 0) {
      a--;
    } else if (dir == 2 && a < side - 1) {
      a++;
    } else if (dir == 3 && b > 0) {
      b--;
    } else if (dir == 4 && b < side - 1) {
      b++;
    }
    return side * a + b;
  }
}
