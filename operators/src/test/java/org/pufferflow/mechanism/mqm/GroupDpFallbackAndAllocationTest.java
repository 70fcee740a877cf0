package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.pufferflow.noise.DiscreteLaplace;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/** Infeasible quilts fall back to the explicit group-DP scale; the release path allocates nothing. */
class GroupDpFallbackAndAllocationTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};

  @Test
  void shortWindowsAndSlowChainsUseGroupDpExplicitly() {
    MqmCalibration shortWindow = MqmCalibration.builder().chainClass(FiniteChainClass.of(P1))
        .mode(MqmMode.APPROX_GENERAL).epsilon(1).windowLength(12).build();
    assertThat(shortWindow.isGroupDpFallback()).isTrue();
    assertThat(shortWindow.sigmaMax()).isEqualTo(12.0).isEqualTo(shortWindow.groupDpSigma());
    assertThat(shortWindow.activeQuilt().isEmpty()).isTrue();
    assertThat(Double.isFinite(shortWindow.noiseScale())).isTrue();

    // a class with a tiny gap: δ(d) is infinite for every d ≤ T, no quilt is feasible at all
    MqmCalibration slow = MqmCalibration.builder().chainClass(BoundedChainClass.of(4, 0.05, 1e-4))
        .mode(MqmMode.APPROX_GENERAL).epsilon(0.5).windowLength(300).build();
    assertThat(slow.isGroupDpFallback()).isTrue();
    assertThat(slow.sigmaMax()).isEqualTo(600.0);
    assertThat(slow.activeQuilt().isEmpty()).isTrue();

    MqmCalibration normal = MqmCalibration.builder().chainClass(FiniteChainClass.of(P1))
        .mode(MqmMode.APPROX_GENERAL).epsilon(1).windowLength(100).build();
    assertThat(normal.isGroupDpFallback()).isFalse();
    assertThat(normal.sStar()).isEqualTo(normal.sigmaMax());
  }

  @Test
  void releaseAllocatesNothingOnceCalibrated() {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    MqmCalibration c = MqmCalibration.builder().chainClass(FiniteChainClass.of(P1))
        .mode(MqmMode.EXACT_ANY_INITIAL).epsilon(1).windowLength(100).build();
    WindowHistogramRelease r = WindowHistogramRelease.of(c);
    byte[] key = new byte[32];
    KeyedRandom rnd = new KeyedRandom(NoiseKey.of(key)).reset("mqm", "alloc", 0);
    int[] counts = {60, 40};
    int[] partial = {7, 3};
    long[] noisy = new long[2];
    double[] freq = new double[2];
    for (int i = 0; i < 200_000; i++) { // warm-up: JIT, partial-window calibration cache
      r.release(counts, 100, rnd, noisy);
      r.release(partial, 10, rnd, noisy);
      WindowHistogramRelease.toFrequencies(noisy, 10, freq);
    }
    long tid = Thread.currentThread().getId();
    long before = mx.getThreadAllocatedBytes(tid);
    for (int i = 0; i < 10_000; i++) {
      r.release(counts, 100, rnd, noisy);
      r.release(partial, 10, rnd, noisy);
      WindowHistogramRelease.toFrequencies(noisy, 10, freq);
    }
    long allocated = mx.getThreadAllocatedBytes(tid) - before;
    // Baseline: the same draws made directly with the same runtime scale lookup. The sampler itself may allocate a
    // few bytes per draw (its argument check boxes the scale unless the JIT removes it); the release adds nothing.
    for (int i = 0; i < 200_000; i++) {
      draws(r, 100, rnd, noisy);
      draws(r, 10, rnd, noisy);
    }
    long baseStart = mx.getThreadAllocatedBytes(tid);
    for (int i = 0; i < 10_000; i++) {
      draws(r, 100, rnd, noisy);
      draws(r, 10, rnd, noisy);
      WindowHistogramRelease.toFrequencies(noisy, 10, freq);
    }
    long sampler = mx.getThreadAllocatedBytes(tid) - baseStart;
    // The release adds nothing of its own (a few bytes of slack for the measurement itself).
    assertThat(allocated).isLessThanOrEqualTo(sampler + 2_000);
  }

  private static void draws(WindowHistogramRelease r, int length, KeyedRandom rnd, long[] out) {
    double beta = r.noiseScale(length);
    for (int c = 0; c < out.length; c++) {
      out[c] = DiscreteLaplace.sample(rnd, beta);
    }
  }
}
