package org.pufferflow.accounting;

import org.pufferflow.common.PufferPreconditions;

/**
 * THE privacy ledger: charges privacy loss against a {@link LedgerPolicy} (docs/privacy-noise.md, 'The privacy
 * ledger'). Immutable and shared by all subjects of an operator; the per-subject spend lives in a
 * {@link LedgerState}. Every mechanism (DPHMM, MQM, redaction) charges through this class.
 *
 * <p>Rules:
 * <ul>
 *   <li>The cost domain is [0, +∞]. A cost of 0 charges nothing and returns {@link ChargeResult#CHARGED} without
 *       touching the state. A cost of +∞ is refused with {@link ChargeResult#UNBOUNDED_COST}: no spend changes and
 *       no exhaustion is marked. NaN and negative costs are programming errors and throw.</li>
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
 *   <li>The state records the policy it is charged under. A fresh state adopts this ledger's policy; a state
 *       recorded under another policy is migrated by {@link #restore} (safe rules of {@code LedgerRestore}) or
 *       refused with a {@link LedgerPolicyChangedException} naming the changed key.</li>
 * </ul>
 * {@code tryCharge} allocates nothing; its policy check is three comparisons.
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
   * Brings a restored state under this ledger's policy. Meant to be called once per state when it is restored
   * (e.g. for every key at operator start when the operator can iterate its keys); {@link #tryCharge} calls it
   * itself when it meets a state recorded under another policy, so a state is migrated at most once.
   * <ul>
   *   <li>no recorded policy (a fresh state, or one written before policies were recorded): adopts this policy;</li>
   *   <li>the same policy: nothing changes;</li>
   *   <li>another policy: applies the documented safe migration (total or period budget raised or lowered, period
   *       budget added, period lengthened to a multiple), or throws.</li>
   * </ul>
   *
   * @throws LedgerPolicyChangedException if no safe migration exists; its message names the changed key and both
   *     values (e.g. "ledger policy changed: periodTicks 20 -&gt; 10 ...")
   */
  public void restore(LedgerState state) {
    PufferPreconditions.checkNotNull("ledger state", state);
    if (!state.hasRecordedPolicy()) {
      policy.recordIn(state);
    } else if (!policy.isRecordedIn(state)) {
      LedgerRestore.migrate(state, policy);
    }
  }

  /**
   * Charges a cost against the total budget of a policy without a period budget.
   *
   * @param epsilon the release's cost in [0, +∞]
   * @throws IllegalArgumentException if ε is NaN or negative, or the policy has a period budget (pass a tick)
   * @throws LedgerPolicyChangedException if the state was charged under a policy that cannot be migrated
   */
  public ChargeResult tryCharge(LedgerState state, double epsilon) {
    PufferPreconditions.checkArgument(
        !policy.hasPeriodBudget(), "tick: is required, the ledger policy has a budget per %d ticks",
        policy.periodTicks());
    return charge(state, epsilon, 0);
  }

  /**
   * Charges a cost for a release at {@code tick}.
   *
   * @param epsilon the release's cost in [0, +∞]
   * @throws IllegalArgumentException if ε is NaN or negative, or the tick lies in a period before the ledger's
   *     current one
   * @throws LedgerPolicyChangedException if the state was charged under a policy that cannot be migrated
   */
  public ChargeResult tryCharge(LedgerState state, double epsilon, long tick) {
    return charge(state, epsilon, tick);
  }

  private ChargeResult charge(LedgerState state, double epsilon, long tick) {
    PufferPreconditions.checkNotNull("ledger state", state);
    PufferPreconditions.checkPrivacyCost("epsilon", epsilon);
    if (epsilon == 0) {
      return ChargeResult.CHARGED;
    }
    if (epsilon == Double.POSITIVE_INFINITY) {
      return ChargeResult.UNBOUNDED_COST;
    }
    if (!policy.isRecordedIn(state)) {
      restore(state);
    }
    if (policy.hasPeriodBudget()) {
      long period = policy.periodOf(tick);
      long current = state.getPeriod();
      if (period != current) {
        if (current != Long.MIN_VALUE) {
          if (period < current) { // the message's boxing only on this path
            PufferPreconditions.checkArgument(false,
                "tick = %d: lies in period %d, before the ledger's current period %d", tick, period, current);
          }
          state.setPeriodSpent(0);
          state.setPeriodExhausted(false);
        } // else: the first period charged; any spend carried by a migration counts in it
        state.setPeriod(period);
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
