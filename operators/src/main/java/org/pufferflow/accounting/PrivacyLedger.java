package org.pufferflow.accounting;

import org.pufferflow.common.PufferPreconditions;

/**
 * Charges privacy loss against a {@link LedgerPolicy} (design.md §3 "Budgets"; dphmm.md §2 step 10; mqm.md §3.8 (a)).
 * Immutable and shared by all subjects of an operator; the per-subject spend lives in a {@link LedgerState}.
 *
 * <p>Rules:
 * <ul>
 *   <li>Spend is kept in doubles rounded upward ({@link BudgetArithmetic#addRoundingUp}), so the recorded spend is
 *       never below the exact sum of the charged ε.</li>
 *   <li>A charge is made only if the new total stays ≤ the total budget and, with a period budget, the new period
 *       spend stays ≤ the period budget. A refused charge changes no spend.</li>
 *   <li>The first refusal for the total budget returns {@link ChargeResult#EXHAUSTED} and makes the exhaustion
 *       permanent; the first refusal within a period returns {@link ChargeResult#PERIOD_EXHAUSTED} and blocks the
 *       rest of that period; any other refusal returns {@link ChargeResult#REFUSED}. So each exhaustion is reported
 *       exactly once.</li>
 *   <li>Ticks must not go back to an earlier period than one already charged (the caller processes releases in tick
 *       order).</li>
 * </ul>
 * {@code tryCharge} allocates nothing.
 */
public final class PrivacyLedger {

  private final LedgerPolicy policy;

  public PrivacyLedger(LedgerPolicy policy) {
    this.policy = PufferPreconditions.checkNotNull("ledger policy", policy);
  }

  public LedgerPolicy policy() {
    return policy;
  }

  /**
   * Charges ε against the total budget of a policy without a period budget.
   *
   * @throws IllegalArgumentException if ε is not finite and &gt; 0, or the policy has a period budget (pass a tick)
   */
  public ChargeResult tryCharge(LedgerState state, double epsilon) {
    PufferPreconditions.checkArgument(
        !policy.hasPeriodBudget(), "tick: is required, the ledger policy has a budget per %d ticks",
        policy.periodTicks());
    return charge(state, epsilon, 0);
  }

  /**
   * Charges ε for a release at {@code tick}.
   *
   * @throws IllegalArgumentException if ε is not finite and &gt; 0, or the tick lies in a period before the
   *     ledger's current one
   */
  public ChargeResult tryCharge(LedgerState state, double epsilon, long tick) {
    return charge(state, epsilon, tick);
  }

  private ChargeResult charge(LedgerState state, double epsilon, long tick) {
    PufferPreconditions.checkNotNull("ledger state", state);
    PufferPreconditions.checkEpsilon("epsilon", epsilon);
    if (policy.hasPeriodBudget()) {
      long period = policy.periodOf(tick);
      PufferPreconditions.checkArgument(
          state.getPeriod() == Long.MIN_VALUE || period >= state.getPeriod(),
          "tick = %d: lies in period %d, before the ledger's current period %d", tick, period, state.getPeriod());
      if (period != state.getPeriod()) {
        state.setPeriod(period);
        state.setPeriodSpent(0);
        state.setPeriodExhausted(false);
      }
    }
    if (state.isExhausted()) {
      return ChargeResult.REFUSED;
    }
    double total = BudgetArithmetic.addRoundingUp(state.getSpent(), epsilon);
    if (total > policy.totalBudget()) {
      state.setExhausted(true);
      return ChargeResult.EXHAUSTED;
    }
    if (policy.hasPeriodBudget()) {
      if (state.isPeriodExhausted()) {
        return ChargeResult.REFUSED;
      }
      double inPeriod = BudgetArithmetic.addRoundingUp(state.getPeriodSpent(), epsilon);
      if (inPeriod > policy.periodBudget()) {
        state.setPeriodExhausted(true);
        return ChargeResult.PERIOD_EXHAUSTED;
      }
      state.setPeriodSpent(inPeriod);
    }
    state.setSpent(total);
    return ChargeResult.CHARGED;
  }

  /** Total budget left, rounded downward and never negative (for {@code LedgerEvent.remaining}). */
  public double remaining(LedgerState state) {
    return Math.max(0, BudgetArithmetic.subtractRoundingDown(policy.totalBudget(), state.getSpent()));
  }

  /** Budget left in the current period, rounded downward, never negative; the total remaining without periods. */
  public double remainingInPeriod(LedgerState state) {
    if (!policy.hasPeriodBudget()) {
      return remaining(state);
    }
    return Math.max(0, Math.min(
        remaining(state), BudgetArithmetic.subtractRoundingDown(policy.periodBudget(), state.getPeriodSpent())));
  }

  @Override
  public String toString() {
    return "PrivacyLedger[" + policy + "]";
  }
}
