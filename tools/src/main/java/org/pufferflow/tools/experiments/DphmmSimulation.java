package org.pufferflow.tools.experiments;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.dphmm.PriorSupport;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.ProtectableGraph;

/**
 * Runs one DPHMM configuration over the true sequences of a {@link GeolifeDphmm} model and collects the paper's
 * metrics per tick (the paper's Section 8, 'Metrics'; docs/experiments.md, 'DPHMM on GeoLife'): the degree of
 * protection of the true state, DoP(s*) = #{s_j ∈ C : f(s_j) − f(s*) ∈ K_t} (boundary inclusive, as the
 * protectable graph counts it), the error ‖z − f(s*)‖₂ in km, |C| and the wall-clock time of the release call.
 *
 * <p>C and K_t are recomputed beside the releaser from public inputs only (the prior p⁺·M with its exact support,
 * the constraint, the policy graph, {@link ProtectableGraph#repair} with the configuration's repair mode), memoised
 * per C in a bounded map, and the time of that analysis is not counted. The noise of release t of sequence i is drawn
 * under the context {@code (GeolifeDphmm.CONTEXT, label + "/seq=" + i, t)}, so configurations with the same label use
 * the same random numbers (common random numbers across ε). Not thread-safe; one instance per run.
 */
final class DphmmSimulation {

  static final int MEMO_CAPACITY = 512;

  /** Per-tick sums over sequences, plus overall counts. */
  static final class Result {
    final double[] dopSum;
    final int[] dopMin;
    final double[] errorSum;
    final double[] constraintSum;
    final long[] nanosSum;
    final int sequences;
    int trueOutsideConstraint;
    int exactReleases;

    Result(int ticks, int sequences) {
      this.dopSum = new double[ticks];
      this.dopMin = new int[ticks];
      Arrays.fill(dopMin, Integer.MAX_VALUE);
      this.errorSum = new double[ticks];
      this.constraintSum = new double[ticks];
      this.nanosSum = new long[ticks];
      this.sequences = sequences;
    }

    double meanDop(int t) {
      return dopSum[t] / sequences;
    }

    double meanError(int t) {
      return errorSum[t] / sequences;
    }

    double meanConstraint(int t) {
      return constraintSum[t] / sequences;
    }

    double meanMicros(int t) {
      return nanosSum[t] / 1e3 / sequences;
    }

    /** Mean over all releases of a per-tick series. */
    static double average(double[] perTick, int sequences) {
      double s = 0;
      for (double v : perTick) {
        s += v;
      }
      return s / perTick.length / sequences;
    }

    double averageDop() {
      return average(dopSum, sequences);
    }

    double averageError() {
      return average(errorSum, sequences);
    }

    double averageConstraint() {
      return average(constraintSum, sequences);
    }

    double averageMicros() {
      double s = 0;
      for (long v : nanosSum) {
        s += v;
      }
      return s / 1e3 / nanosSum.length / sequences;
    }

    /** The smallest DoP(s*) of a noisy release (|C| ≥ 2) at tick t; NaN when every release of t was exact. */
    double minDop(int t) {
      return dopMin[t] == Integer.MAX_VALUE ? Double.NaN : dopMin[t];
    }

    /** The smallest DoP(s*) of any noisy release; NaN when all were exact. */
    double minDop() {
      int m = Integer.MAX_VALUE;
      for (int v : dopMin) {
        m = Math.min(m, v);
      }
      return m == Integer.MAX_VALUE ? Double.NaN : m;
    }
  }

  private final GeolifeDphmm geo;
  private final DphmmConfig config;
  private final boolean measureDop;
  private final Map<String, ProtectableGraph> memo = new LinkedHashMap<>(16, 0.75f, true);

  DphmmSimulation(GeolifeDphmm geo, DphmmConfig config, boolean measureDop) {
    this.geo = geo;
    this.config = config;
    this.measureDop = measureDop;
  }

  /** A configuration on {@code geo}: p0 = visit frequencies, f = centres in km, K-norm, strict repair. */
  static DphmmConfig config(GeolifeDphmm geo, PolicyGraph graph, double epsilon) {
    return DphmmConfig.builder().transition(geo.transition).initial(geo.initial).query(geo.query).policyGraph(graph)
        .epsilon(epsilon).build();
  }

  /** The DPLS baseline: δ-location set and the complete graph (dphmm paper, Section 8 'Mechanisms'). */
  static DphmmConfig dpls(GeolifeDphmm geo, double delta, double epsilon) {
    return DphmmConfig.builder().transition(geo.transition).initial(geo.initial).query(geo.query).dpls(delta)
        .epsilon(epsilon).build();
  }

  Result run(int[][] sequences, String label, ExperimentProgress progress) {
    int ticks = sequences[0].length;
    Result r = new Result(ticks, sequences.length);
    DphmmReleaser releaser = new DphmmReleaser(config);
    DphmmRelease out = releaser.newResult();
    KeyedRandom random = ExperimentKeys.random();
    int n = geo.states();
    double[] prior = new double[n];
    double[] scratch = new double[n];
    int[] c = new int[n];
    Constraint constraint = config.constraint();
    PriorSupport support = new PriorSupport(geo.transition);
    for (int i = 0; i < sequences.length; i++) {
      double[] posterior = releaser.newPosterior();
      for (int t = 0; t < ticks; t++) {
        int truth = sequences[i][t];
        long gap = t == 0 ? DphmmReleaser.FIRST_RELEASE : 1;
        int k = 0;
        if (measureDop) {
          if (t == 0) {
            System.arraycopy(geo.initial, 0, prior, 0, n);
          } else {
            geo.transition.multiplyLeftPower(posterior, 1, prior, scratch);
            support.restrict(posterior, 1, prior);
          }
          k = constraint.select(prior, c);
        }
        random.reset(GeolifeDphmm.CONTEXT, label + "/seq=" + i, t);
        long start = System.nanoTime();
        releaser.release(posterior, gap, truth, random, out);
        r.nanosSum[t] += System.nanoTime() - start;
        double dx = out.z()[0] - geo.query.get(truth, 0);
        double dy = out.z()[1] - geo.query.get(truth, 1);
        r.errorSum[t] += Math.sqrt(dx * dx + dy * dy);
        r.constraintSum[t] += out.constraintSize();
        if (out.exact()) {
          r.exactReleases++;
        }
        if (measureDop) {
          if (k != out.constraintSize()) {
            throw new IllegalStateException("the recomputed constraint has " + k + " states, the release had "
                + out.constraintSize());
          }
          int dop = dop(Arrays.copyOf(c, k), truth);
          r.dopSum[t] += dop;
          if (!out.exact()) {
            r.dopMin[t] = Math.min(r.dopMin[t], dop);
          }
          if (Arrays.binarySearch(c, 0, k, truth) < 0) {
            r.trueOutsideConstraint++;
          }
        }
      }
      progress.step(1);
    }
    return r;
  }

  /**
   * DoP(s*) = #{s_j ∈ C : f(s_j) − f(s*) ∈ K_t}; 1 for an exact release (|C| = 1: the state is exposed). When s* is
   * not in C (possible with a δ-location set) s* itself is not counted.
   */
  int dop(int[] cs, int truth) {
    if (cs.length == 1) {
      return 1;
    }
    ProtectableGraph g = memo.get(key(cs));
    if (g == null) {
      g = ProtectableGraph.repair(geo.query, config.policyGraph(), cs, config.repair(), config.fullSpan());
      if (memo.size() >= MEMO_CAPACITY) {
        memo.remove(memo.keySet().iterator().next());
      }
      memo.put(key(cs), g);
    }
    SensitivityHull hull = g.hull();
    int dop = 0;
    for (int j : cs) {
      if (hull.normOfDifference(geo.flat, 2 * j, geo.flat, 2 * truth) <= 1 + SensitivityHull.MEMBERSHIP_TOLERANCE) {
        dop++;
      }
    }
    return dop;
  }

  private static String key(int[] cs) {
    return Arrays.toString(cs);
  }
}
