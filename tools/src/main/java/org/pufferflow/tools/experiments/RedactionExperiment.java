package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.redaction.BudgetSplit;
import org.pufferflow.mechanism.redaction.DataIndependentBound;
import org.pufferflow.mechanism.redaction.MqMechanism;
import org.pufferflow.mechanism.redaction.SidedRedactionMechanism;
import org.pufferflow.mechanism.redaction.ThreeRDesign;
import org.pufferflow.mechanism.redaction.ThreeRMechanism;

/**
 * {@code redaction-fig3} and {@code redaction-fig4}: the numerical experiment of "Between Close Enough to Reveal and
 * Far Enough to Protect: a New Privacy Region for Correlated Data" (Maßny, Bitar, Ye, El Rouayheb), Section V,
 * with its parameters p = 1, n = 10, α = 0.01, β = 0.8 (docs/experiments.md, 'redaction-fig3', 'redaction-fig4').
 *
 * <ul>
 *   <li>Figure 3: utility ν against ε (log axis, 0.1 to 10) of the data-independent upper bound (DIM-UB,
 *       Theorem 2, {@link DataIndependentBound#corrected}), "3R (relaxation)" ({@link ThreeRDesign#RELAXED}),
 *       "3R (numerical)" ({@link ThreeRDesign#NUMERICAL}) and, beyond the figure, the MQ mechanism (Algorithm 1,
 *       as printed and tight).
 *   <li>Figure 4: Pr(Y_t = ⊥ | X_t = 0) per record t at ε = 1 for the same mechanisms.
 * </ul>
 *
 * For p = 1 the whole budget goes to the right side ({@link BudgetSplit#right}), the reading under which the
 * paper's claims hold (docs/redaction.md). Each mechanism re-checks its exact leakage on construction; the CSV
 * reports it ({@code SidedRedactionMechanism#leakage()}). No randomness.
 */
final class RedactionExperiment implements Experiment {

  static final double ALPHA = 0.01;
  static final double BETA = 0.8;
  static final long N = 10;
  static final long P = 1;
  /** Figure 4 plots records 1 to 5, as the paper does; the CSV has all n records. */
  static final long PLOTTED_RECORDS = 5;

  /** Which figure of the paper. */
  enum Figure { FIG3, FIG4 }

  private final Figure figure;
  private final int steps;

  RedactionExperiment(Figure figure, boolean quick) {
    this.figure = figure;
    this.steps = quick ? 20 : 200;
  }

  @Override
  public String name() {
    return figure == Figure.FIG3 ? "redaction-fig3" : "redaction-fig4";
  }

  @Override
  public String description() {
    return figure == Figure.FIG3
        ? "Redaction paper Figure 3: utility vs epsilon of DIM-UB, 3R (relaxation), 3R (numerical) and MQ"
            + " (p = 1, n = 10, alpha = 0.01, beta = 0.8)"
        : "Redaction paper Figure 4: Pr(Y_t = redacted | X_t = 0) per record at epsilon = 1 for MQ, 3R"
            + " (relaxation), 3R (numerical)";
  }

  /** The ε grid 10^(−1 + 2k/steps), k = 0..steps (log-spaced over [0.1, 10]). */
  double[] epsilons() {
    double[] e = new double[steps + 1];
    for (int k = 0; k <= steps; k++) {
      e[k] = Math.pow(10, -1 + 2.0 * k / steps);
    }
    return e;
  }

  static BinaryMarkovChain chain() {
    return BinaryMarkovChain.of(ALPHA, BETA);
  }

  static ThreeRMechanism threeR(double eps, ThreeRDesign design) {
    return ThreeRMechanism.builder().chain(chain()).epsilon(eps).privateIndex(P).length(N).design(design)
        .split(BudgetSplit.right(eps)).build();
  }

  static MqMechanism mq(double eps, boolean tight) {
    return MqMechanism.builder().chain(chain()).epsilon(eps).privateIndex(P).length(N).tight(tight).build();
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    if (figure == Figure.FIG3) {
      figure3(out, progress);
    } else {
      figure4(out, progress);
    }
    return out.files();
  }

  private void figure3(Outputs out, ExperimentProgress progress) throws IOException {
    double[] eps = epsilons();
    progress.start(name(), eps.length);
    Table t = new Table("epsilon", "band_m_from", "band_m_to", "dim_ub", "mq_printed", "mq_tight",
        "threeR_relaxed", "q_relaxed", "threeR_numerical", "q_numerical", "leakage_relaxed", "leakage_numerical",
        "leakage_mq_printed", "leakage_mq_tight");
    List<Double> x = new ArrayList<>();
    List<List<Double>> y = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      y.add(new ArrayList<>());
    }
    for (double e : eps) {
      ThreeRMechanism relaxed = threeR(e, ThreeRDesign.RELAXED);
      ThreeRMechanism numerical = threeR(e, ThreeRDesign.NUMERICAL);
      MqMechanism mqPrinted = mq(e, false);
      MqMechanism mqTight = mq(e, true);
      double dim = DataIndependentBound.corrected(chain(), N, P, e);
      long dM = relaxed.right().dM();
      long dS = Math.min(relaxed.right().dS(), N);
      boolean band = dS > dM;
      t.add(e, band ? P + dM : Double.NaN, band ? P + dS - 1 : Double.NaN, dim, mqPrinted.utility(),
          mqTight.utility(), relaxed.utility(), firstQ(relaxed), numerical.utility(), firstQ(numerical),
          relaxed.leakage().total(), numerical.leakage().total(), mqPrinted.leakage().total(),
          mqTight.leakage().total());
      x.add(e);
      y.get(0).add(numerical.utility());
      y.get(1).add(relaxed.utility());
      y.get(2).add(dim);
      y.get(3).add(mqPrinted.utility());
      progress.step(1);
    }
    out.csv(name(), t);
    out.png(name(), new Chart("Redaction paper Figure 3: p = 1, n = 10, alpha = 0.01, beta = 0.8",
        "privacy budget epsilon (log scale)", "utility nu (expected fraction of records released)").logX()
        .add(Chart.Series.line("3R (numerical)", x, y.get(0)))
        .add(Chart.Series.line("3R (relaxation)", x, y.get(1)))
        .add(Chart.Series.line("DIM-UB (Theorem 2)", x, y.get(2)))
        .add(Chart.Series.line("MQ (Algorithm 1 as printed; not in the paper's figure)", x, y.get(3))));
  }

  private void figure4(Outputs out, ExperimentProgress progress) throws IOException {
    double e = 1;
    progress.start(name(), N);
    List<SidedRedactionMechanism> ms = List.of(mq(e, false), mq(e, true), threeR(e, ThreeRDesign.RELAXED),
        threeR(e, ThreeRDesign.NUMERICAL));
    List<String> names = List.of("MQ (Algorithm 1 as printed)", "MQ (tight radius)", "3R (relaxation)",
        "3R (numerical)");
    Table t = new Table("t", "epsilon", "mq_printed", "mq_tight", "threeR_relaxed", "threeR_numerical");
    List<Double> x = new ArrayList<>();
    List<List<Double>> y = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      y.add(new ArrayList<>());
    }
    for (long rec = 1; rec <= N; rec++) {
      double[] r = new double[ms.size()];
      for (int i = 0; i < ms.size(); i++) {
        r[i] = ms.get(i).redactionProbability(rec, 0);
      }
      t.add(rec, e, r[0], r[1], r[2], r[3]);
      if (rec <= PLOTTED_RECORDS) {
        x.add((double) rec);
        for (int i = 0; i < ms.size(); i++) {
          y.get(i).add(r[i]);
        }
      }
      progress.step(1);
    }
    Chart c = new Chart("Redaction paper Figure 4: epsilon = 1, p = 1, n = 10, alpha = 0.01, beta = 0.8",
        "record index t = 1..5 (records 6-10 are 0 for all; series set 0.1 apart so that equal values stay visible)",
        "redaction probability Pr(Y_t = redacted | X_t = 0)");
    for (int i = 0; i < ms.size(); i++) {
      c.add(Chart.Series.scatter(names.get(i), x, y.get(i)).drawn(Chart.Look.POINTS)
          .shifted(0.1 * (i - (ms.size() - 1) / 2.0)));
    }
    out.csv(name(), t);
    out.png(name(), c);
  }

  private static double firstQ(ThreeRMechanism m) {
    double[] q = m.right().q();
    return q.length == 0 ? Double.NaN : q[0];
  }
}
