package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;

/**
 * {@link JobPlanner#dphmm} on built DPHMM configurations (docs/cli.md, "plan --config"): the warnings no configured
 * repair mode can trigger (an unrepaired graph, an incomplete span) and invariants in ε.
 */
class JobPlannerDphmmTest {

  static final double[][] M = {{0.5, 0.5, 0, 0}, {0.25, 0.5, 0.25, 0}, {0, 0.25, 0.5, 0.25}, {0, 0, 0.5, 0.5}};
  static final double[][] LINE = {{0}, {1}, {2}, {10}};

  static DphmmConfig.Builder base() {
    return base(LINE, 1);
  }

  /** The base model with query {@code f} and ε (the builder refuses a second, different setting of either). */
  static DphmmConfig.Builder base(double[][] f, double epsilon) {
    return DphmmConfig.builder().transition(TransitionMatrices.of(M)).initial(new double[] {0.25, 0.25, 0.25, 0.25})
        .query(f).epsilon(epsilon);
  }

  /** The warnings of {@code c}'s plan, as {@code plan --config} prints them. */
  private static List<String> warnings(DphmmConfig c) {
    return new DphmmUnit().plan(c, new PlanContext(null, 60_000)).warnings();
  }

  @Test
  void unrepairedExposureIsWarnedAbout() {
    DphmmConfig c = base().policyGraph(PolicyGraph.edges(4, new int[][] {{0, 1}})).repair(RepairMode.NONE)
        .fullSpan(false).build();
    DphmmOutlook d = JobPlanner.dphmm(c);
    assertThat(d.exposedBefore()).containsExactly(3);
    assertThat(d.exposedAfter()).containsExactly(3);
    assertThat(d.addedEdges()).isEmpty();
    List<String> w = warnings(c);
    assertThat(w).anyMatch(s -> s.startsWith("dphmm.policyGraph:") && s.contains("[3]")
        && s.contains("'all states'"));
  }

  @Test
  void anIncompleteSpanHasAnInfiniteCostAndAWarning() {
    // two components with different directions are impossible in d = 1, so use a 2-D query whose only edge is
    // horizontal: the vertical difference lies off span(K)
    double[][] f = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    DphmmConfig c = base(f, 1).policyGraph(PolicyGraph.edges(4, new int[][] {{0, 1}, {2, 3}}))
        .repair(RepairMode.STRICT).fullSpan(false).build();
    DphmmOutlook d = JobPlanner.dphmm(c);
    assertThat(d.fullSpace().cost()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(d.costMax()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(warnings(c))
        .anyMatch(s -> s.startsWith("dphmm.fullSpan:") && s.contains("'all states'"));
    // with fullSpan the repair completes the span and the cost is finite again
    DphmmOutlook repaired = JobPlanner.dphmm(base(f, 1)
        .policyGraph(PolicyGraph.edges(4, new int[][] {{0, 1}, {2, 3}})).build());
    assertThat(repaired.costMax()).isLessThan(Double.POSITIVE_INFINITY);
    assertThat(repaired.addedEdges()).isNotEmpty();
  }

  @Test
  void rowsOfTheTransitionMatrixAreTheEvaluatedConstraints() {
    DphmmOutlook d = JobPlanner.dphmm(base().completeGraph().build());
    assertThat(d.evaluated()).extracting(ConstraintCost::name)
        .containsExactly("all states", "row 0", "row 1", "row 2", "row 3");
    assertThat(d.evaluated().get(1).constraint()).containsExactly(0, 1);
    assertThat(d.evaluated().get(4).constraint()).containsExactly(2, 3);
    // complete graph on C: the multiplier is 1 for every C (Theorem 6.3 with K = conv(f(C) − f(C)))
    for (ConstraintCost c : d.evaluated()) {
      assertThat(c.multiplier()).isCloseTo(1.0, within(1e-12));
    }
    assertThat(d.queryDiameter()).isEqualTo(10.0);
  }

  @Property(tries = 60)
  void costsScaleWithEpsilonAndErrorsInversely(
      @ForAll @DoubleRange(min = 0.05, max = 20) double epsilon,
      @ForAll @Size(8) List<@DoubleRange(min = -5, max = 5) Double> xy) {
    double[][] f = new double[4][2];
    for (int i = 0; i < 4; i++) {
      f[i][0] = xy.get(2 * i);
      f[i][1] = xy.get(2 * i + 1);
    }
    DphmmOutlook one = JobPlanner.dphmm(base(f, 1).completeGraph().build());
    DphmmOutlook d = JobPlanner.dphmm(base(f, epsilon).completeGraph().build());
    assertThat(d.costMin()).isLessThanOrEqualTo(d.costMax());
    assertThat(d.costMax()).isCloseTo(epsilon * one.costMax(), within(1e-9 * (1 + epsilon * one.costMax())));
    assertThat(d.expectedL2Error() * epsilon).isCloseTo(one.expectedL2Error(), within(1e-9 * (1 + one.expectedL2Error())));
    assertThat(d.expectedGaugeError()).isEqualTo(d.hullDimension() == 0 ? 0 : (d.hullDimension() + 1) / epsilon);
    // the K-norm noise of the full hull reaches, on average, no farther than (r + 1)/ε radii of K
    assertThat(d.expectedL2Error()).isLessThanOrEqualTo(d.expectedGaugeError() * d.queryDiameter() * (1 + 1e-9));
  }
}
