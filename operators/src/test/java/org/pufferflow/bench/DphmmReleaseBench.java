package org.pufferflow.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.pufferflow.chain.DenseTransitionMatrix;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.dphmm.GridModels;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * Benchmark: one DPHMM release after warm-up (d = 2, utility graph r = 1.5 cells, ε = 1, strict repair,
 * K-norm), beside one p·M product on the same model in the same run. Grids: 10×10 (N = 100, dense M) and 50×50
 * (N = 2500, sparse CSR lazy random walk: stay 0.6, 0.4 spread over the in-grid 4-neighbours). Constraints:
 * {@code support} (the opt-in truncation τ = 1e-12; K_t cached per C; C is a moving window around the subject),
 * {@code saturated} (exact support,
 * uniform p0 and ε = 0.001: C stays all N states, so every release hits the cache — the case docs/dphmm.md, 'Making it fast' describes),
 * {@code dls} (δ-location set δ = 0.01, hull rebuilt on every new C)
 * and {@code dpls} (δ = 0.01 with the complete graph: the DPLS baseline).
 *
 * <p>The subject follows a lazy random walk sampled in set-up (test code may use java.util.Random); each release
 * resets the keyed generator to its own context, as production does. Run: scripts/jmh DphmmReleaseBench -f 1 -wi 2
 * -w 1s -i 3 -r 1s. Ratio = (time per release) / (time per p·M) = (p·M ops/s) / (release ops/s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DphmmReleaseBench {

  @Param({"10", "50"})
  public int side;

  @Param({"support", "saturated", "dls", "dpls"})
  public String constraint;

  private TransitionMatrix m;
  private DphmmReleaser releaser;
  private DphmmRelease out;
  private double[] posterior;
  private double[] product;
  private int[] path;
  private int t;
  private KeyedRandom rng;

  @Setup(Level.Trial)
  public void setUp() {
    int n = side * side;
    double[][] rows = GridModels.lazyWalk(side);
    m = side <= 10 ? DenseTransitionMatrix.of(rows) : SparseTransitionMatrix.fromDense(rows);
    StateQuery q = StateQuery.of(GridModels.cellCoordinates(side));
    int start = side * (side / 2) + side / 2;
    double[] p0 = new double[n];
    if (constraint.equals("saturated")) {
      java.util.Arrays.fill(p0, 1.0 / n);
    } else {
      p0[start] = 1;
    }
    DphmmConfig.Builder b = DphmmConfig.builder().transition(m).initial(p0).query(q)
        .repair(RepairMode.STRICT).epsilon(constraint.equals("saturated") ? 0.001 : 1);
    switch (constraint) {
      case "support": // the truncated support, as benchmarked in docs/benchmarks.md
        b.policyGraph(PolicyGraph.utility(q, 1.5)).constraint(Constraint.support(1e-12));
        break;
      case "saturated":
        b.policyGraph(PolicyGraph.utility(q, 1.5)).constraint(Constraint.support());
        break;
      case "dls":
        b.policyGraph(PolicyGraph.utility(q, 1.5)).constraint(Constraint.deltaLocationSet(0.01));
        break;
      default:
        b.dpls(0.01);
        break;
    }
    releaser = new DphmmReleaser(b.build());
    out = releaser.newResult();
    posterior = releaser.newPosterior();
    product = new double[n];
    Random r = new Random(42);
    path = new int[1 << 16];
    int s = start;
    for (int i = 0; i < path.length; i++) {
      path[i] = s;
      double u = r.nextDouble();
      double acc = 0;
      for (int j = 0; j < n && u >= acc; j++) {
        double p = rows[s][j];
        if (p > 0 && u < acc + p) {
          s = j;
          break;
        }
        acc += p;
      }
    }
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (11 * i + 9);
    }
    rng = new KeyedRandom(NoiseKey.of(key));
    t = 0;
    releaser.release(posterior, DphmmReleaser.FIRST_RELEASE, path[0], rng.reset("dphmm", "subject-1", 0), out);
    // warm-up releases so that both benchmarks see a representative posterior (and C has saturated where it can)
    for (t = 1; t < WARM_UP_RELEASES; t++) {
      releaser.release(posterior, 1, path[t], rng.reset("dphmm", "subject-1", t), out);
    }
  }

  /** Releases done in set-up before measuring. */
  static final int WARM_UP_RELEASES = 300;

  @TearDown(Level.Trial)
  public void report() {
    System.err.printf("%n[DphmmReleaseBench side=%d constraint=%s] releases=%d cache hits=%d misses=%d last |C|=%d%n",
        side, constraint, t, releaser.cacheHits(), releaser.cacheMisses(), out.constraintSize());
  }

  @Benchmark
  public double release() {
    int step = t++;
    releaser.release(posterior, 1, path[step & (path.length - 1)], rng.reset("dphmm", "subject-1", step), out);
    return out.z()[0];
  }

  /** The baseline: one p·M on the current (representative) posterior. */
  @Benchmark
  public double priorProduct() {
    m.multiplyLeft(posterior, product);
    return product[0];
  }

  /**
   * One release after a gap of {@code gap} ticks (docs/dphmm.md, "Gaps"), on the same grid models (support
   * constraint, utility graph r = 1.5, ε = 1, K-norm). Each invocation restarts from the same representative
   * posterior (300 warm-up releases at gap 1), so every measured release propagates the full gap. On the 10×10
   * grid (N = 100) gaps ≥ 64 use repeated squaring (O(N² log g)); on the 50×50 grid gap = 1 is one p·M, 10^3 a
   * thousand, 10^9 runs until the gap propagator's cycle or tolerance rule stops it. Run:
   * scripts/jmh 'DphmmReleaseBench.AfterGap' -f 1 -wi 1 -w 1s -i 2 -r 1s.
   */
  @State(Scope.Thread)
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public static class AfterGap {

    @Param({"10", "50"})
    public int side;

    @Param({"1", "1000", "1000000000"})
    public long gap;

    private DphmmReleaser releaser;
    private DphmmRelease out;
    private double[] start;
    private double[] posterior;
    private KeyedRandom rng;
    private long t;

    @Setup(Level.Trial)
    public void setUp() {
      int n = side * side;
      double[][] rows = GridModels.lazyWalk(side);
      TransitionMatrix m = side <= 10 ? DenseTransitionMatrix.of(rows) : SparseTransitionMatrix.fromDense(rows);
      StateQuery q = StateQuery.of(GridModels.cellCoordinates(side));
      int cell = side * (side / 2) + side / 2;
      double[] p0 = new double[n];
      p0[cell] = 1;
      releaser = new DphmmReleaser(DphmmConfig.builder().transition(m).initial(p0).query(q)
          .policyGraph(PolicyGraph.utility(q, 1.5)).epsilon(1).build());
      out = releaser.newResult();
      posterior = releaser.newPosterior();
      byte[] key = new byte[32];
      rng = new KeyedRandom(NoiseKey.of(key));
      releaser.release(posterior, DphmmReleaser.FIRST_RELEASE, cell, rng.reset("gap", "s", 0), out);
      for (t = 1; t < WARM_UP_RELEASES; t++) {
        releaser.release(posterior, 1, cell, rng.reset("gap", "s", t), out);
      }
      start = posterior.clone();
    }

    @Benchmark
    public double releaseAfterGap() {
      System.arraycopy(start, 0, posterior, 0, posterior.length);
      releaser.release(posterior, gap, side * (side / 2) + side / 2, rng.reset("gap", "s", t++), out);
      return out.z()[0];
    }
  }
}
