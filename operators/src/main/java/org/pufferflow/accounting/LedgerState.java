package org.pufferflow.accounting;

/**
 * The mutable per-(subject, mechanism) part of a ledger, small enough for Flink keyed state: the spend (two doubles,
 * a long and two flags) and the {@link LedgerPolicy} it was charged under (two doubles and a long). Changed only
 * through {@link PrivacyLedger}.
 *
 * <p>It follows Flink's POJO rules (public no-argument constructor, getters and setters for every field), so Flink
 * serializes it with its POJO serializer, not Kryo, without this class importing Flink. The setters exist for that
 * serializer and for restoring state; mechanism code must not call them.
 *
 * <p><b>Recorded policy.</b> {@code policyTotalBudget == 0} means "no policy recorded": a fresh state, or one
 * written before the policy was recorded (Flink's POJO schema evolution restores the new fields with their default
 * 0). Such a state adopts the ledger's policy on its first charge or {@link PrivacyLedger#restore}. A policy without
 * a period budget is recorded with {@code policyPeriodTicks == 0} and {@code policyPeriodBudget == 0}.
 */
public final class LedgerState {

  private double spent;
  private double periodSpent;
  private long period = Long.MIN_VALUE;
  private boolean exhausted;
  private boolean periodExhausted;
  private double policyTotalBudget;
  private double policyPeriodBudget;
  private long policyPeriodTicks;

  /** A fresh ledger: nothing spent, no policy recorded. */
  public LedgerState() {}

  /** A deep copy (every field). */
  public LedgerState copy() {
    LedgerState c = new LedgerState();
    c.spent = spent;
    c.periodSpent = periodSpent;
    c.period = period;
    c.exhausted = exhausted;
    c.periodExhausted = periodExhausted;
    c.policyTotalBudget = policyTotalBudget;
    c.policyPeriodBudget = policyPeriodBudget;
    c.policyPeriodTicks = policyPeriodTicks;
    return c;
  }

  /** ε spent in total, rounded upward. */
  public double getSpent() {
    return spent;
  }

  public void setSpent(double spent) {
    this.spent = spent;
  }

  /**
   * ε counted against the current period, rounded upward. Before the first charge with a tick
   * ({@code period == Long.MIN_VALUE}) it is spend carried into whichever period that charge opens (after a policy
   * migration; see {@link PrivacyLedger#restore}).
   */
  public double getPeriodSpent() {
    return periodSpent;
  }

  public void setPeriodSpent(double periodSpent) {
    this.periodSpent = periodSpent;
  }

  /** Index of the current period ({@code Long.MIN_VALUE} before the first charge with a tick). */
  public long getPeriod() {
    return period;
  }

  public void setPeriod(long period) {
    this.period = period;
  }

  /** Whether the total budget's exhaustion has been reported (all later charges are refused). */
  public boolean isExhausted() {
    return exhausted;
  }

  public void setExhausted(boolean exhausted) {
    this.exhausted = exhausted;
  }

  /** Whether the current period's exhaustion has been reported. */
  public boolean isPeriodExhausted() {
    return periodExhausted;
  }

  public void setPeriodExhausted(boolean periodExhausted) {
    this.periodExhausted = periodExhausted;
  }

  /** Total budget of the policy this state was charged under; 0 if none is recorded. */
  public double getPolicyTotalBudget() {
    return policyTotalBudget;
  }

  public void setPolicyTotalBudget(double policyTotalBudget) {
    this.policyTotalBudget = policyTotalBudget;
  }

  /** Period budget of the recorded policy; 0 if it has none (or none is recorded). */
  public double getPolicyPeriodBudget() {
    return policyPeriodBudget;
  }

  public void setPolicyPeriodBudget(double policyPeriodBudget) {
    this.policyPeriodBudget = policyPeriodBudget;
  }

  /** Period length in ticks of the recorded policy; 0 if it has no period budget (or none is recorded). */
  public long getPolicyPeriodTicks() {
    return policyPeriodTicks;
  }

  public void setPolicyPeriodTicks(long policyPeriodTicks) {
    this.policyPeriodTicks = policyPeriodTicks;
  }

  /** Whether a policy is recorded (false for a fresh state). */
  public boolean hasRecordedPolicy() {
    return policyTotalBudget != 0;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LedgerState)) {
      return false;
    }
    LedgerState s = (LedgerState) o;
    return Double.compare(s.spent, spent) == 0
        && Double.compare(s.periodSpent, periodSpent) == 0
        && s.period == period
        && s.exhausted == exhausted
        && s.periodExhausted == periodExhausted
        && Double.compare(s.policyTotalBudget, policyTotalBudget) == 0
        && Double.compare(s.policyPeriodBudget, policyPeriodBudget) == 0
        && s.policyPeriodTicks == policyPeriodTicks;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(spent, periodSpent, period, exhausted, periodExhausted, policyTotalBudget,
        policyPeriodBudget, policyPeriodTicks);
  }

  @Override
  public String toString() {
    return "LedgerState[spent=" + spent + ", periodSpent=" + periodSpent + ", period=" + period + ", exhausted="
        + exhausted + ", periodExhausted=" + periodExhausted + ", policy=(" + policyTotalBudget + ", "
        + policyPeriodBudget + " per " + policyPeriodTicks + ")]";
  }
}
