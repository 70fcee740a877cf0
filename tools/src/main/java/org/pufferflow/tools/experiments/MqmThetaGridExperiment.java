package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.noise.KeyedRandom;

/**
 * {@code mqm-theta-grid}: σ over the (p, q) grid of binary chains (T = 100, ε = 1) for MQMExact (stationary start
 * and any initial law), MQMApprox (reversible bound) and group DP, and a Monte-Carlo check of the released window
 * histogram's L1 error against its expectation (docs/experiments.md, 'mqm-theta-grid').
 *
 * <p>Each run draws a stationary sequence of the chain and releases its count histogram with the project's
 * {@link WindowHistogramRelease} (discrete Laplace, β = 2σ_exact rounded up), all from {@link KeyedRandom} under
 * the public {@link ExperimentKeys experiment key}, context ("experiment/mqm-theta-grid", "p=P q=Q", run). The L1
 * error of the relative-frequency histogram is Σ_c |noisy_c − count_c| / T (no clamping). Its expectation is
 * k·2σ/T for continuous Laplace (the papers' formula) and k·E|DLap(β)|/T = k/(T·sinh(1/β)) for the discrete draw.
 */
final class MqmThetaGridExperiment implements Experiment {

  static final String CONTEXT = "experiment/mqm-theta-grid";
  static final int LENGTH = 100;
  static final double EPSILON = 1;

  private final int runs;

  MqmThetaGridExperiment(boolean quick) {
    this.runs = quick ? 40 : 400;
  }

  @Override
  public String name() {
    return "mqm-theta-grid";
  }

  @Override
  public String description() {
    return "sigma of MQMExact / MQMApprox / group DP over the (p, q) grid of binary chains (T = 100, eps = 1) and"
        + " Monte-Carlo L1 error of the released histograms against k*2*sigma/T";
  }

  int runs() {
    return runs;
  }

  static MqmCalibration calibration(double[][] m, MqmMode mode) {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(m)).mode(mode).epsilon(EPSILON)
        .windowLength(LENGTH).sensitivity(2).build();
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    double[] grid = BinaryChains.GRID;
    progress.start(name(), (long) grid.length * grid.length);
    Table t = new Table("p", "q", "sigma_exact", "sigma_exact_any_initial", "sigma_approx_rev", "sigma_group_dp",
        "beta", "expected_l1", "expected_l1_discrete", "mc_runs", "mc_l1_mean", "mc_l1_se", "mc_z");
    KeyedRandom random = ExperimentKeys.random();
    Chart sigma = new Chart("sigma over binary chains, T = 100, epsilon = 1 (p = P(1->1), q = P(0->0))",
        "q = P(0->0)", "noise scale sigma (log scale)").logY();
    List<Double> mcX = new ArrayList<>();
    List<Double> mcY = new ArrayList<>();
    for (double p : grid) {
      List<Double> qs = new ArrayList<>();
      List<Double> ex = new ArrayList<>();
      List<Double> ap = new ArrayList<>();
      for (double q : grid) {
        double[][] m = BinaryChains.matrix(p, q);
        MqmCalibration exact = calibration(m, MqmMode.EXACT);
        MqmCalibration any = calibration(m, MqmMode.EXACT_ANY_INITIAL);
        MqmCalibration approx = calibration(m, MqmMode.APPROX_REVERSIBLE);
        double[] mc = monteCarlo(random, m, exact, "p=" + p + " q=" + q);
        double beta = exact.noiseScale();
        double expected = 2 * 2 * exact.sigmaMax() / LENGTH;
        double discrete = expectedDiscreteL1(beta, 2, LENGTH);
        t.add(p, q, exact.sigmaMax(), any.sigmaMax(), approx.sigmaMax(), exact.groupDpSigma(), beta, expected,
            discrete, runs, mc[0], mc[1], (mc[0] - discrete) / mc[1]);
        qs.add(q);
        ex.add(exact.sigmaMax());
        ap.add(approx.sigmaMax());
        mcX.add(expected);
        mcY.add(mc[0]);
        progress.step(1);
      }
      if (p == 0.1 || p == 0.5 || p == 0.9) {
        sigma.add(Chart.Series.line("MQMExact, p = " + p, qs, ex));
        sigma.add(Chart.Series.line("MQMApprox, p = " + p, qs, ap));
      }
    }
    out.csv("mqm-theta-grid", t);
    out.png("mqm-theta-grid-sigma", sigma);
    double hi = mcX.stream().mapToDouble(Double::doubleValue).max().orElse(1);
    out.png("mqm-theta-grid-l1", new Chart("Monte-Carlo L1 error (" + runs + " runs per chain) vs k*2*sigma/T",
        "expected L1 error k*2*sigma/T", "mean L1 error over runs")
        .add(Chart.Series.scatter("81 chains of the (p, q) grid", mcX, mcY))
        .add(Chart.Series.line("y = x", List.of(0.0, hi), List.of(0.0, hi))));
    return out.files();
  }

  /** Mean and standard error of the L1 error over {@link #runs} releases. */
  double[] monteCarlo(KeyedRandom random, double[][] m, MqmCalibration exact, String chain) {
    WindowHistogramRelease release = WindowHistogramRelease.of(exact);
    double[] pi = ChainAnalysis.stationary(m);
    int[] counts = new int[2];
    long[] noisy = new long[2];
    double sum = 0;
    double sumSq = 0;
    for (int r = 0; r < runs; r++) {
      random.reset(CONTEXT, chain, r);
      counts[0] = 0;
      counts[1] = 0;
      int x = random.nextDouble() < pi[0] ? 0 : 1;
      counts[x]++;
      for (int i = 1; i < LENGTH; i++) {
        x = random.nextDouble() < m[x][0] ? 0 : 1;
        counts[x]++;
      }
      release.release(counts, LENGTH, random, noisy);
      double l1 = (Math.abs(noisy[0] - counts[0]) + Math.abs(noisy[1] - counts[1])) / (double) LENGTH;
      sum += l1;
      sumSq += l1 * l1;
    }
    double mean = sum / runs;
    double var = Math.max(0, (sumSq - runs * mean * mean) / (runs - 1));
    return new double[] {mean, Math.sqrt(var / runs)};
  }

  /** k·E|X|/T for X discrete Laplace with P(x) ∝ exp(−|x|/β): E|X| = 2r/(1 − r²) = 1/sinh(1/β), r = e^{−1/β}. */
  static double expectedDiscreteL1(double beta, int bins, int length) {
    return bins / (length * Math.sinh(1 / beta));
  }
}
