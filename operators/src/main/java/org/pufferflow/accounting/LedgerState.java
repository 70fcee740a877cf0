package org.pufferflow.accounting;

/**
 * The mutable per-(subject, mechanism) part of a ledger, small enough for Flink keyed state: two doubles, a long and
 * two flags. Changed only through {@link PrivacyLedger}.
 *
 * <p>It follows Flink's POJO rules (public no-argument constructor, getters and setters for every field), so Flink
 * serializes it with its POJO serializer, not Kryo, without this class importing Flink. The setters exist for that
 * serializer and for restoring state; mechanism code must not call them.
 */
public final class LedgerState {

  private double spent;
  private double periodSpent;
  private long period = Long.MIN_VALUE;
  private boolean exhausted;
  private boolean periodExhausted;

  /** A fresh ledger: nothing spent. */
  public LedgerState() {}

  /** ε spent in total, rounded upward. */
  public double getSpent() {
    return spent;
  }

  public void setSpent(double spent) {
    this.spent = spent;
  }

  /** ε spent in the current period, rounded upward. */
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

  @Override
  public boolean equals(Object o) {
    return o instanceof LedgerState
        && Double.compare(((LedgerState) o).spent, spent) == 0
        && Double.compare(((LedgerState) o).periodSpent, periodSpent) == 0
        && ((LedgerState) o).period == period
        && ((LedgerState) o).exhausted == exhausted
        && ((LedgerState) o).periodExhausted == periodExhausted;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(spent, periodSpent, period, exhausted, periodExhausted);
  }

  @Override
  public String toString() {
    return "LedgerState[spent=" + spent + ", periodSpent=" + periodSpent + ", period=" + period + ", exhausted="
        + exhausted + ", periodExhausted=" + periodExhausted + "]";
  }
}
