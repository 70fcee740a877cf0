package org.pufferflow.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/** The policy recorded in a ledger state and the restore rules (docs/privacy-noise.md, 'The privacy ledger'). */
class LedgerRestoreTest {

  private static PrivacyLedger ledger(double total, double periodBudget, long ticks) {
    return new PrivacyLedger(LedgerPolicy.builder().totalBudget(total).periodBudget(periodBudget, ticks).build());
  }

  private static PrivacyLedger ledger(double total) {
    return new PrivacyLedger(LedgerPolicy.builder().totalBudget(total).build());
  }

  @Test
  void aFreshStateAdoptsThePolicyOnItsFirstCharge() {
    LedgerState s = new LedgerState();
    assertThat(s.hasRecordedPolicy()).isFalse();
    assertThat(ledger(2, 0.5, 10).tryCharge(s, 0.25, 3)).isEqualTo(ChargeResult.CHARGED);
    assertThat(s.hasRecordedPolicy()).isTrue();
    assertThat(s.getPolicyTotalBudget()).isEqualTo(2.0);
    assertThat(s.getPolicyPeriodBudget()).isEqualTo(0.5);
    assertThat(s.getPolicyPeriodTicks()).isEqualTo(10);
    LedgerState t = new LedgerState();
    ledger(3).restore(t);
    assertThat(t.getPolicyTotalBudget()).isEqualTo(3.0);
    assertThat(t.getPolicyPeriodBudget()).isZero();
    assertThat(t.getPolicyPeriodTicks()).isZero();
  }

  @Test
  void restoreUnderTheSamePolicyChangesNothing() {
    PrivacyLedger l = ledger(2, 0.5, 10);
    LedgerState s = new LedgerState();
    l.tryCharge(s, 0.5, 3);
    l.tryCharge(s, 0.25, 4); // PERIOD_EXHAUSTED
    LedgerState before = PrivacyLedgerTest.copy(s);
    ledger(2, 0.5, 10).restore(s);
    assertThat(s).isEqualTo(before);
  }

  /** Before: the state's period index (1, under 10 ticks) was read under 20 ticks and every charge threw. */
  @Test
  void aChargeUnderPeriodTicks10ThenARestoreUnderPeriodTicks20KeepsCharging() {
    LedgerState s = new LedgerState();
    assertThat(ledger(2, 0.5, 10).tryCharge(s, 0.25, 15)).isEqualTo(ChargeResult.CHARGED);
    PrivacyLedger after = ledger(2, 0.5, 20);
    assertThat(after.tryCharge(s, 0.25, 16)).isEqualTo(ChargeResult.CHARGED); // new period [0, 20): 0.5
    assertThat(after.tryCharge(s, 0.25, 17)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(after.tryCharge(s, 0.25, 20)).isEqualTo(ChargeResult.CHARGED); // next period
    assertThat(s.getSpent()).isEqualTo(0.75);
    assertThat(s.getPolicyPeriodTicks()).isEqualTo(20);
  }

  @Test
  void lengtheningCountsTheEarlierOldPeriodsOfTheNewPeriod() {
    LedgerState s = new LedgerState();
    PrivacyLedger before = ledger(2, 0.25, 10);
    assertThat(before.tryCharge(s, 0.25, 5)).isEqualTo(ChargeResult.CHARGED); // old period 0
    assertThat(before.tryCharge(s, 0.25, 15)).isEqualTo(ChargeResult.CHARGED); // old period 1
    // the new period [0, 20) already holds 0.5 = its budget
    PrivacyLedger after = ledger(2, 0.5, 20);
    after.restore(s);
    assertThat(after.remainingInPeriod(s)).isZero();
    assertThat(after.tryCharge(s, 0.125, 16)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(after.tryCharge(s, 0.5, 20)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void aRaisedPeriodBudgetDoesNotLetTheOldPeriodInProgressExceedItsBudget() {
    LedgerState s = new LedgerState();
    assertThat(ledger(4, 0.5, 10).tryCharge(s, 0.5, 12)).isEqualTo(ChargeResult.CHARGED);
    PrivacyLedger after = ledger(4, 1.0, 20);
    // old period [10, 20) is full (0.5 of 0.5), though the new period [0, 20) could take 1.0
    assertThat(after.tryCharge(s, 0.125, 13)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(after.tryCharge(s, 1.0, 25)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void raisingTheTotalBudgetLiftsTheExhaustionAndLoweringKeepsTheSpend() {
    LedgerState s = new LedgerState();
    PrivacyLedger one = ledger(1);
    assertThat(one.tryCharge(s, 0.75)).isEqualTo(ChargeResult.CHARGED);
    assertThat(one.tryCharge(s, 0.5)).isEqualTo(ChargeResult.EXHAUSTED);
    assertThat(one.tryCharge(s, 0.125)).isEqualTo(ChargeResult.REFUSED);
    PrivacyLedger two = ledger(2);
    assertThat(two.tryCharge(s, 0.5)).isEqualTo(ChargeResult.CHARGED);
    assertThat(s.getSpent()).isEqualTo(1.25);
    PrivacyLedger lower = ledger(1);
    assertThat(lower.tryCharge(s, 0.125)).isEqualTo(ChargeResult.EXHAUSTED);
    assertThat(s.getSpent()).isEqualTo(1.25);
    assertThat(lower.remaining(s)).isZero();
    assertThat(ledger(0.5).tryCharge(s, 0.125)).isEqualTo(ChargeResult.REFUSED); // lowered again: stays exhausted
  }

  @Test
  void aLoweredPeriodBudgetAppliesAtOnceARaisedOneFromTheNextPeriod() {
    LedgerState s = new LedgerState();
    assertThat(ledger(4, 0.5, 10).tryCharge(s, 0.375, 1)).isEqualTo(ChargeResult.CHARGED);
    PrivacyLedger raised = ledger(4, 0.75, 10);
    assertThat(raised.remainingInPeriod(s)).isEqualTo(0.375); // read under the new policy before the restore
    raised.restore(s);
    assertThat(raised.remainingInPeriod(s)).isEqualTo(0.125); // the period in progress keeps 0.5
    assertThat(raised.tryCharge(s, 0.25, 2)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(raised.tryCharge(s, 0.75, 10)).isEqualTo(ChargeResult.CHARGED); // the next period has 0.75
    PrivacyLedger lowered = ledger(4, 0.5, 10);
    assertThat(lowered.tryCharge(s, 0.125, 11)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(s.getSpent()).isEqualTo(1.125);
  }

  @Test
  void addingAPeriodBudgetCarriesTheWholeSpendIntoTheNextPeriod() {
    LedgerState s = new LedgerState();
    assertThat(ledger(4).tryCharge(s, 0.375)).isEqualTo(ChargeResult.CHARGED);
    PrivacyLedger after = ledger(4, 0.5, 10);
    assertThat(after.tryCharge(s, 0.25, 7)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(after.tryCharge(s, 0.125, 8)).isEqualTo(ChargeResult.REFUSED);
    assertThat(after.tryCharge(s, 0.5, 10)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void shorteningOrRemovingThePeriodWithSpendThrowsNamingTheKey() {
    LedgerState s = new LedgerState();
    assertThat(ledger(2, 0.5, 20).tryCharge(s, 0.25, 15)).isEqualTo(ChargeResult.CHARGED);
    LedgerState before = PrivacyLedgerTest.copy(s);
    assertThatThrownBy(() -> ledger(2, 0.5, 10).restore(s))
        .isInstanceOf(LedgerPolicyChangedException.class)
        .hasMessageStartingWith("ledger policy changed: periodTicks 20 -> 10 (periodBudget 0.5 -> 0.5): no safe")
        .satisfies(e -> assertThat(((LedgerPolicyChangedException) e).key()).isEqualTo("periodTicks"));
    assertThatThrownBy(() -> ledger(2, 0.5, 30).tryCharge(s, 0.25, 16))
        .hasMessageStartingWith("ledger policy changed: periodTicks 20 -> 30");
    assertThatThrownBy(() -> ledger(2).tryCharge(s, 0.25))
        .hasMessageStartingWith("ledger policy changed: periodTicks 20 -> 0 (periodBudget 0.5 -> none)");
    assertThat(s).isEqualTo(before); // a refused migration changes nothing
  }

  @Test
  void anyPeriodChangeIsSafeForAStateThatNeverChargedAPeriod() {
    LedgerState s = new LedgerState();
    ledger(2, 0.5, 20).restore(s);
    ledger(2, 0.5, 7).restore(s);
    assertThat(s.getPolicyPeriodTicks()).isEqualTo(7);
    assertThat(ledger(2, 0.5, 7).tryCharge(s, 0.5, 1)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void aStateWrittenBeforePoliciesWereRecordedAdoptsTheCurrentPolicy() {
    LedgerState legacy = new LedgerState();
    legacy.setSpent(0.75);
    legacy.setPeriod(3);
    legacy.setPeriodSpent(0.25);
    PrivacyLedger l = ledger(1, 0.5, 10);
    assertThat(l.tryCharge(legacy, 0.25, 35)).isEqualTo(ChargeResult.CHARGED);
    assertThat(legacy.getSpent()).isEqualTo(1.0);
    assertThat(legacy.getPeriodSpent()).isEqualTo(0.5);
    assertThat(legacy.getPolicyTotalBudget()).isEqualTo(1.0);
  }

  @Test
  void thePolicySurvivesJavaSerializationAndIsRevalidated() throws Exception {
    LedgerPolicy p = LedgerPolicy.builder().totalBudget(3).periodBudget(0.5, 96).build();
    LedgerPolicy back = (LedgerPolicy) roundTrip(p);
    assertThat(back).isEqualTo(p).isNotSameAs(p).hasSameHashCodeAs(p);
    assertThat(back.toString()).isEqualTo(p.toString());
    LedgerPolicy noPeriod = LedgerPolicy.builder().totalBudget(1).build();
    assertThat(roundTrip(noPeriod)).isEqualTo(noPeriod);
    assertThat(new PrivacyLedger(back).tryCharge(new LedgerState(), 0.5, 1)).isEqualTo(ChargeResult.CHARGED);
  }

  @Test
  void aTamperedSerializedPolicyIsRejected() throws Exception {
    byte[] bytes = serialize(LedgerPolicy.builder().totalBudget(3).build());
    // the double 3.0 (0x4008000000000000) becomes -3.0 (0xC008000000000000)
    boolean patched = false;
    for (int i = 0; i + 8 <= bytes.length; i++) {
      if (bytes[i] == 0x40 && bytes[i + 1] == 0x08 && bytes[i + 2] == 0 && bytes[i + 3] == 0 && bytes[i + 4] == 0
          && bytes[i + 5] == 0 && bytes[i + 6] == 0 && bytes[i + 7] == 0) {
        bytes[i] = (byte) 0xC0;
        patched = true;
        break;
      }
    }
    assertThat(patched).isTrue();
    assertThatThrownBy(() -> new ObjectInputStream(new ByteArrayInputStream(bytes)).readObject())
        .isInstanceOf(java.io.InvalidObjectException.class)
        .hasMessageContaining("totalBudget = -3.0");
  }

  private static byte[] serialize(Object o) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  private static Object roundTrip(Object o) throws Exception {
    return new ObjectInputStream(new ByteArrayInputStream(serialize(o))).readObject();
  }
}
