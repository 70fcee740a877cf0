package org.pufferflow.chain;

/**
 * Directed rounding for the certified bounds (docs/mqm.md, 'Certified bounds for large chains'): each helper
 * returns a double on the stated side of the exact real result of the operation on its (exact, double) operands.
 * IEEE round-to-nearest is within half an ulp of the exact result, so one {@code nextUp}/{@code nextDown} step past
 * the rounded value is on the safe side. Operands are non-negative unless stated.
 */
final class RoundingBounds {

  private RoundingBounds() {}

  /** ≥ a + b. */
  static double addUp(double a, double b) {
    return Math.nextUp(a + b);
  }

  /** ≥ a·b for a, b ≥ 0. */
  static double mulUp(double a, double b) {
    return Math.nextUp(a * b);
  }

  /** ≤ a·b for a, b ≥ 0. */
  static double mulDown(double a, double b) {
    return Math.max(0.0, Math.nextDown(a * b));
  }

  /** ≥ a / b for a ≥ 0, b &gt; 0. */
  static double divUp(double a, double b) {
    return Math.nextUp(a / b);
  }

  /** ≤ a / b for a ≥ 0, b &gt; 0. */
  static double divDown(double a, double b) {
    return Math.max(0.0, Math.nextDown(a / b));
  }

  /** ≤ a − b (any signs). */
  static double subDown(double a, double b) {
    return Math.nextDown(a - b);
  }

  /** ≥ a − b (any signs). */
  static double subUp(double a, double b) {
    return Math.nextUp(a - b);
  }

  /** ≥ √a for a ≥ 0. */
  static double sqrtUp(double a) {
    return Math.nextUp(Math.sqrt(a));
  }

  /** ≤ √a for a ≥ 0. */
  static double sqrtDown(double a) {
    return Math.max(0.0, Math.nextDown(Math.sqrt(a)));
  }

  /** γ_n = n·u / (1 − n·u) (Higham's constant for n rounded operations, u = 2^-53), rounded up. */
  static double gamma(long n) {
    double nu = mulUp(n, ShiftedInertia.UNIT_ROUNDOFF);
    return divUp(nu, Math.nextDown(1 - nu));
  }
}
