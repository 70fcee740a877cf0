package org.pufferflow.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.pufferflow.noise.ConvexPolygonSampler;
import org.pufferflow.noise.DiscreteLaplace;
import org.pufferflow.noise.GammaSampler;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * Benchmarks: the keyed generator and the samplers on it, each paired with the same work on
 * java.util.SplittableRandom (the baseline; test code only). Ratio = keyed throughput / SplittableRandom throughput.
 * Run: scripts/jmh NoiseBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class NoiseBench {

  private static final double[][] RUNNING_EXAMPLE_HULL = {{3, 0}, {4, 1}, {-1, 1}, {-3, 0}, {-4, -1}, {1, -1}};

  private KeyedRandom keyed;
  private SplittableRandom splittable;
  private SplittableStream splittableStream;
  private ConvexPolygonSampler polygon;
  private final double[] point = new double[2];
  private long sequence;

  @Setup
  public void setUp() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (17 * i + 3);
    }
    keyed = new KeyedRandom(NoiseKey.of(key)).reset("bench", "subject-000042", 1);
    splittable = new SplittableRandom(42);
    splittableStream = new SplittableStream(42);
    polygon = new ConvexPolygonSampler(RUNNING_EXAMPLE_HULL);
  }

  @Benchmark
  public double uniformDoubleKeyed() {
    return keyed.nextDouble();
  }

  @Benchmark
  public double uniformDoubleSplittable() {
    return splittable.nextDouble();
  }

  @Benchmark
  public double gamma3Keyed() {
    return GammaSampler.sample(keyed, 3, 1.0);
  }

  @Benchmark
  public double gamma3Splittable() {
    return GammaSampler.sample(splittableStream, 3, 1.0);
  }

  @Benchmark
  public long discreteLaplaceKeyed() {
    return DiscreteLaplace.sample(keyed, 3.7);
  }

  @Benchmark
  public long discreteLaplaceSplittable() {
    return DiscreteLaplace.sample(splittableStream, 3.7);
  }

  @Benchmark
  public void polygonKeyed(Blackhole bh) {
    polygon.sample(keyed, point);
    bh.consume(point[0] + point[1]);
  }

  @Benchmark
  public void polygonSplittable(Blackhole bh) {
    polygon.sample(splittableStream, point);
    bh.consume(point[0] + point[1]);
  }

  /** A new release context and its first word: the set-up cost of a release's stream. */
  @Benchmark
  public long resetAndFirstWordKeyed() {
    return keyed.reset("dphmm", "subject-000042", ++sequence).nextLong();
  }

  /** A new release context alone (the context tag), without drawing. */
  @Benchmark
  public KeyedRandom resetOnlyKeyed() {
    return keyed.reset("dphmm", "subject-000042", ++sequence);
  }

  /** Baseline: a new SplittableRandom seeded for the release, and its first word. */
  @Benchmark
  public long resetAndFirstWordSplittable() {
    return new SplittableRandom(++sequence).nextLong();
  }
}
