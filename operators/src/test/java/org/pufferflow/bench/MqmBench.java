package org.pufferflow.bench;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.pufferflow.mechanism.mqm.ActiveQuilt;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.QuiltInfluence;
import org.pufferflow.mechanism.mqm.QuiltSearch;

/**
 * Benchmarks: σ_max for T = 1000, k = 10, ε = 1 in every mode (influence tables + fast search, nothing
 * cached). The release cost is in {@link MqmReleaseBench}.
 * Run: scripts/jmh MqmBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@BenchmarkMode(Mode.AverageTime)
public class MqmBench {

  static final int T = 1000;
  static final int K = 10;

  @Param({"exact-any-initial", "exact", "approx-general", "approx-reversible"})
  public String mode;

  private FiniteChainClass chainClass;
  private MqmMode mqmMode;
  private QuiltInfluence prebuilt;

  /** A sticky reversible 10-state chain: P = D^{-1} W, W symmetric with a heavy diagonal (test-only randomness). */
  static double[][] chain() {
    SplittableRandom r = new SplittableRandom(20261122L);
    double[][] w = new double[K][K];
    for (int x = 0; x < K; x++) {
      for (int y = x; y < K; y++) {
        w[x][y] = w[y][x] = x == y ? 4 + r.nextDouble() : 0.05 + 0.3 * r.nextDouble();
      }
    }
    double[][] p = new double[K][K];
    for (int x = 0; x < K; x++) {
      double s = 0;
      for (double v : w[x]) {
        s += v;
      }
      for (int y = 0; y < K; y++) {
        p[x][y] = w[x][y] / s;
      }
    }
    return p;
  }

  @Setup
  public void setUp() {
    chainClass = FiniteChainClass.of(chain());
    mqmMode = MqmMode.fromCliName(mode);
    prebuilt = chainClass.influences(mqmMode, 1024).get(0);
  }

  /** The fast search alone, influence tables prebuilt. */
  @Benchmark
  public double searchOnlyT1000() {
    return QuiltSearch.fastSearch(prebuilt, T, 1.0).score();
  }

  /** The unconstrained s*(ε) of the design rule, tables prebuilt. */
  @Benchmark
  public double sStar() {
    ActiveQuilt q = QuiltSearch.sStar(prebuilt, 1.0, 1 << 16);
    return q == null ? Double.POSITIVE_INFINITY : q.score();
  }

  /** Tables (O(T·k³)) plus the fast search, no cache. */
  @Benchmark
  public double sigmaMaxT1000() {
    List<QuiltInfluence> models = chainClass.influences(mqmMode, 1024);
    ActiveQuilt q = QuiltSearch.fastSearch(models.get(0), T, 1.0);
    return q.score();
  }

}
