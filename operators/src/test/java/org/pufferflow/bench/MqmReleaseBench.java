package org.pufferflow.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.noise.DiscreteLaplace;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * Benchmark: the per-release cost of a k = 10 count histogram once σ is cached (T = 1000, exact-any-initial, ε = 1),
 * against the baseline of the same ten discrete Laplace draws called directly, and with the per-release context
 * reset of the keyed generator. Run: scripts/jmh MqmReleaseBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MqmReleaseBench {

  private WindowHistogramRelease release;
  private KeyedRandom random;
  private double scale;
  private final int[] counts = {220, 180, 150, 120, 100, 80, 60, 40, 30, 20};
  private final long[] noisy = new long[10];
  private long sequence;

  @Setup
  public void setUp() {
    MqmCalibration c = MqmCalibration.builder().chainClass(FiniteChainClass.of(MqmBench.chain()))
        .mode(MqmMode.EXACT_ANY_INITIAL).epsilon(1).windowLength(1000).build();
    release = WindowHistogramRelease.of(c);
    scale = c.noiseScale();
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (31 * i + 7);
    }
    random = new KeyedRandom(NoiseKey.of(key)).reset("mqm", "subject-000042", 0);
  }

  /** One release drawing from a running keyed stream. */
  @Benchmark
  public long releaseK10() {
    release.release(counts, 1000, random, noisy);
    return noisy[0];
  }

  /** Baseline: the ten discrete Laplace draws alone, same scale, same stream. */
  @Benchmark
  public long tenDiscreteLaplaceDraws() {
    long s = 0;
    for (int c = 0; c < 10; c++) {
      s += DiscreteLaplace.sample(random, scale);
    }
    return s;
  }

  /** One release including the context reset (mechanism, subject, sequence) that a release performs. */
  @Benchmark
  public long releaseK10WithReset() {
    release.release(counts, 1000, random.reset("mqm", "subject-000042", ++sequence), noisy);
    return noisy[0];
  }
}
