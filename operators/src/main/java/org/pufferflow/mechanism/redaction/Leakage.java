package org.pufferflow.mechanism.redaction;

/**
 * The exact leakage {@code L(X_p -> Y)} of a local redaction mechanism, with its per-side parts (docs/redaction.md,
 * 'Guarantees with proof outlines').
 *
 * <p>{@code aSide = max ln rho} and {@code bSide = max -ln rho} over the likelihood ratios
 * {@code rho = Pr(o | X_p = 0) / Pr(o | X_p = 1)} of that side's outcomes {@code o}. The total is
 * {@code max(aLeft + aRight, bLeft + bRight)}, because the direction of the ratio must agree on both sides.
 */
public record Leakage(double aLeft, double bLeft, double aRight, double bRight) {

  static final Leakage INFINITE =
      new Leakage(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0);

  /** {@code L(X_p -> Y)}. */
  public double total() {
    return Math.max(aLeft + aRight, bLeft + bRight);
  }

  /** {@code L(X_p -> Y^(l))}. */
  public double left() {
    return Math.max(aLeft, bLeft);
  }

  /** {@code L(X_p -> Y^(r))}. */
  public double right() {
    return Math.max(aRight, bRight);
  }
}
