package org.pufferflow.accounting;

/**
 * Directed rounding for privacy-loss arithmetic (docs/privacy-noise.md, 'The privacy ledger': every cost rounds toward
 * more loss).
 *
 * <p>{@link #addRoundingUp} returns the smallest double ≥ the exact real sum a + b: the floating-point sum, moved one
 * ulp up with {@link Math#nextUp} whenever the addition was inexact and rounded down. Whether it rounded down is
 * decided exactly with Knuth's TwoSum (the rounding error of a double addition is itself a double). A recorded spend
 * built by repeated calls is therefore never below the exact rational sum of the charges, and exceeds it by at most
 * one ulp per addition; exact additions (e.g. of dyadic ε such as 0.25) are not inflated, so a budget of 1 pays for
 * exactly four charges of 0.25.
 *
 * <p>{@link #subtractRoundingDown} is the mirror image for the budget that remains.
 */
public final class BudgetArithmetic {

  private BudgetArithmetic() {}

  /** The smallest double ≥ a + b (exact real sum); infinities and NaN propagate. */
  public static double addRoundingUp(double a, double b) {
    double sum = a + b;
    if (Double.isInfinite(sum) || Double.isNaN(sum)) {
      return sum;
    }
    double bVirtual = sum - a;
    double aVirtual = sum - bVirtual;
    double error = (a - aVirtual) + (b - bVirtual); // exact: a + b = sum + error
    return error > 0 ? Math.nextUp(sum) : sum;
  }

  /** The largest double ≤ a − b (exact real difference); infinities and NaN propagate. */
  public static double subtractRoundingDown(double a, double b) {
    return -addRoundingUp(-a, b);
  }
}
