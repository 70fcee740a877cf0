package org.pufferflow.accounting;

import java.io.InvalidObjectException;
import java.io.ObjectStreamException;
import java.io.Serializable;
import org.pufferflow.common.PufferPreconditions;

/**
 * The public budget configuration of one mechanism's ledger (docs/privacy-noise.md, 'The privacy ledger'): a total ε
 * budget per subject and, optionally, a budget per period of ticks (period p covers ticks
 * [p·periodTicks, (p+1)·periodTicks)). Immutable; built by a validating {@link Builder}.
 *
 * <p>The ledger is the conservative, paper-level one: losses add up linearly (basic composition; MQM Thm 3.7,
 * DPHMM Thm 7.2). The per-period budget limits the rate of spending; it does not reset the total.
 *
 * <p>It is {@link Serializable}: the policy is the ledger's serializable specification, carried in a job graph by
 * the mechanism descriptions whose {@code build()} calls {@code new PrivacyLedger(policy)}. It holds only public
 * configuration (no key material, no private value). Deserialization re-validates the values through the
 * {@link Builder}, so a stream cannot produce a policy the builder would reject. The policy a ledger state was
 * charged under is recorded in the state itself ({@link LedgerState}) and checked on restore
 * ({@link PrivacyLedger#restore}; docs/privacy-noise.md, 'The privacy ledger').
 *
 * <p>Every rule of these values is judged here, once: the total is finite and &gt; 0, a period budget is finite,
 * &gt; 0 and at most the total (a period cannot spend more than the whole budget), a period is at least one tick.
 * Refusals name the parameter by {@link LedgerParameters}.
 */
public final class LedgerPolicy implements Serializable {

  private static final long serialVersionUID = 1L;

  private final double totalBudget;
  private final double periodBudget;
  private final long periodTicks;

  private LedgerPolicy(Builder b) {
    totalBudget = b.totalBudget;
    periodBudget = b.periodBudget;
    periodTicks = b.periodTicks;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Total ε a subject may spend on this mechanism. */
  public double totalBudget() {
    return totalBudget;
  }

  /** Whether a per-period budget applies. */
  public boolean hasPeriodBudget() {
    return periodTicks > 0;
  }

  /** ε a subject may spend within one period ({@code NaN} if there is no period budget). */
  public double periodBudget() {
    return periodBudget;
  }

  /** Length of a period in ticks (0 if there is no period budget). */
  public long periodTicks() {
    return periodTicks;
  }

  /** The period containing {@code tick} (floor division, so negative ticks fall in negative periods). */
  long periodOf(long tick) {
    return Math.floorDiv(tick, periodTicks);
  }

  /** Whether {@code state} recorded exactly this policy (see {@link LedgerState#hasRecordedPolicy}). */
  boolean isRecordedIn(LedgerState state) {
    return state.getPolicyTotalBudget() == totalBudget
        && state.getPolicyPeriodTicks() == periodTicks
        && (periodTicks == 0 || state.getPolicyPeriodBudget() == periodBudget);
  }

  /** Records this policy in {@code state} (three primitive stores). */
  void recordIn(LedgerState state) {
    state.setPolicyTotalBudget(totalBudget);
    state.setPolicyPeriodBudget(hasPeriodBudget() ? periodBudget : 0);
    state.setPolicyPeriodTicks(periodTicks);
  }

  /** Re-validates a deserialized policy through the builder. */
  private Object readResolve() throws ObjectStreamException {
    try {
      Builder b = builder().totalBudget(totalBudget);
      if (periodTicks != 0) {
        b.periodBudget(periodBudget, periodTicks);
      }
      return b.build();
    } catch (IllegalArgumentException e) {
      InvalidObjectException invalid = new InvalidObjectException("invalid LedgerPolicy: " + e.getMessage());
      invalid.initCause(e);
      throw invalid;
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LedgerPolicy)) {
      return false;
    }
    LedgerPolicy p = (LedgerPolicy) o;
    return Double.compare(p.totalBudget, totalBudget) == 0
        && Double.compare(p.periodBudget, periodBudget) == 0
        && p.periodTicks == periodTicks;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(totalBudget, periodBudget, periodTicks);
  }

  @Override
  public String toString() {
    return hasPeriodBudget()
        ? "LedgerPolicy[totalBudget=" + totalBudget + ", periodBudget=" + periodBudget + " per " + periodTicks
            + " ticks]"
        : "LedgerPolicy[totalBudget=" + totalBudget + "]";
  }

  /**
   * Validating builder: the total budget is required; a period budget needs its period length and may not exceed
   * the total (checked by {@link #build()}, whatever the order of the calls).
   */
  public static final class Builder {
    private double totalBudget = Double.NaN;
    private double periodBudget = Double.NaN;
    private long periodTicks;

    private Builder() {}

    /** Total ε budget: finite and &gt; 0. */
    public Builder totalBudget(double budget) {
      this.totalBudget = PufferPreconditions.checkPositive(LedgerParameters.TOTAL_BUDGET, budget);
      return this;
    }

    /**
     * A budget of {@code budget} ε per period of {@code ticks} ticks (budget finite, &gt; 0 and at most the total;
     * ticks ≥ 1).
     */
    public Builder periodBudget(double budget, long ticks) {
      this.periodBudget = PufferPreconditions.checkPositive(LedgerParameters.PERIOD_BUDGET, budget);
      this.periodTicks = PufferPreconditions.checkAtLeast(LedgerParameters.PERIOD_TICKS, ticks, 1);
      return this;
    }

    public LedgerPolicy build() {
      PufferPreconditions.checkArgument(LedgerParameters.TOTAL_BUDGET,
          !Double.isNaN(totalBudget), "totalBudget: is required (a finite ε budget > 0)");
      PufferPreconditions.checkArgument(LedgerParameters.PERIOD_BUDGET, periodTicks == 0 || periodBudget <= totalBudget,
          "periodBudget = %s: must not exceed totalBudget = %s (a period cannot spend more than the whole budget)",
          periodBudget, totalBudget);
      return new LedgerPolicy(this);
    }
  }
}
