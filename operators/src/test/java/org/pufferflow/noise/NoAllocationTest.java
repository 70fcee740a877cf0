package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The hot paths allocate nothing per call (docs/privacy-noise.md, 'Samplers'): measured with the JVM's per-thread
 * allocation counter, after a warm-up, over many calls. Not a timing test.
 */
class NoAllocationTest {

  private static final int CALLS = 20_000;

  @Test
  void resetDrawsAndSamplersAllocateNothingPerCall() {
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeThat(bean.isThreadAllocatedMemorySupported()).isTrue();
    bean.setThreadAllocatedMemoryEnabled(true);
    KeyedRandom r = new KeyedRandom(TestKeys.key());
    ConvexPolygonSampler polygon = new ConvexPolygonSampler(ShapeSamplerTest.HULL);
    PolytopeSampler cube = new PolytopeSampler(ShapeSamplerTest.CUBE_VERTICES, ShapeSamplerTest.cubeTriangles());
    double[] out = new double[3];
    String mechanism = "dphmm";
    String subject = "subject-000042";
    work(r, polygon, cube, out, mechanism, subject, 0); // warm-up (interpreter and JIT)
    work(r, polygon, cube, out, mechanism, subject, CALLS);
    long thread = Thread.currentThread().getId();
    // the least over three rounds: a late JIT compilation can allocate once in one round, while per-call
    // allocation (>= 16 * CALLS bytes) shows in every round
    long allocated = Long.MAX_VALUE;
    double sink = 0;
    for (int round = 0; round < 3; round++) {
      long before = bean.getThreadAllocatedBytes(thread);
      sink += work(r, polygon, cube, out, mechanism, subject, (2 + round) * CALLS);
      allocated = Math.min(allocated, bean.getThreadAllocatedBytes(thread) - before);
    }
    assertThat(sink).isFinite();
    // a few hundred bytes of slack for the counter's own bookkeeping; per-call allocation would be >= 16 * CALLS
    assertThat(allocated).as("bytes allocated over %d calls", CALLS).isLessThan(1024);
  }

  private static double work(
      KeyedRandom r, ConvexPolygonSampler polygon, PolytopeSampler cube, double[] out, String m, String s,
      long from) {
    double sink = 0;
    for (long i = from; i < from + CALLS; i++) {
      r.reset(m, s, i);
      sink += r.nextDouble() + r.nextLong(7);
      sink += GammaSampler.sample(r, 3, 1.0);
      sink += DiscreteLaplace.sample(r, 3.7);
      sink += LaplaceNoise.sample(r, 2.0);
      sink += LaplaceNoise.addNoise(r, 0.3, 1.3, 0.7);
      sink += Bernoulli.sample(r, 0.3) ? 1 : 0;
      polygon.sample(r, out);
      sink += out[0];
      cube.sample(r, out);
      sink += out[2];
      KNormNoise.sample(r, polygon, 0.5, out);
      sink += out[1];
    }
    return sink;
  }
}
