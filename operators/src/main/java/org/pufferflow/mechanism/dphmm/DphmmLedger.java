package org.pufferflow.mechanism.dphmm;

/**
 * Running totals of a subject's DPHMM releases under both accountants (dphmm.md §2 step 10): the DPHMM ε of
 * Theorem 5.2 and the constrained-DP ε of Theorem 6.3, each composing additively over a sequence (Theorem 7.2).
 * Additions round upward (toward more privacy loss). Mutable, O(1) state.
 */
public final class DphmmLedger {

  private double dphmm;
  private double constrainedDp;

  /** Adds one release's costs. */
  public void add(DphmmRelease r) {
    dphmm = addUp(dphmm, r.dphmmEpsilon());
    constrainedDp = addUp(constrainedDp, r.constrainedDpEpsilon());
  }

  public double dphmmEpsilon() {
    return dphmm;
  }

  public double constrainedDpEpsilon() {
    return constrainedDp;
  }

  private static double addUp(double total, double x) {
    if (x == 0) {
      return total;
    }
    double s = total + x;
    return Double.isInfinite(s) ? s : Math.nextUp(s);
  }
}
