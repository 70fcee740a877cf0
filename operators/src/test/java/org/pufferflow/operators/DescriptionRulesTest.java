package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.DescriptionsTest.assertRefused;
import static org.pufferflow.operators.DescriptionsTest.roundTrip;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerParameters;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmParameters;
import org.pufferflow.mechanism.mqm.BoundedChainClass;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmParameters;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.PolicyGraphParameters;
import org.pufferflow.policy.StateQuery;

/**
 * The rules the configuration used to pre-check, judged by the builders, with their ids (not their labels), and
 * the budget carried inside the DPHMM and MQM descriptions.
 */
class DescriptionRulesTest {

  @Test
  void theBuildersJudgeTheRulesTheConfigurationUsedToCheckAndNameThemById() {
    StateQuery f = StateQuery.of("query", new double[][] {{0}, {1}}, 2);
    assertRefused(() -> PolicyGraph.utility(f, 0), PolicyGraphParameters.RADIUS)
        .hasMessage("utility radius r = 0.0: must be finite and > 0");
    assertThat(PolicyGraph.utility(f, 1).edgeCount()).isEqualTo(1);
    assertRefused(() -> LedgerPolicy.builder().totalBudget(1).periodBudget(2, 10).build(),
        LedgerParameters.PERIOD_BUDGET).hasMessage("periodBudget = 2.0: must not exceed totalBudget = 1.0 (a period"
            + " cannot spend more than the whole budget)");
    assertRefused(() -> LedgerPolicy.builder().periodBudget(2, 10).totalBudget(1).build(),
        LedgerParameters.PERIOD_BUDGET); // whatever the order of the calls
    assertThat(LedgerPolicy.builder().totalBudget(1).periodBudget(1, 10).build().periodBudget()).isEqualTo(1);
    assertRefused(() -> Constraint.support(1), DphmmParameters.TRUNCATION)
        .hasMessageStartingWith("support truncation tau = 1.0: must lie in [0.0, 1.0)");
    assertRefused(() -> BoundedChainClass.of(2, 0.6, 0.1), MqmParameters.PI_MIN).hasMessageStartingWith("pi-min = 0.6");
    assertRefused(() -> BoundedChainClass.of(2, 0.2, 0), MqmParameters.GAP);
  }

  @Test
  void anIdIsSeparateFromTheLabelAndKeepsTheSubscript() {
    InvalidParameterException e = new InvalidParameterException("radius", "utility radius r[2]", "m", "r");
    assertThat(e.parameter()).isEqualTo("radius");
    assertThat(e.index()).isEqualTo(2);
    assertThat(new InvalidParameterException("edges[3]", "m", "r").parameter()).isEqualTo("edges");
  }

  @Test
  void aDphmmReleaseConfigurationCarriesItsBudget() throws Exception {
    assertRefused(() -> DescriptionsTest.dphmm().budget(Budgets.total(1)), DphmmParameters.BUDGET)
        .hasMessageContaining("conflicts with the value set earlier");
    DphmmConfig config = DescriptionsTest.dphmm().build();
    assertThat(config.budget()).isEqualTo(Budgets.total(10));
    DphmmConfig back = roundTrip(config);
    assertThat(back).isEqualTo(config).hasSameHashCodeAs(config);
    assertThat(back.budget()).isEqualTo(Budgets.total(10));
    DphmmConfig other = config.withBudget(Budgets.withPeriod(10, 1, 24));
    assertThat(other).isNotEqualTo(config);
    assertThat(other.withBudget(Budgets.total(10))).isEqualTo(config);
    assertThat(other.toString()).contains("budget=LedgerPolicy[totalBudget=10.0, periodBudget=1.0 per 24 ticks]");
    // a release configuration needs one; an analysis configuration may have none, but cannot be released
    assertRefused(() -> DescriptionsTest.bare().forRelease().initial(new double[] {0.3, 0.5, 0.2}).completeGraph()
        .epsilon(1).build(), DphmmParameters.BUDGET).hasMessageStartingWith("budget: is required");
    DphmmConfig analysis = DescriptionsTest.bare().initial(new double[] {0.3, 0.5, 0.2}).completeGraph().epsilon(1)
        .build();
    assertThat(analysis.budget()).isNull();
    assertRefused(() -> new DphmmReleaseFunction(analysis, NoiseKeySource.env("UNSET")), DphmmParameters.BUDGET);
  }

  @Test
  void anMqmPlanCarriesItsBudgetAndFleetFlag() throws Exception {
    MqmWindowPlan plan = DescriptionsTest.mqm().fleet(true).output(MqmOutput.COUNTS).budget(Budgets.total(50))
        .build();
    assertThat(plan.fleet()).isTrue();
    assertThat(plan.budget()).isEqualTo(Budgets.total(50));
    MqmWindowPlan back = roundTrip(plan);
    assertThat(back).isEqualTo(plan).hasSameHashCodeAs(plan);
    assertThat(back.budget()).isEqualTo(plan.budget());
    assertThat(back.fleet()).isTrue();
    MqmWindowPlan none = DescriptionsTest.mqm().fleet(true).build();
    assertThat(none.budget()).isNull();
    assertThat(none).isNotEqualTo(plan);
    assertThat(none.withBudget(Budgets.total(50))).isEqualTo(plan);
    assertThat(DescriptionsTest.mqm().build()).isNotEqualTo(none); // the fleet flag counts
    assertRefused(() -> new MqmWindowFunction(none, NoiseKeySource.env("UNSET"), List.of("a", "b", "c")),
        MqmParameters.BUDGET).hasMessageStartingWith("mqm spec: has no budget");
    assertThatThrownBy(() -> none.withBudget(null)).isInstanceOf(InvalidParameterException.class);
  }
}
