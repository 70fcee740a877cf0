package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.tools.chart.Chart;

/**
 * {@code composition-counterexample}: the construction in the proof of Theorem 3.4 of "Composition Properties of
 * Inferential Privacy for Time-Series Data" (Song and Chaudhuri): general Pufferfish mechanisms do not compose
 * linearly. X = (X_1, X_2) a binary chain with P(X_2 = 1 | X_1 = 1) = p = 0.9 and P(X_2 = 1 | X_1 = 0) = q = 0.01,
 * the secret pair (X_1 = 0, X_1 = 1), F = X_1 + X_2 and M = F + Lap(1). One release M guarantees
 * ε(M) = ln max_w max{S(w), 1/S(w)} with S(w) = p(M = w | X_1 = 1) / p(M = w | X_1 = 0); two releases with
 * independent noise guarantee ln max_{w,w'} max{D, 1/D} for the joint ratio D(w, w'), which exceeds 2ε(M).
 *
 * <p>The maxima are taken over grids that contain the breakpoints w ∈ {0, 1, 2} of the Laplace densities (w on
 * [−2, 4] in steps of 0.01, the pairs (w, w') on [−2, 4]² in steps of 0.05); the ratios are constant for w ≤ 0 and
 * w ≥ 2 (docs/experiments.md, 'composition-counterexample'). No randomness.
 */
final class CompositionCounterexampleExperiment implements Experiment {

  static final double P = 0.9;
  static final double Q = 0.01;
  static final double W_MIN = -2;
  static final double W_MAX = 4;
  static final int STEPS_PER_UNIT = 100;
  static final int PAIR_STEPS_PER_UNIT = 20;
  static final double PLOT_FROM = 1.95;

  @Override
  public String name() {
    return "composition-counterexample";
  }

  @Override
  public String description() {
    return "Composition paper Theorem 3.4: two releases of X1 + X2 + Lap(1) on a 2-node chain (p = 0.9, q = 0.01)"
        + " lose more than twice the loss of one";
  }

  /** The Lap(1) density at x. */
  static double laplace(double x) {
    return 0.5 * Math.exp(-Math.abs(x));
  }

  /** S(w) = p(M = w | X_1 = 1) / p(M = w | X_1 = 0) (the proof of Theorem 3.4). */
  static double ratioSingle(double w) {
    return (laplace(w - 2) * P + laplace(w - 1) * (1 - P)) / (laplace(w - 1) * Q + laplace(w) * (1 - Q));
  }

  /** D(w, w'): the same ratio for two releases with independent noise. */
  static double ratioPair(double w, double v) {
    return (laplace(w - 2) * laplace(v - 2) * P + laplace(w - 1) * laplace(v - 1) * (1 - P))
        / (laplace(w - 1) * laplace(v - 1) * Q + laplace(w) * laplace(v) * (1 - Q));
  }

  /** |ln r|: the loss an output with likelihood ratio r reveals. */
  static double loss(double ratio) {
    return Math.abs(Math.log(ratio));
  }

  static double gridPoint(int i, int perUnit) {
    return W_MIN + (double) i / perUnit;
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    int n = (int) ((W_MAX - W_MIN) * STEPS_PER_UNIT);
    int m = (int) ((W_MAX - W_MIN) * PAIR_STEPS_PER_UNIT);
    progress.start(name(), n + 1L + m + 1L);
    Table curve = new Table("w", "loss_single", "loss_pair_diagonal", "twice_max_loss_single");
    List<Double> x = new ArrayList<>();
    List<Double> single = new ArrayList<>();
    List<Double> pair = new ArrayList<>();
    double epsSingle = 0;
    double epsDiagonal = 0;
    for (int i = 0; i <= n; i++) {
      double w = gridPoint(i, STEPS_PER_UNIT);
      double s = loss(ratioSingle(w));
      double d = loss(ratioPair(w, w));
      epsSingle = Math.max(epsSingle, s);
      epsDiagonal = Math.max(epsDiagonal, d);
      x.add(w);
      single.add(s);
      pair.add(d);
      progress.step(1);
    }
    double epsPair = 0;
    for (int i = 0; i <= m; i++) {
      for (int j = 0; j <= m; j++) {
        epsPair = Math.max(epsPair, loss(ratioPair(gridPoint(i, PAIR_STEPS_PER_UNIT),
            gridPoint(j, PAIR_STEPS_PER_UNIT))));
      }
      progress.step(1);
    }
    for (int i = 0; i <= n; i++) {
      curve.add(x.get(i), single.get(i), pair.get(i), 2 * epsSingle);
    }
    Table summary = new Table("p", "q", "epsilon_single", "twice_epsilon_single", "epsilon_pair_diagonal",
        "epsilon_pair_grid", "excess_over_linear");
    summary.add(P, Q, epsSingle, 2 * epsSingle, epsDiagonal, epsPair, epsPair - 2 * epsSingle);
    // the plot zooms on w >= PLOT_FROM, where the pair's loss reaches its maximum, so that the small excess shows
    List<Double> px = new ArrayList<>();
    List<Double> py = new ArrayList<>();
    List<Double> twice = new ArrayList<>();
    for (int i = 0; i <= n; i++) {
      if (x.get(i) >= PLOT_FROM) {
        px.add(x.get(i));
        py.add(pair.get(i));
        twice.add(2 * epsSingle);
      }
    }
    out.csv(name(), curve);
    out.csv(name() + "-summary", summary);
    out.png(name(), new Chart("Theorem 3.4: M = X1 + X2 + Lap(1), chain p = 0.9, q = 0.01, secret X1 = 0 vs X1 = 1",
        "released value w = w' of both releases (w >= 1.95; the CSV has w from -2)",
        "loss |ln likelihood ratio| of the outputs").roundedYRange()
        .add(Chart.Series.line("two releases, equal outputs w = w': |ln D(w, w)|", px, py))
        .add(Chart.Series.line("linear composition: twice the loss of one release, 2 max_w |ln S(w)|", px, twice)
            .drawn(Chart.Look.DASHED)));
    return out.files();
  }
}
