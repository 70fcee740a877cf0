package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerPolicy;

/** Budget horizons and cost rounding of {@link JobPlanner} (docs/cli.md, "plan --config"). */
class JobPlannerTest {

  @Test
  void dyadicEpsilonBuysExactlyTheFloorOfTheRatio() {
    BudgetHorizon b = JobPlanner.budget(LedgerPolicy.builder().totalBudget(1000).build(), 0.25, 1);
    assertThat(b.releasesUntilExhaustion()).isEqualTo(4000);
    assertThat(b.counted()).isTrue();
    assertThat(b.hasPeriod()).isFalse();
    assertThat(b.releasesPerPeriod()).isEqualTo(-1);
  }

  @Test
  void periodBudgetCountsReleasesPerPeriodAndWhatTheScheduleWants() {
    LedgerPolicy p = LedgerPolicy.builder().totalBudget(500).periodBudget(24, 288).build();
    BudgetHorizon b = JobPlanner.budget(p, 1.0, 12);
    assertThat(b.releasesUntilExhaustion()).isEqualTo(500);
    assertThat(b.releasesPerPeriod()).isEqualTo(24);
    assertThat(b.releasesWantedPerPeriod()).isEqualTo(24);
    assertThat(JobPlanner.budget(p, 1.0, 7).releasesWantedPerPeriod()).isEqualTo(42); // ⌈288/7⌉
  }

  @Test
  void hugeCountsAreTheExactFloorNotALedgerCount() {
    BudgetHorizon b = JobPlanner.budget(LedgerPolicy.builder().totalBudget(10).build(), 1e-6, 1);
    assertThat(b.counted()).isFalse();
    // the double 1e-6 is slightly below 10^-6, so 10/ε is slightly above 10^7
    assertThat(b.releasesUntilExhaustion()).isEqualTo(10_000_000);
  }

  @Property(tries = 300)
  void theLedgerNeverPaysForMoreThanTheBudget(
      @ForAll @DoubleRange(min = 0.01, max = 3) @Scale(9) double epsilon,
      @ForAll @DoubleRange(min = 0.5, max = 200) double total) {
    BudgetHorizon b = JobPlanner.budget(LedgerPolicy.builder().totalBudget(total).build(), epsilon, 1);
    BigDecimal spent = new BigDecimal(epsilon).multiply(BigDecimal.valueOf(b.releasesUntilExhaustion()));
    assertThat(spent).isLessThanOrEqualTo(new BigDecimal(total));
    long floor = JobPlanner.floorRatio(total, epsilon);
    // rounding every sum up costs at most one release per ~2^52 / k ulps; never more than one here
    assertThat(b.releasesUntilExhaustion()).isBetween(floor - 1, floor);
  }

  @Property(tries = 500)
  void costsAreNeverUnderstated(
      @ForAll @DoubleRange(min = 0, max = 1e6) double a, @ForAll @DoubleRange(min = 1e-6, max = 100) @Scale(12) double b) {
    double c = JobPlanner.timesRoundingUp(a, b);
    assertThat(new BigDecimal(c)).isGreaterThanOrEqualTo(new BigDecimal(a).multiply(new BigDecimal(b)));
    assertThat(c).isLessThanOrEqualTo(Math.nextUp(a * b));
  }
}
