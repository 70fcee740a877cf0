package org.pufferflow.accounting;

/**
 * Migration of a {@link LedgerState} charged under one {@link LedgerPolicy} to another (docs/privacy-noise.md,
 * 'The privacy ledger'). The rules keep every spend made and never let the spend after the restore exceed what
 * either policy allows:
 * <ul>
 *   <li><b>total budget</b> changed: the spend is kept; a reported exhaustion stays in force if the budget was
 *       lowered or kept, and is lifted if it was raised (the charges that now fit are allowed again).</li>
 *   <li><b>period budget</b> changed, same period length: the current period's spend is kept. A lowered budget
 *       applies at once; a raised one from the next period on: the period in progress keeps the old budget (its
 *       recorded spend is raised by new − old so that what remains is the old budget minus the spend).</li>
 *   <li><b>period budget added</b> (the old policy had none): the whole spend so far is carried into the period of
 *       the next charge (whichever it is), since it may all lie in that period.</li>
 *   <li><b>period lengthened to a multiple</b> (new periodTicks = k·old periodTicks, k ≥ 2): the old period in
 *       progress lies inside one new period, which becomes the current one. The spend carried into it is an upper
 *       bound on what it already holds: the current old period's spend plus one full old period budget for
 *       each earlier old period of the same new period (at most the total spend), raised by max(0, new period
 *       budget − old period budget) so that what remains to be spent in it is min(new, old) period budget minus the
 *       spend, i.e. within both policies.</li>
 *   <li>any other period change (shortened, lengthened by a non-integer factor, period budget removed) is refused
 *       with a {@link LedgerPolicyChangedException}, unless the state never charged a period: the old period in
 *       progress could otherwise receive more than its budget, and the state does not record when its spend was
 *       made.</li>
 * </ul>
 * A migration that changes the period length lifts a period exhaustion reported under the old policy, so the first
 * refusal under the new policy is reported once more. Migrating the spend of a period in progress may overstate it
 * (a conservative bound); {@code remainingInPeriod} then reports what may really still be spent.
 */
final class LedgerRestore {

  private LedgerRestore() {}

  /** Migrates {@code state}, recorded under a policy other than {@code to}, to {@code to}; or throws. */
  static void migrate(LedgerState state, LedgerPolicy to) {
    double oldTotal = state.getPolicyTotalBudget();
    double oldPeriodBudget = state.getPolicyPeriodBudget();
    long oldTicks = state.getPolicyPeriodTicks();
    long newTicks = to.periodTicks();
    if (oldTicks != newTicks) {
      migratePeriod(state, oldTicks, oldPeriodBudget, to);
    } else if (newTicks != 0 && to.periodBudget() > oldPeriodBudget
        && (state.getPeriod() != Long.MIN_VALUE || state.getPeriodSpent() > 0)) {
      // the period in progress keeps the old, smaller budget: what remains in it is old budget − spend
      state.setPeriodSpent(holdToSmallerBudget(state.getPeriodSpent(), oldPeriodBudget, to.periodBudget()));
    }
    if (oldTotal != to.totalBudget()) {
      state.setExhausted(state.isExhausted() && to.totalBudget() <= oldTotal);
    }
    to.recordIn(state);
  }

  private static void migratePeriod(LedgerState state, long oldTicks, double oldBudget, LedgerPolicy to) {
    long newTicks = to.periodTicks();
    boolean neverChargedAPeriod = state.getPeriod() == Long.MIN_VALUE && state.getPeriodSpent() == 0;
    double carry;
    long period = Long.MIN_VALUE; // unknown: the carry counts in the period of the next charge
    if (oldTicks == 0) {
      carry = state.getSpent();
    } else if (neverChargedAPeriod) {
      carry = 0;
    } else if (newTicks != 0 && newTicks % oldTicks == 0) {
      carry = nestedCarry(state, newTicks / oldTicks, oldBudget, to.periodBudget());
      if (state.getPeriod() != Long.MIN_VALUE) { // the new period that contains the old period in progress
        period = Math.floorDiv(state.getPeriod(), newTicks / oldTicks);
      }
    } else {
      String change = newTicks == 0 ? "the period budget was removed" : "the new period is not a multiple of the old";
      throw new LedgerPolicyChangedException("periodTicks", "ledger policy changed: periodTicks " + oldTicks
          + " -> " + newTicks + " (periodBudget " + oldBudget + " -> " + (newTicks == 0 ? "none" : to.periodBudget())
          + "): no safe migration, " + change + " and the state holds spend of a period charged under the old"
          + " policy; keep periodTicks " + oldTicks + " (or a multiple of it) or start a new ledger state");
    }
    state.setPeriod(period);
    state.setPeriodSpent(carry);
    state.setPeriodExhausted(false);
  }

  /** Upper bound of the spend already in the new period of the next charge, adjusted to stay within both budgets. */
  private static double nestedCarry(LedgerState state, long k, double oldBudget, double newBudget) {
    double carry;
    if (state.getPeriod() == Long.MIN_VALUE) {
      carry = state.getSpent(); // a carry from an earlier migration: its periods are unknown
    } else {
      long earlier = Math.floorMod(state.getPeriod(), k); // old periods before the current one in its new period
      double bound = earlier * oldBudget;
      if (Math.fma(earlier, oldBudget, -bound) > 0) { // the product rounded down
        bound = Math.nextUp(bound);
      }
      carry = Math.min(state.getSpent(), BudgetArithmetic.addRoundingUp(state.getPeriodSpent(), bound));
      carry = Math.max(carry, state.getPeriodSpent());
    }
    return holdToSmallerBudget(carry, oldBudget, newBudget);
  }

  /**
   * The spend to record so that what remains under the new budget is min(old, new) budget − spend: the spend plus
   * max(0, new − old), rounded up.
   */
  private static double holdToSmallerBudget(double spend, double oldBudget, double newBudget) {
    if (newBudget <= oldBudget) {
      return spend;
    }
    double raise = -BudgetArithmetic.subtractRoundingDown(oldBudget, newBudget); // new − old, rounded up
    return BudgetArithmetic.addRoundingUp(spend, raise);
  }
}
