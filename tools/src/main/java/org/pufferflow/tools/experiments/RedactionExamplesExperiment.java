package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.redaction.BudgetSplit;
import org.pufferflow.mechanism.redaction.DataIndependentBound;
import org.pufferflow.mechanism.redaction.ExactLeakage;
import org.pufferflow.mechanism.redaction.LocalRedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionUtility;
import org.pufferflow.mechanism.redaction.ThreeRDesign;
import org.pufferflow.mechanism.redaction.ThreeRMechanism;

/**
 * {@code redaction-examples}: the worked numbers of "Between Close Enough to Reveal and Far Enough to Protect"
 * (Maßny, Bitar, Ye, El Rouayheb) on the chain α = 0.25, β = 0.5 (docs/experiments.md, 'redaction-examples'):
 *
 * <ul>
 *   <li>Table I: the likelihood ratios Pr(X_2 = x_2 | X_1 = x) / Pr(X_2 = x_2 | X_1 = x̄);
 *   <li>Figure 2: the pointwise influences i(X_p ~> X_t = 1) and i(X_p ~> X_t = 0) for t = p − 3 … p + 3 and the
 *       regions L, M, S they give for ε' (the paper pictures one ε' without its value; every ε' in
 *       [ln 1.5, ln 2) gives the pictured S S M L M S S; we use 0.5 and add 0.3 and 0.7);
 *   <li>Example 1 (n = 2, p = 1, ε = 0.5): the paper's q_2 = 1/8, the numerical 3R design (the smallest q_2), the
 *       relaxed 3R design and the data-independent bound, each with its exact leakage and utility.
 * </ul>
 *
 * The influences are recomputed here from the chain's D-step kernel, not taken from the mechanisms. No randomness.
 */
final class RedactionExamplesExperiment implements Experiment {

  static final double ALPHA = 0.25;
  static final double BETA = 0.5;
  static final double[] EPS_PRIME = {0.3, 0.5, 0.7};
  static final double EXAMPLE_EPSILON = 0.5;
  static final double PAPER_Q2 = 0.125;

  @Override
  public String name() {
    return "redaction-examples";
  }

  @Override
  public String description() {
    return "Redaction paper Table I, Figure 2 (influence regions) and Example 1 (n = 2): alpha = 0.25, beta = 0.5";
  }

  static BinaryMarkovChain chain() {
    return BinaryMarkovChain.of(ALPHA, BETA);
  }

  /** i(X_p ~> X_t = v) = |ln(P^d(0, v) / P^d(1, v))| for a record at distance d (+∞ at d = 0). */
  static double influence(long d, int v) {
    BinaryMarkovChain c = chain();
    return d == 0 ? Double.POSITIVE_INFINITY : Math.abs(Math.log(c.transition(d, 0, v) / c.transition(d, 1, v)));
  }

  /** The region of a record at distance d for ε': L (both values leak more), M (one value may), S (none does). */
  static String region(long d, double epsPrime) {
    double lo = Math.min(influence(d, 0), influence(d, 1));
    double hi = Math.max(influence(d, 0), influence(d, 1));
    return lo > epsPrime ? "L" : hi > epsPrime ? "M" : "S";
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    progress.start(name(), 3);
    BinaryMarkovChain c = chain();
    Table t1 = new Table("x", "x2", "ratio", "ln_ratio");
    for (int x = 0; x <= 1; x++) {
      for (int v = 0; v <= 1; v++) {
        double r = c.transition(x, v) / c.transition(1 - x, v);
        t1.add(x, v, r, Math.log(r));
      }
    }
    out.csv("redaction-table1", t1);
    progress.step(1);

    Table f2 = new Table("offset", "influence_value_1", "influence_value_0", "region_eps_0.3", "region_eps_0.5",
        "region_eps_0.7");
    List<Double> x = new ArrayList<>();
    List<Double> upper = new ArrayList<>();
    List<Double> lower = new ArrayList<>();
    for (long d = -3; d <= 3; d++) {
      long dist = Math.abs(d);
      f2.add(d, influence(dist, 1), influence(dist, 0), region(dist, EPS_PRIME[0]), region(dist, EPS_PRIME[1]),
          region(dist, EPS_PRIME[2]));
      if (d != 0) {
        x.add((double) d);
        upper.add(influence(dist, 1));
        lower.add(influence(dist, 0));
      }
    }
    List<Double> lineX = List.of(-3.0, 3.0);
    out.csv("redaction-fig2", f2);
    out.png("redaction-fig2", new Chart("Redaction paper Figure 2: alpha = 0.25, beta = 0.5; regions at eps' = 0.5:"
        + " S S M L M S S", "t - p (the private record itself, t = p, has infinite influence: region L)",
        "pointwise influence i(X_p ~> X_t = v)")
        .add(Chart.Series.line("i(X_p ~> X_t = 1) (upper)", x, upper).drawn(Chart.Look.MARKED_LINE))
        .add(Chart.Series.line("i(X_p ~> X_t = 0) (lower)", x, lower).drawn(Chart.Look.MARKED_LINE))
        .add(Chart.Series.line("eps' = 0.5", lineX, List.of(0.5, 0.5)).drawn(Chart.Look.DASHED)));
    progress.step(1);

    Table e1 = new Table("mechanism", "q2", "utility", "exact_leakage");
    double eps = EXAMPLE_EPSILON;
    e1.add("paper-q2", PAPER_Q2, RedactionUtility.of(c, new TwoRecords(PAPER_Q2)),
        ExactLeakage.of(c, new TwoRecords(PAPER_Q2), 1).total());
    for (ThreeRDesign design : List.of(ThreeRDesign.NUMERICAL, ThreeRDesign.RELAXED)) {
      ThreeRMechanism m = ThreeRMechanism.builder().chain(c).epsilon(eps).privateIndex(1).length(2).design(design)
          .split(BudgetSplit.right(eps)).build();
      e1.add(design == ThreeRDesign.NUMERICAL ? "3r-numerical" : "3r-relaxed", m.redactionProbability(2, 0),
          m.utility(), m.leakage().total());
    }
    e1.add("dim-upper-bound", Double.NaN, DataIndependentBound.corrected(c, 2, 1, eps), Double.NaN);
    out.csv("redaction-example1", e1);
    progress.step(1);
    return out.files();
  }

  /** Example 1's mechanism: record 1 (the private one) always redacted, record 2 redacted w.p. q_2 when 0. */
  private record TwoRecords(double q2) implements LocalRedactionMechanism {
    @Override
    public long length() {
      return 2;
    }

    @Override
    public double redactionProbability(long t, int value) {
      return t == 1 || value == 1 ? 1 : q2;
    }
  }
}
