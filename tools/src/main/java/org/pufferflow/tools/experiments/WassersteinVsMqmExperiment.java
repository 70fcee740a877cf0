package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.mqm.ChainCountWasserstein;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;

/**
 * {@code wasserstein-vs-mqm}: the Laplace scale of the Wasserstein Mechanism ("Privacy-preserving Analysis of
 * Correlated Data", §3; the slides' 'Wasserstein Mechanism') for F = number of visits to state 0 of a chain started
 * in its stationary law, against MQMExact (stationary start), MQMApprox and group DP (T/ε), for T = 1..12
 * (docs/experiments.md, 'wasserstein-vs-mqm'). F is 1-Lipschitz, so MQM's scale is σ_max itself. ε = 1.
 * No randomness.
 */
final class WassersteinVsMqmExperiment implements Experiment {

  static final double EPSILON = 1;

  /** A named chain of the comparison. */
  record NamedChain(String name, double[][] matrix, boolean reversible) {}

  static final List<NamedChain> CHAINS = List.of(
      new NamedChain("sym06", new double[][] {{0.6, 0.4}, {0.4, 0.6}}, true),
      new NamedChain("P1", new double[][] {{0.9, 0.1}, {0.2, 0.8}}, true),
      new NamedChain("P3", new double[][] {{0.8, 0.15, 0.05}, {0.05, 0.8, 0.15}, {0.15, 0.05, 0.8}}, false));

  private final int maxLength;

  WassersteinVsMqmExperiment(boolean quick) {
    this.maxLength = quick ? 8 : 12;
  }

  @Override
  public String name() {
    return "wasserstein-vs-mqm";
  }

  @Override
  public String description() {
    return "Wasserstein Mechanism noise vs MQMExact, MQMApprox and group DP for a state count on small chains"
        + " (T = 1..12, k = 2-3, eps = 1)";
  }

  int maxLength() {
    return maxLength;
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    progress.start(name(), (long) CHAINS.size() * maxLength);
    Table t = new Table("chain", "k", "T", "epsilon", "wasserstein_sensitivity", "scale_wasserstein",
        "scale_mqm_exact", "scale_mqm_approx", "approx_mode", "scale_group_dp");
    for (NamedChain nc : CHAINS) {
      double[][] p = nc.matrix();
      double[] pi = ChainAnalysis.stationary(p);
      FiniteChainClass cls = FiniteChainClass.of(p);
      MqmMode approxMode = nc.reversible() ? MqmMode.APPROX_REVERSIBLE : MqmMode.APPROX_GENERAL;
      List<Double> x = new ArrayList<>();
      List<Double> w = new ArrayList<>();
      List<Double> ex = new ArrayList<>();
      List<Double> ap = new ArrayList<>();
      List<Double> g = new ArrayList<>();
      for (int len = 1; len <= maxLength; len++) {
        int sens = ChainCountWasserstein.sensitivity(p, pi, len, 0);
        double ws = ChainCountWasserstein.noiseScale(p, pi, len, 0, EPSILON);
        MqmCalibration exact = calibration(cls, MqmMode.EXACT, len);
        MqmCalibration approx = calibration(cls, approxMode, len);
        t.add(nc.name(), p.length, len, EPSILON, sens, ws, exact.sigmaMax(), approx.sigmaMax(), approxMode.cliName(),
            exact.groupDpSigma());
        x.add((double) len);
        w.add(ws);
        ex.add(exact.sigmaMax());
        ap.add(approx.sigmaMax());
        g.add(exact.groupDpSigma());
        progress.step(1);
      }
      out.png("wasserstein-vs-mqm-" + nc.name(), new Chart(
          "Count of state 0, chain " + nc.name() + " (k = " + p.length + "), epsilon = 1",
          "sequence length T (MQMApprox drawn 0.12 to the right so that it cannot hide MQMExact)",
          "Laplace scale of the count")
          .add(Chart.Series.line("Wasserstein Mechanism (W*/epsilon)", x, w))
          .add(Chart.Series.line("MQMExact (stationary start)" + sameAs(ex, g), x, ex)
              .drawn(Chart.Look.MARKED_LINE))
          .add(Chart.Series.line("MQMApprox (" + approxMode.cliName() + ")" + sameAs(ap, g), x, ap)
              .drawn(Chart.Look.MARKED_LINE).shifted(0.12))
          .add(Chart.Series.line("group DP (T/epsilon)", x, g).drawn(Chart.Look.DASHED)));
    }
    Path csv = out.csv("wasserstein-vs-mqm", t);
    List<Path> files = new ArrayList<>(out.files());
    files.remove(csv);
    files.add(0, csv);
    return files;
  }

  /** A legend note when a line equals group DP at every T (it is then drawn under the dashed group-DP line). */
  static String sameAs(List<Double> line, List<Double> groupDp) {
    return line.equals(groupDp) ? " - equals group DP at every T" : "";
  }

  static MqmCalibration calibration(FiniteChainClass cls, MqmMode mode, int length) {
    return MqmCalibration.builder().chainClass(cls).mode(mode).epsilon(EPSILON).windowLength(length)
        .sensitivity(1).build();
  }
}
