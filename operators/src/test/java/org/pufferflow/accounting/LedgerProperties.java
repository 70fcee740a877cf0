package org.pufferflow.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;

/** Invariants of the ledger: spend never below the exact sum, refusals spend nothing, one report each. */
class LedgerProperties {

  @Provide
  Arbitrary<Double> epsilons() {
    return Arbitraries.oneOf(
        Arbitraries.doubles().between(1e-6, 2.0).ofScale(17),
        Arbitraries.of(0.1, 0.2, 0.3, 1.0 / 3, 0.7, 0.25, 1e-17, 0x1.fffffffffffffp-1));
  }

  @Property(tries = 300)
  void recordedSpendIsNeverBelowTheExactSumOfCharges(
      @ForAll @Size(max = 60) List<@From("epsilons") Double> charges,
      @ForAll @DoubleRange(min = 0.01, max = 50) double budget) {
    PrivacyLedger ledger = new PrivacyLedger(LedgerPolicy.builder().totalBudget(budget).build());
    LedgerState state = new LedgerState();
    BigDecimal exact = BigDecimal.ZERO;
    int charged = 0;
    for (double eps : charges) {
      if (ledger.tryCharge(state, eps).charged()) {
        exact = exact.add(new BigDecimal(eps));
        charged++;
      }
      BigDecimal recorded = new BigDecimal(state.getSpent());
      assertThat(recorded).isGreaterThanOrEqualTo(exact);
      // and not grossly above: at most one ulp per addition
      assertThat(recorded.subtract(exact))
          .isLessThanOrEqualTo(new BigDecimal(Math.ulp(state.getSpent())).multiply(BigDecimal.valueOf(charged)));
      assertThat(state.getSpent()).isLessThanOrEqualTo(budget);
    }
  }

  @Property(tries = 300)
  void aRefusalSpendsNothingAndEachExhaustionIsReportedOnce(
      @ForAll @Size(min = 1, max = 80) List<@From("epsilons") Double> charges,
      @ForAll @DoubleRange(min = 0.01, max = 10) double budget,
      @ForAll @DoubleRange(min = 0.01, max = 10) double periodBudget,
      @ForAll("periods") long periodTicks) {
    double perPeriod = Math.min(periodBudget, budget); // a period budget is at most the total
    PrivacyLedger ledger = new PrivacyLedger(
        LedgerPolicy.builder().totalBudget(budget).periodBudget(perPeriod, periodTicks).build());
    LedgerState state = new LedgerState();
    int exhaustedReports = 0;
    long lastPeriodReported = Long.MIN_VALUE;
    boolean exhausted = false;
    long tick = 0;
    for (double eps : charges) {
      tick += 3;
      double spentBefore = state.getSpent();
      long periodBefore = state.getPeriod();
      double periodSpentBefore = state.getPeriodSpent();
      ChargeResult result = ledger.tryCharge(state, eps, tick);
      long period = Math.floorDiv(tick, periodTicks);
      if (!result.charged()) {
        assertThat(state.getSpent()).isEqualTo(spentBefore);
        assertThat(state.getPeriodSpent()).isEqualTo(period == periodBefore ? periodSpentBefore : 0.0);
      }
      if (exhausted) {
        assertThat(result).isEqualTo(ChargeResult.REFUSED);
      }
      if (result == ChargeResult.EXHAUSTED) {
        exhaustedReports++;
        exhausted = true;
      }
      if (result == ChargeResult.PERIOD_EXHAUSTED) {
        assertThat(period).isNotEqualTo(lastPeriodReported);
        lastPeriodReported = period;
      }
      assertThat(state.getPeriodSpent()).isLessThanOrEqualTo(perPeriod);
      assertThat(state.getSpent()).isLessThanOrEqualTo(budget);
    }
    assertThat(exhaustedReports).isLessThanOrEqualTo(1);
  }

  @Provide
  Arbitrary<Long> periods() {
    return Arbitraries.longs().between(1, 40);
  }

  @Property(tries = 2000)
  void addRoundingUpIsTheSmallestDoubleAtOrAboveTheExactSum(
      @ForAll @DoubleRange(min = 0, max = 1e6) double a, @ForAll("epsilons") double b) {
    double sum = BudgetArithmetic.addRoundingUp(a, b);
    BigDecimal exact = new BigDecimal(a).add(new BigDecimal(b));
    assertThat(new BigDecimal(sum)).isGreaterThanOrEqualTo(exact);
    assertThat(new BigDecimal(Math.nextDown(sum))).isLessThan(exact);
    double down = BudgetArithmetic.subtractRoundingDown(a, b);
    BigDecimal exactDiff = new BigDecimal(a).subtract(new BigDecimal(b));
    assertThat(new BigDecimal(down)).isLessThanOrEqualTo(exactDiff);
    assertThat(new BigDecimal(Math.nextUp(down))).isGreaterThan(exactDiff);
  }
}
