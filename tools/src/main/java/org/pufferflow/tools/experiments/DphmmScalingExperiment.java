package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.tools.bench.BenchModels;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.operators.state.CompactPosterior;

/**
 * {@code dphmm-scaling} (docs/experiments.md, 'dphmm-scaling'; docs/benchmarks.md, 'DPHMM at city scale (N = 10,000)'):
 * the DPHMM release on √N × √N grids, N = 100 … 10⁴, with the model of {@code bench dphmm} (lazy walk, stay 0.6;
 * uniform p0; f = cell coordinates; utility graph r = 1.5; strict repair; K-norm; ε = 1), each N under two constraints
 * ({@link #CONSTRAINTS}): the exact support of the prior (the default; with the uniform p0 every state, so the
 * posterior is dense) and the opt-in truncation τ = {@value #TAU} (a relaxation, docs/dphmm.md, 'The constraint C_t').
 * Subjects follow the lazy walk from a fixed seed; noise from the public experiment key. Per N and constraint: the time
 * of one release and of one sparse p·M on the same posteriors (their ratio), the per-subject posterior state (the
 * {@link CompactPosterior} encoding the keyed operator checkpoints; mean and largest from the {@value #SETTLE_TICKS}th
 * release of a subject on, the first releases start from the uniform p0 and are dense), the constraint size and the
 * release error ‖z − f(s*)‖ in cells.
 * Times depend on the machine; everything else is deterministic.
 */
@Internal
final class DphmmScalingExperiment implements Experiment {

  /** The truncation threshold of the relaxed rows. */
  static final double TAU = 1e-12;

  /** The constraints compared, with their labels in the {@code constraint} column. */
  static final List<Map.Entry<String, Constraint>> CONSTRAINTS =
      List.of(Map.entry("exact", Constraint.support()), Map.entry("truncated 1e-12", Constraint.support(TAU)));

  private final int[] sides;
  private final int subjects;
  private final int ticks;

  DphmmScalingExperiment(boolean quick) {
    this.sides = quick ? new int[] {10, 20} : new int[] {10, 20, 30, 50, 70, 100};
    this.subjects = quick ? 10 : 50;
    this.ticks = quick ? 40 : 200;
  }

  @Override
  public String name() {
    return "dphmm-scaling";
  }

  @Override
  public String description() {
    return "DPHMM on city-scale grids: release time (and ÷ one sparse p·M), per-subject state bytes and release"
        + " error against N = 100 … 10,000 states (exact and truncated support constraint, K-norm, eps = 1)";
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    progress.start(name(), (long) (sides.length + 2) * CONSTRAINTS.size() * subjects);
    for (Map.Entry<String, Constraint> c : CONSTRAINTS) { // JIT warm-up, not reported
      measure(sides[0], c.getValue(), progress);
      measure(sides[1], c.getValue(), progress);
    }
    Table t = new Table("side", "states", "constraint", "subjects", "releases", "mean_us_per_release",
        "mean_us_per_product", "release_to_product", "mean_state_bytes", "max_state_bytes", "mean_constraint_size",
        "mean_error_cells");
    List<Double> x = new ArrayList<>();
    List<Double> sideCells = new ArrayList<>();
    for (int side : sides) {
      x.add((double) side * side);
      sideCells.add((double) side);
    }
    Chart time = new Chart("DPHMM release on a grid, K-norm, epsilon = 1", "states N", "microseconds (mean)")
        .logX().logY();
    Chart state = new Chart("DPHMM per-subject posterior state (checkpointed encoding, from release " + SETTLE_TICKS
        + " on)", "states N", "bytes").logX().logY();
    Chart error = new Chart("DPHMM release error, epsilon = 1: it does not grow with the grid", "states N", "cells")
        .logX().logY();
    for (Map.Entry<String, Constraint> c : CONSTRAINTS) {
      Map<String, List<Double>> y = new LinkedHashMap<>();
      for (int side : sides) {
        Row r = measure(side, c.getValue(), progress);
        long releases = (long) subjects * ticks;
        t.add(side, side * side, c.getKey(), subjects, releases, r.releaseUs, r.productUs, r.releaseUs / r.productUs,
            r.meanBytes, r.maxBytes, r.meanConstraint, r.meanError);
        y.computeIfAbsent("us", k -> new ArrayList<>()).add(r.releaseUs);
        y.computeIfAbsent("product", k -> new ArrayList<>()).add(r.productUs);
        y.computeIfAbsent("bytes", k -> new ArrayList<>()).add(r.meanBytes);
        y.computeIfAbsent("max", k -> new ArrayList<>()).add(r.maxBytes);
        y.computeIfAbsent("error", k -> new ArrayList<>()).add(r.meanError);
      }
      String label = ", " + c.getKey();
      time.add(Chart.Series.line("one release" + label, x, y.get("us")))
          .add(Chart.Series.line("one sparse p.M on the same posteriors" + label, x, y.get("product")));
      // markers for the series a line of the same chart may cover (dense state: mean = largest; equal errors)
      state.add(Chart.Series.line("mean over subjects and ticks" + label, x, y.get("bytes")))
          .add(Chart.Series.scatter("largest" + label, x, y.get("max")));
      error.add(Chart.Series.scatter("mean ||z - f(s*)||" + label, x, y.get("error")));
    }
    error.add(Chart.Series.line("grid side (sqrt N)", x, sideCells));
    Path csv = out.csv("dphmm-scaling", t);
    out.png("dphmm-scaling-time", time);
    out.png("dphmm-scaling-state", state);
    out.png("dphmm-scaling-error", error);
    List<Path> files = new ArrayList<>(out.files());
    files.remove(csv);
    files.add(0, csv);
    return files;
  }

  /** What one grid size measured. */
  private record Row(double releaseUs, double productUs, double meanBytes, double maxBytes, double meanConstraint,
      double meanError) {}

  /** Releases of a subject before its state counts as steady (the first ones start from the uniform p0). */
  static final int SETTLE_TICKS = 10;

  private Row measure(int side, Constraint support, ExperimentProgress progress) {
    int n = side * side;
    DphmmConfig config = BenchModels.dphmm(n, support);
    DphmmReleaser releaser = new DphmmReleaser(config);
    TransitionMatrix m = config.transition();
    DphmmRelease release = releaser.newResult();
    KeyedRandom rng = ExperimentKeys.random();
    int[][] paths = paths(m, n);
    double[] posterior = releaser.newPosterior();
    double[] product = new double[n];
    CompactPosterior state = new CompactPosterior();
    long releaseNanos = 0;
    long productNanos = 0;
    double bytes = 0;
    double maxBytes = 0;
    double constraint = 0;
    double error = 0;
    for (int s = 0; s < subjects; s++) {
      String subject = "walker-" + s;
      for (int t = 0; t < ticks; t++) {
        int truth = paths[s][t];
        if (t > 0) {
          long p0 = System.nanoTime();
          m.multiplyLeft(posterior, product);
          productNanos += System.nanoTime() - p0;
        }
        long r0 = System.nanoTime();
        releaser.release(posterior, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, truth,
            rng.reset("dphmm", subject, t), release);
        releaseNanos += System.nanoTime() - r0;
        if (t >= SETTLE_TICKS) {
          int size = state.encode(posterior).serializedSize();
          bytes += size;
          maxBytes = Math.max(maxBytes, size);
        }
        constraint += release.constraintSize();
        double dr = release.z()[0] - truth / side;
        double dc = release.z()[1] - truth % side;
        error += Math.sqrt(dr * dr + dc * dc);
      }
      progress.step(1);
    }
    double releases = (double) subjects * ticks;
    double products = (double) subjects * (ticks - 1);
    double settled = (double) subjects * (ticks - SETTLE_TICKS);
    return new Row(releaseNanos / 1e3 / releases, productNanos / 1e3 / products, bytes / settled, maxBytes,
        constraint / releases, error / releases);
  }

  /**
   * Lazy-walk paths of every subject (public synthetic data), started uniformly, drawn from the experiments' public
   * key in their own context, so the paths are the same in every run.
   */
  private int[][] paths(TransitionMatrix m, int n) {
    KeyedRandom r = ExperimentKeys.random();
    int[][] paths = new int[subjects][ticks];
    double[] unit = new double[n];
    double[] row = new double[n];
    for (int s = 0; s < subjects; s++) {
      r.reset("dphmm-scaling-paths", "n=" + n + "/subject=" + s, 0);
      int k = (int) r.nextLong(n);
      for (int t = 0; t < ticks; t++) {
        paths[s][t] = k;
        unit[k] = 1;
        m.multiplyLeft(unit, row);
        unit[k] = 0;
        double u = r.nextDouble();
        double acc = 0;
        int next = k;
        for (int j = 0; j < n; j++) {
          acc += row[j];
          if (row[j] > 0 && u < acc) {
            next = j;
            break;
          }
        }
        k = next;
      }
    }
    return paths;
  }
}
