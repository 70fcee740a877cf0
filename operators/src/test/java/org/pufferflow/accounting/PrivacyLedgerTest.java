package org.pufferflow.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class PrivacyLedgerTest {

  private static PrivacyLedger total(double budget) {
    return new PrivacyLedger(LedgerPolicy.builder().totalBudget(budget).build());
  }

  @Test
  void dyadicChargesUseTheBudgetExactlyAndExhaustionIsReportedOnce() {
    PrivacyLedger ledger = total(1);
    LedgerState s = new LedgerState();
    for (int i = 0; i < 4; i++) {
      assertThat(ledger.tryCharge(s, 0.25)).isEqualTo(ChargeResult.CHARGED);
    }
    assertThat(s.getSpent()).isEqualTo(1.0);
    assertThat(ledger.remaining(s)).isZero();
    assertThat(ledger.tryCharge(s, 0.25)).isEqualTo(ChargeResult.EXHAUSTED);
    assertThat(ledger.tryCharge(s, 0.25)).isEqualTo(ChargeResult.REFUSED);
    assertThat(ledger.tryCharge(s, 1e-300)).isEqualTo(ChargeResult.REFUSED); // exhaustion is permanent
    assertThat(s.getSpent()).isEqualTo(1.0);
  }

  @Test
  void tenthChargeOfTheDoublePointOneExceedsABudgetOfOne() {
    // the double 0.1 is 0.1000000000000000055511151231257827...; ten of them exceed 1 exactly, so the 10th is refused
    PrivacyLedger ledger = total(1);
    LedgerState s = new LedgerState();
    int charged = 0;
    while (ledger.tryCharge(s, 0.1).charged()) {
      charged++;
    }
    assertThat(charged).isEqualTo(9);
    assertThat(new BigDecimal(s.getSpent())).isGreaterThanOrEqualTo(new BigDecimal(0.1).multiply(BigDecimal.valueOf(9)));
  }

  @Test
  void aChargeLargerThanTheWholeBudgetIsRefusedAndReported() {
    PrivacyLedger ledger = total(0.5);
    LedgerState s = new LedgerState();
    assertThat(ledger.tryCharge(s, 0.6)).isEqualTo(ChargeResult.EXHAUSTED);
    assertThat(s.getSpent()).isZero();
    assertThat(ledger.remaining(s)).isEqualTo(0.5);
  }

  @Test
  void periodBudgetLimitsEachPeriodAndTheTotalStillApplies() {
    PrivacyLedger ledger =
        new PrivacyLedger(LedgerPolicy.builder().totalBudget(2).periodBudget(1, 10).build());
    LedgerState s = new LedgerState();
    assertThat(ledger.tryCharge(s, 0.5, 0)).isEqualTo(ChargeResult.CHARGED);
    assertThat(ledger.tryCharge(s, 0.5, 9)).isEqualTo(ChargeResult.CHARGED);
    assertThat(ledger.remainingInPeriod(s)).isZero();
    assertThat(ledger.tryCharge(s, 0.5, 9)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(ledger.tryCharge(s, 0.5, 9)).isEqualTo(ChargeResult.REFUSED);
    assertThat(ledger.tryCharge(s, 0.5, 10)).isEqualTo(ChargeResult.CHARGED); // period 1
    assertThat(ledger.remainingInPeriod(s)).isEqualTo(0.5);
    assertThat(ledger.tryCharge(s, 0.5, 25)).isEqualTo(ChargeResult.CHARGED); // period 2, total now 2
    assertThat(ledger.tryCharge(s, 0.5, 26)).isEqualTo(ChargeResult.EXHAUSTED);
    assertThat(ledger.tryCharge(s, 0.5, 40)).isEqualTo(ChargeResult.REFUSED);
    assertThat(s.getSpent()).isEqualTo(2.0);
    assertThat(ledger.remaining(s)).isZero();
    assertThatThrownBy(() -> ledger.tryCharge(s, 0.5, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tick = 5")
        .hasMessageContaining("before the ledger's current period 4");
    assertThatThrownBy(() -> ledger.tryCharge(s, 0.5)).hasMessageContaining("tick: is required");
  }

  @Test
  void negativeTicksFallInNegativePeriods() {
    PrivacyLedger ledger =
        new PrivacyLedger(LedgerPolicy.builder().totalBudget(10).periodBudget(1, 10).build());
    LedgerState s = new LedgerState();
    assertThat(ledger.tryCharge(s, 1, -1)).isEqualTo(ChargeResult.CHARGED);
    assertThat(s.getPeriod()).isEqualTo(-1);
    assertThat(ledger.tryCharge(s, 1, 0)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void badInputNamesTheValueAndTheReason() {
    PrivacyLedger ledger = total(1);
    LedgerState s = new LedgerState();
    assertThatThrownBy(() -> ledger.tryCharge(s, -1))
        .hasMessage("epsilon = -1.0: must be >= 0 (a cost in [0, +Infinity])");
    assertThatThrownBy(() -> ledger.tryCharge(s, -0.0 - Double.MIN_VALUE)).hasMessageContaining("epsilon = -4.9E-324");
    assertThatThrownBy(() -> ledger.tryCharge(s, Double.NaN)).hasMessageContaining("epsilon = NaN");
    assertThatThrownBy(() -> ledger.tryCharge(s, Double.NEGATIVE_INFINITY)).hasMessageContaining("-Infinity");
    assertThatThrownBy(() -> LedgerPolicy.builder().totalBudget(0)).hasMessage("totalBudget = 0.0: must be finite and > 0");
    assertThatThrownBy(() -> LedgerPolicy.builder().totalBudget(Double.NaN)).hasMessageContaining("totalBudget = NaN");
    assertThatThrownBy(() -> LedgerPolicy.builder().periodBudget(-2, 5)).hasMessageContaining("periodBudget = -2.0");
    assertThatThrownBy(() -> LedgerPolicy.builder().periodBudget(1, 0)).hasMessage("periodTicks = 0: must be >= 1");
    assertThatThrownBy(() -> LedgerPolicy.builder().build()).hasMessageContaining("totalBudget: is required");
    assertThat(s.getSpent()).isZero();
  }

  @Test
  void aZeroCostChargesNothingAndSucceedsEvenWhenExhausted() {
    PrivacyLedger ledger = new PrivacyLedger(LedgerPolicy.builder().totalBudget(1).periodBudget(0.5, 10).build());
    LedgerState s = new LedgerState();
    assertThat(ledger.tryCharge(s, 0, 3)).isEqualTo(ChargeResult.CHARGED);
    assertThat(s).isEqualTo(new LedgerState()); // untouched
    assertThat(ledger.tryCharge(s, 0.5, 4)).isEqualTo(ChargeResult.CHARGED);
    assertThat(ledger.tryCharge(s, 0.25, 5)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(ledger.tryCharge(s, 0.0, 6)).isEqualTo(ChargeResult.CHARGED);
    assertThat(ledger.tryCharge(s, -0.0, 7)).isEqualTo(ChargeResult.CHARGED);
    assertThat(s.getSpent()).isEqualTo(0.5);
    assertThat(s.getPeriodSpent()).isEqualTo(0.5);
    assertThat(total(1).tryCharge(new LedgerState(), 0)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void anInfiniteCostIsRefusedWithoutSpendingOrMarkingExhaustion() {
    PrivacyLedger ledger = new PrivacyLedger(LedgerPolicy.builder().totalBudget(1).periodBudget(0.5, 10).build());
    LedgerState s = new LedgerState();
    assertThat(ledger.tryCharge(s, 0.25, 1)).isEqualTo(ChargeResult.CHARGED);
    LedgerState before = copy(s);
    ChargeResult r = ledger.tryCharge(s, Double.POSITIVE_INFINITY, 2);
    assertThat(r).isEqualTo(ChargeResult.UNBOUNDED_COST);
    assertThat(r.charged()).isFalse();
    assertThat(r.reportsExhaustion()).isFalse();
    assertThat(s).isEqualTo(before);
    assertThat(ledger.tryCharge(s, 0.25, 3)).isEqualTo(ChargeResult.CHARGED); // later finite charges unaffected
    LedgerState t = new LedgerState();
    assertThat(total(1).tryCharge(t, Double.POSITIVE_INFINITY)).isEqualTo(ChargeResult.UNBOUNDED_COST);
    assertThat(t.isExhausted()).isFalse();
    assertThat(total(1).tryCharge(t, 1)).isEqualTo(ChargeResult.CHARGED);
  }

  static LedgerState copy(LedgerState s) {
    return s.copy();
  }

  @Test
  void aCopyHasEveryFieldAndIsIndependent() {
    LedgerState s = new LedgerState();
    s.setSpent(1.5);
    s.setPeriodSpent(0.5);
    s.setPeriod(3);
    s.setExhausted(true);
    s.setPeriodExhausted(true);
    s.setPolicyTotalBudget(10);
    s.setPolicyPeriodBudget(2);
    s.setPolicyPeriodTicks(24);
    LedgerState c = s.copy();
    assertThat(c).isEqualTo(s).isNotSameAs(s).hasToString(s.toString());
    c.setSpent(2);
    assertThat(s.getSpent()).isEqualTo(1.5);
  }

  @Test
  void policyDumpShowsTheConfiguration() {
    assertThat(LedgerPolicy.builder().totalBudget(3).periodBudget(1, 96).build().toString())
        .isEqualTo("LedgerPolicy[totalBudget=3.0, periodBudget=1.0 per 96 ticks]");
  }
}
