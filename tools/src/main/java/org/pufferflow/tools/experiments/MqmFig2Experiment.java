package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.mqm.BoundedChainClass;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;

/**
 * {@code mqm-fig2}: the simulation figures of the MQM papers (docs/experiments.md, 'mqm-fig2').
 *
 * <ul>
 *   <li>Panels a–c, "Privacy-preserving Analysis of Correlated Data" (Wang, Song, Chaudhuri), §5, Figure 2: the
 *       expected L1 error k·2σ/T of the relative-frequency histogram released by MQMApprox (Lemma 4.7, the
 *       reversible bound) for a k = 5 state class known by (π_est, g_est), against ε on a log axis, one line per
 *       value of (a) π_est, (b) g_est, (c) T; group DP (σ = T/ε) for reference.
 *   <li>Panel d, the slides "Pufferfish Privacy Mechanisms for Correlated Data", 'Simulations': binary chains with
 *       p, q ∈ Θ = [ℓ, 1−ℓ] (grid 0.1..0.9), T = 100, ε = 1: σ of MQMExact (stationary start) and MQMApprox as the
 *       per-θ maximum over the grid (Algorithm 1), MQMApprox from the global bounds (π_Θ = ℓ, g_Θ = 2ℓ), and group
 *       DP, against ℓ.
 * </ul>
 *
 * Every σ is the project's {@link MqmCalibration} for the stated class and mode, the same number
 * {@code pufferflow plan mqm} prints. No randomness.
 */
final class MqmFig2Experiment implements Experiment {

  static final int STATES = 5;
  static final double PI_EST = 0.05;
  static final double GAP_EST = 0.1;
  static final int LENGTH = 1000;

  private final boolean quick;
  private final double[] ells;

  MqmFig2Experiment(boolean quick) {
    this(quick, quick ? new double[] {0.3, 0.4} : new double[] {0.1, 0.2, 0.3, 0.4});
  }

  /** A run with the given ℓ values of panel d (the reduced tests use every ℓ there, it is cheap). */
  MqmFig2Experiment(boolean quick, double[] ells) {
    this.quick = quick;
    this.ells = ells.clone();
  }

  @Override
  public String name() {
    return "mqm-fig2";
  }

  @Override
  public String description() {
    return "MQM paper Figure 2 (expected L1 error of MQMApprox vs log epsilon for pi_est, g_est, T) and the slides'"
        + " binary-chain simulation (sigma of MQMExact, MQMApprox, group DP vs Theta = [l, 1-l])";
  }

  double[] epsilons() {
    return quick ? new double[] {0.2, 1, 5} : new double[] {0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10};
  }

  double[] piEsts() {
    return new double[] {0.01, 0.02, 0.05};
  }

  double[] gapEsts() {
    return new double[] {0.02, 0.05, 0.1};
  }

  int[] lengths() {
    return quick ? new int[] {100, 1000} : new int[] {100, 1000, 10000};
  }

  double[] ells() {
    return ells.clone();
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    int e = epsilons().length;
    progress.start(name(), (long) e * (piEsts().length + gapEsts().length + lengths().length) + ells().length);
    panel(out, progress, "a", "pi_est");
    panel(out, progress, "b", "g_est");
    panel(out, progress, "c", "T");
    panelD(out, progress);
    return out.files();
  }

  /** The approximate σ of a k = 5 class known by bounds, in the reversible mode of Lemma 4.7. */
  static MqmCalibration approx(double piEst, double gapEst, int length, double epsilon) {
    return MqmCalibration.builder().chainClass(BoundedChainClass.of(STATES, piEst, gapEst))
        .mode(MqmMode.APPROX_REVERSIBLE).epsilon(epsilon).windowLength(length).sensitivity(2).build();
  }

  private void panel(Outputs out, ExperimentProgress progress, String panel, String varied) throws IOException {
    Table t = new Table("varied", "pi_est", "g_est", "T", "epsilon", "ln_epsilon", "sigma_approx",
        "group_dp_fallback", "expected_l1_approx", "sigma_group_dp", "expected_l1_group_dp");
    double[] values = switch (varied) {
      case "pi_est" -> piEsts();
      case "g_est" -> gapEsts();
      default -> toDoubles(lengths());
    };
    Chart chart = new Chart("MQM paper Figure 2(" + panel + "): MQMApprox, k = 5, lines by " + varied,
        "epsilon (log scale)", "expected L1 error k*2*sigma/T (log scale)").logX().logY();
    List<Double> eps = new ArrayList<>();
    List<Double> groupL1 = new ArrayList<>();
    for (double v : values) {
      double pi = varied.equals("pi_est") ? v : PI_EST;
      double g = varied.equals("g_est") ? v : GAP_EST;
      int len = varied.equals("T") ? (int) v : LENGTH;
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (double epsilon : epsilons()) {
        MqmCalibration c = approx(pi, g, len, epsilon);
        double l1 = STATES * 2 * c.sigmaMax() / len;
        double groupSigma = c.groupDpSigma();
        t.add(varied, pi, g, len, epsilon, Math.log(epsilon), c.sigmaMax(), c.isGroupDpFallback() ? 1 : 0, l1,
            groupSigma, STATES * 2 * groupSigma / len);
        x.add(epsilon);
        y.add(l1);
        if (eps.size() < epsilons().length) {
          eps.add(epsilon);
          groupL1.add(STATES * 2.0 / epsilon);
        }
        progress.step(1);
      }
      boolean fallback = true;
      for (int i = 0; i < y.size(); i++) {
        fallback &= Math.abs(y.get(i) - STATES * 2.0 / x.get(i)) <= 1e-12 * y.get(i);
      }
      chart.add(Chart.Series.line(varied + " = " + Table.number(v)
          + (fallback ? " - equals group DP at every epsilon (under the dashed line)" : ""), x, y));
    }
    // drawn last and dashed: a line that falls back to group DP shows through its gaps
    chart.add(Chart.Series.line("group DP (any " + varied + ")", eps, groupL1).drawn(Chart.Look.DASHED));
    out.csv("mqm-fig2" + panel, t);
    out.png("mqm-fig2" + panel, chart);
  }

  private void panelD(Outputs out, ExperimentProgress progress) throws IOException {
    int length = 100;
    double epsilon = 1;
    Table t = new Table("ell", "T", "epsilon", "chains", "sigma_exact", "exact_argmax_p", "exact_argmax_q",
        "sigma_approx_per_theta", "sigma_approx_global", "sigma_group_dp", "expected_l1_exact");
    List<Double> x = new ArrayList<>();
    List<Double> exact = new ArrayList<>();
    List<Double> perTheta = new ArrayList<>();
    List<Double> global = new ArrayList<>();
    List<Double> group = new ArrayList<>();
    for (double ell : ells()) {
      List<double[]> pq = new ArrayList<>();
      FiniteChainClass cls = FiniteChainClass.of(BinaryChains.grid(ell, pq));
      MqmCalibration ex = MqmCalibration.builder().chainClass(cls).mode(MqmMode.EXACT).epsilon(epsilon)
          .windowLength(length).build();
      MqmCalibration ap = MqmCalibration.builder().chainClass(cls).mode(MqmMode.APPROX_REVERSIBLE)
          .epsilon(epsilon).windowLength(length).build();
      MqmCalibration gl = MqmCalibration.builder().chainClass(BoundedChainClass.of(2, ell, 2 * ell))
          .mode(MqmMode.APPROX_REVERSIBLE).epsilon(epsilon).windowLength(length).build();
      double[] arg = pq.get(ex.thetaIndex());
      t.add(ell, length, epsilon, pq.size(), ex.sigmaMax(), arg[0], arg[1], ap.sigmaMax(), gl.sigmaMax(),
          ex.groupDpSigma(), 2 * 2 * ex.sigmaMax() / length);
      x.add(ell);
      exact.add(ex.sigmaMax());
      perTheta.add(ap.sigmaMax());
      global.add(gl.sigmaMax());
      group.add(ex.groupDpSigma());
      progress.step(1);
    }
    out.csv("mqm-fig2d", t);
    out.png("mqm-fig2d", new Chart("Binary chains, Theta = [l, 1-l], T = 100, epsilon = 1",
        "l (Theta = [l, 1-l] for both self-transition probabilities)", "noise scale sigma (log scale)").logY()
        .add(Chart.Series.line("MQMExact (per-theta max)", x, exact))
        .add(Chart.Series.line("MQMApprox (per-theta max)", x, perTheta))
        .add(Chart.Series.line("MQMApprox (global pi = l, g = 2l)", x, global))
        .add(Chart.Series.line("group DP (T/epsilon)", x, group)));
  }

  private static double[] toDoubles(int[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i];
    }
    return d;
  }
}
