package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.dphmm.DphmmConfig;

/**
 * {@code dphmm-geolife-time}, {@code dphmm-geolife-epsilon}, {@code dphmm-geolife-radius} and {@code dphmm-runtime}:
 * Figures 11, 12, 13 and 10 of the DPHMM paper ("DPHMM: differentially private hidden Markov models", Section 8,
 * 'Empirical evaluation') on the shipped GeoLife sample (docs/experiments.md, 'DPHMM on GeoLife'; model and
 * sequences: {@link GeolifeDphmm}; metrics: {@link DphmmSimulation}).
 *
 * <p>Three mechanisms, K-norm noise, ε = 1 unless varied: DPHMM with the utility graph G_util(r = 1 km), DPHMM with
 * the transition graph G_trs, both with the support constraint and strict repair; and the DPLS baseline
 * (δ-location set, δ = 0.01, complete graph). 20 true sequences × 100 ticks ({@code quick}: 6 × 40), on the
 * paper's 0.34 km cells (858 cells over the box, 164 of them visited).
 * Every CSV except the runtime columns is a deterministic function of the public sample and the public experiment
 * key.
 */
final class DphmmGeolifeExperiment implements Experiment {

  /** Which figure of the paper. */
  enum Figure { TIME, EPSILON, RADIUS, RUNTIME }

  static final double CELL_METERS = 340;
  static final double RADIUS_KM = 1;
  static final double DELTA = 0.01;
  static final double EPSILON = 1;
  static final String UTIL = "dphmm-util";
  static final String TRS = "dphmm-trs";
  static final String DPLS = "dpls";

  private final Figure figure;
  private final boolean quick;

  DphmmGeolifeExperiment(Figure figure, boolean quick) {
    this.figure = figure;
    this.quick = quick;
  }

  @Override
  public String name() {
    return switch (figure) {
      case TIME -> "dphmm-geolife-time";
      case EPSILON -> "dphmm-geolife-epsilon";
      case RADIUS -> "dphmm-geolife-radius";
      case RUNTIME -> "dphmm-runtime";
    };
  }

  @Override
  public String description() {
    return switch (figure) {
      case TIME -> "DPHMM paper Figure 11 on the GeoLife sample: DoP of the true state and error per tick,"
          + " G_util(1 km), G_trs and DPLS (delta = 0.01), epsilon = 1";
      case EPSILON -> "DPHMM paper Figure 12 on the GeoLife sample: mean DoP and error against epsilon";
      case RADIUS -> "DPHMM paper Figure 13 on the GeoLife sample: mean DoP and error of G_util(r) against r,"
          + " DPLS as baseline";
      case RUNTIME -> "DPHMM paper Figure 10 on the GeoLife sample: time per release against the number of states"
          + " (grids of 1.36 to 0.34 km cells; timings vary between runs)";
    };
  }

  int sequences() {
    return quick ? 6 : 20;
  }

  int ticks() {
    return quick ? 40 : 100;
  }

  double[] epsilons() {
    return quick ? new double[] {0.2, 5} : new double[] {0.1, 0.2, 0.5, 1, 2, 5, 10};
  }

  double[] radii() {
    return quick ? new double[] {0.5, 2} : new double[] {0.5, 1, 1.5, 2, 2.5, 3};
  }

  double[] cellSizes() {
    return quick ? new double[] {1360, 680} : new double[] {1360, 1020, 680, 510, 340};
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    switch (figure) {
      case TIME -> time(out, progress);
      case EPSILON -> epsilon(out, progress);
      case RADIUS -> radius(out, progress);
      case RUNTIME -> runtime(out, progress);
    }
    return out.files();
  }

  private static List<String> mechanisms() {
    return List.of(UTIL, TRS, DPLS);
  }

  private static String legend(String mechanism) {
    return switch (mechanism) {
      case UTIL -> "DPHMM, G_util (r = 1 km)";
      case TRS -> "DPHMM, G_trs";
      default -> "DPLS (delta = 0.01)";
    };
  }

  private static DphmmConfig config(GeolifeDphmm geo, String mechanism, double eps) {
    return switch (mechanism) {
      case UTIL -> DphmmSimulation.config(geo, geo.utilityGraph(RADIUS_KM), eps);
      case TRS -> DphmmSimulation.config(geo, geo.transitionGraph(), eps);
      default -> DphmmSimulation.dpls(geo, DELTA, eps);
    };
  }

  private DphmmSimulation.Result simulate(GeolifeDphmm geo, int[][] seqs, DphmmConfig c, String label, boolean dop,
      ExperimentProgress progress) {
    return new DphmmSimulation(geo, c, dop).run(seqs, label, progress);
  }

  private void time(Outputs out, ExperimentProgress progress) throws IOException {
    GeolifeDphmm geo = GeolifeDphmm.of(CELL_METERS);
    int[][] seqs = geo.sequences(sequences(), ticks());
    progress.start(name(), 3L * sequences());
    Table table = new Table("tick", "mechanism", "mean_dop", "min_dop", "mean_error_km", "mean_constraint_size");
    Chart dop = new Chart("GeoLife sample (" + geo.states() + " cells of " + cellKm() + " km), epsilon = 1: DoP of"
        + " the true state", "tick (1 min)", "mean DoP over " + sequences() + " sequences");
    Chart err = new Chart("GeoLife sample, epsilon = 1: release error", "tick (1 min)",
        "mean ||z - f(s*)|| (km) over " + sequences() + " sequences");
    for (String m : mechanisms()) {
      DphmmSimulation.Result r = simulate(geo, seqs, config(geo, m, EPSILON), m, true, progress);
      List<Double> x = new ArrayList<>();
      List<Double> yd = new ArrayList<>();
      List<Double> ye = new ArrayList<>();
      for (int t = 0; t < ticks(); t++) {
        table.add(t, m, r.meanDop(t), r.minDop(t), r.meanError(t), r.meanConstraint(t));
        x.add((double) t);
        yd.add(r.meanDop(t));
        ye.add(r.meanError(t));
      }
      dop.add(Chart.Series.line(legend(m), x, yd));
      err.add(Chart.Series.line(legend(m), x, ye));
    }
    out.csv(name(), table);
    out.png(name() + "-dop", dop);
    out.png(name() + "-error", err);
  }

  private void epsilon(Outputs out, ExperimentProgress progress) throws IOException {
    GeolifeDphmm geo = GeolifeDphmm.of(CELL_METERS);
    int[][] seqs = geo.sequences(sequences(), ticks());
    progress.start(name(), 3L * sequences() * epsilons().length);
    Table table = new Table("epsilon", "mechanism", "mean_dop", "min_dop", "mean_error_km", "mean_constraint_size",
        "exact_releases", "true_outside_constraint");
    Chart dop = new Chart("GeoLife sample: mean DoP of the true state against epsilon", "epsilon (log scale)",
        "mean DoP over " + sequences() + " x " + ticks() + " releases").logX();
    Chart err = new Chart("GeoLife sample: mean release error against epsilon", "epsilon (log scale)",
        "mean ||z - f(s*)|| (km, log scale)").logX().logY();
    for (String m : mechanisms()) {
      List<Double> x = new ArrayList<>();
      List<Double> yd = new ArrayList<>();
      List<Double> ye = new ArrayList<>();
      for (double eps : epsilons()) {
        DphmmSimulation.Result r = simulate(geo, seqs, config(geo, m, eps), m, true, progress);
        table.add(eps, m, r.averageDop(), r.minDop(), r.averageError(), r.averageConstraint(), r.exactReleases,
            r.trueOutsideConstraint);
        x.add(eps);
        yd.add(r.averageDop());
        ye.add(r.averageError());
      }
      dop.add(Chart.Series.line(legend(m), x, yd));
      err.add(Chart.Series.line(legend(m), x, ye));
    }
    out.csv(name(), table);
    out.png(name() + "-dop", dop);
    out.png(name() + "-error", err);
  }

  private void radius(Outputs out, ExperimentProgress progress) throws IOException {
    GeolifeDphmm geo = GeolifeDphmm.of(CELL_METERS);
    int[][] seqs = geo.sequences(sequences(), ticks());
    progress.start(name(), (radii().length + 1L) * sequences());
    Table table = new Table("radius_km", "mechanism", "graph_edges", "mean_dop", "min_dop", "mean_error_km",
        "mean_constraint_size");
    DphmmSimulation.Result base = simulate(geo, seqs, config(geo, DPLS, EPSILON), DPLS, true, progress);
    List<Double> x = new ArrayList<>();
    List<Double> yd = new ArrayList<>();
    List<Double> ye = new ArrayList<>();
    List<Double> bd = new ArrayList<>();
    List<Double> be = new ArrayList<>();
    for (double r : radii()) {
      DphmmConfig c = DphmmSimulation.config(geo, geo.utilityGraph(r), EPSILON);
      DphmmSimulation.Result res = simulate(geo, seqs, c, UTIL, true, progress);
      table.add(r, UTIL, c.policyGraph().edgeCount(), res.averageDop(), res.minDop(), res.averageError(),
          res.averageConstraint());
      table.add(r, DPLS, "", base.averageDop(), base.minDop(), base.averageError(), base.averageConstraint());
      x.add(r);
      yd.add(res.averageDop());
      ye.add(res.averageError());
      bd.add(base.averageDop());
      be.add(base.averageError());
    }
    Chart dop = new Chart("GeoLife sample, epsilon = 1: mean DoP of the true state against the utility radius",
        "r (km)", "mean DoP over " + sequences() + " x " + ticks() + " releases");
    dop.add(Chart.Series.line("DPHMM, G_util(r)", x, yd)).add(Chart.Series.line(legend(DPLS), x, bd));
    Chart err = new Chart("GeoLife sample, epsilon = 1: mean release error against the utility radius", "r (km)",
        "mean ||z - f(s*)|| (km)");
    err.add(Chart.Series.line("DPHMM, G_util(r)", x, ye)).add(Chart.Series.line(legend(DPLS), x, be));
    out.csv(name(), table);
    out.png(name() + "-dop", dop);
    out.png(name() + "-error", err);
  }

  private void runtime(Outputs out, ExperimentProgress progress) throws IOException {
    progress.start(name(), 3L * sequences() * (cellSizes().length + 2));
    // warm-up (JIT), not reported
    GeolifeDphmm small = GeolifeDphmm.of(cellSizes()[0]);
    for (String m : mechanisms()) {
      simulate(small, small.sequences(sequences(), ticks()), config(small, m, EPSILON), m, false, progress);
    }
    Table table = new Table("cell_m", "states", "visited_states", "mechanism", "releases", "mean_constraint_size",
        "mean_us_per_release");
    List<List<Double>> xs = new ArrayList<>();
    List<List<Double>> ys = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      xs.add(new ArrayList<>());
      ys.add(new ArrayList<>());
    }
    for (double cell : cellSizes()) {
      GeolifeDphmm geo = GeolifeDphmm.of(cell);
      int[][] seqs = geo.sequences(sequences(), ticks());
      for (int i = 0; i < 3; i++) {
        String m = mechanisms().get(i);
        DphmmSimulation.Result r = simulate(geo, seqs, config(geo, m, EPSILON), m, false, progress);
        table.add(cell, geo.states(), geo.visitedStates(), m, (long) sequences() * ticks(), r.averageConstraint(),
            r.averageMicros());
        xs.get(i).add((double) geo.states());
        ys.get(i).add(r.averageMicros());
      }
    }
    Chart chart = new Chart("GeoLife sample, epsilon = 1: time per release (JVM, includes hull builds)",
        "number of states (grid cells)", "mean time per release (microseconds, log scale)").logY();
    for (int i = 0; i < 3; i++) {
      chart.add(Chart.Series.line(legend(mechanisms().get(i)), xs.get(i), ys.get(i)));
    }
    out.csv(name(), table);
    out.png(name(), chart);

    // Figure 10's own axis: time per release against the tick, on the experiments' grid
    GeolifeDphmm geo = GeolifeDphmm.of(CELL_METERS);
    int[][] seqs = geo.sequences(sequences(), ticks());
    Table ticks = new Table("tick", "mechanism", "mean_us_per_release", "mean_constraint_size");
    Chart perTick = new Chart("GeoLife sample (" + geo.states() + " cells of " + cellKm() + " km), epsilon = 1: time"
        + " per release", "tick (1 min)", "mean time per release (microseconds, log scale)").logY();
    for (String m : mechanisms()) {
      DphmmSimulation.Result r = simulate(geo, seqs, config(geo, m, EPSILON), m, false, progress);
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int t = 0; t < ticks(); t++) {
        ticks.add(t, m, r.meanMicros(t), r.meanConstraint(t));
        x.add((double) t);
        y.add(Math.max(r.meanMicros(t), 1e-3));
      }
      perTick.add(Chart.Series.line(legend(m), x, y));
    }
    out.csv(name() + "-ticks", ticks);
    out.png(name() + "-ticks", perTick);
  }

  private static String cellKm() {
    return Double.toString(CELL_METERS / 1000);
  }
}
