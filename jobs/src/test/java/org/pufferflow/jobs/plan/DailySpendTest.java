package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerPolicy;

/**
 * Budgets in words (docs/choosing-parameters.md, "How much loss is meaningful"): ε per release, per period and per
 * day of a subject observed at every tick, and the days of data a total budget covers. Expected values are worked
 * out by hand in the comments.
 */
class DailySpendTest {

  private static DailySpend spend(LedgerPolicy p, double eps, long tickMillis, int interval, long natural) {
    return DailySpend.of("release", JobPlanner.budget(p, eps, interval), tickMillis, interval, natural);
  }

  @Test
  void theIssuesDemoBudgetIsFarBeyondMeaningful() {
    // 1-minute ticks, ε = 1 per release, at most 1,440 per 1,440 ticks, 100,000 in all: 1,440 a day, 69 days
    DailySpend s = spend(LedgerPolicy.builder().totalBudget(100_000).periodBudget(1440, 1440).build(), 1.0,
        60_000, 1, 0);
    assertThat(s.ticksPerDay()).isEqualTo(1440);
    assertThat(s.releasesPerDay()).isEqualTo(1440);
    assertThat(s.epsilonPerDay()).isEqualTo(1440.0);
    assertThat(s.periodTicks()).isEqualTo(1440);
    assertThat(s.epsilonPerPeriod()).isEqualTo(1440.0);
    assertThat(s.daysOfData()).isEqualTo(100_000.0 / 1440);
    assertThat(s.beyondMeaningful()).isTrue();
  }

  @Test
  void aPeriodBudgetCapsTheDayIncludingADayAcrossTwoPeriods() {
    // 1-hour ticks, ε = 0.5: 24 releases = 12 a day uncapped; periods of 12 ticks capped at 2: a day of 24 ticks
    // touches at most ⌈23/12⌉ + 1 = 3 periods, so at most 6
    DailySpend s = spend(LedgerPolicy.builder().totalBudget(100).periodBudget(2, 12).build(), 0.5, 3_600_000, 1, 0);
    assertThat(s.releasesPerDay()).isEqualTo(24);
    assertThat(s.epsilonPerDay()).isEqualTo(6.0);
    assertThat(s.periodTicks()).isEqualTo(12);
    assertThat(s.epsilonPerPeriod()).isEqualTo(2.0);
    assertThat(s.daysOfData()).isEqualTo(200.0 / 24);
    assertThat(s.beyondMeaningful()).isTrue();
  }

  @Test
  void windowsOfADayAndTicksLongerThanADay() {
    // MQM-like: 15-minute ticks, a window every 48 ticks at ε 2: 2 windows a day, ε 4; period = the window (96)
    DailySpend m = spend(LedgerPolicy.builder().totalBudget(100).build(), 2.0, 900_000, 48, 96);
    assertThat(m.releasesPerDay()).isEqualTo(2);
    assertThat(m.epsilonPerDay()).isEqualTo(4.0);
    assertThat(m.epsilonPerPeriod()).isEqualTo(4.0);
    assertThat(m.daysOfData()).isEqualTo(25.0);
    assertThat(m.beyondMeaningful()).isFalse();
    // 2-day ticks: a day holds at most one release
    DailySpend d = spend(LedgerPolicy.builder().totalBudget(10).build(), 1.0, 172_800_000, 1, 0);
    assertThat(d.ticksPerDay()).isEqualTo(1);
    assertThat(d.epsilonPerDay()).isEqualTo(1.0);
  }

  @Test
  void lossesAreRoundedUp() {
    // 3 · 0.1 = 0.30000000000000004 in doubles and the exact product 0.3000000000000000166...: never below it
    DailySpend s = spend(LedgerPolicy.builder().totalBudget(100).build(), 0.1, 28_800_000, 1, 0);
    assertThat(s.releasesPerDay()).isEqualTo(3);
    assertThat(new java.math.BigDecimal(s.epsilonPerDay()))
        .isGreaterThanOrEqualTo(new java.math.BigDecimal(0.1).multiply(java.math.BigDecimal.valueOf(3)));
  }
}
