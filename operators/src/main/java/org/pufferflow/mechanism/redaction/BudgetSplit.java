package org.pufferflow.mechanism.redaction;

import java.io.Serializable;
import org.pufferflow.common.PufferPreconditions;

/**
 * A split of the privacy budget between the two sides of the private record, {@code eps_l + eps_r <= eps}
 * (docs/redaction.md, 'Mechanisms'; composition of Section IV-A: {@code L <= L^(l) + L^(r)}). Each side budget is
 * {@code >= 0}; a zero budget redacts that whole side. The right budget is rounded down until the floating-point sum
 * does not exceed {@code eps}, so rounding never adds privacy loss.
 */
public record BudgetSplit(double left, double right) implements Serializable {

  private static final long serialVersionUID = 1L;

  public BudgetSplit {
    PufferPreconditions.checkNonNegative("left epsilon", left);
    PufferPreconditions.checkNonNegative("right epsilon", right);
  }

  /** {@code (eps/2, eps/2)}, Theorem 1. */
  public static BudgetSplit half(double eps) {
    PufferPreconditions.checkEpsilon("epsilon", eps);
    return of(eps, eps / 2);
  }

  /** {@code (0, eps)}: all budget to the right, the left side fully redacted (Sec. IV-B, Figs. 3/4). */
  public static BudgetSplit right(double eps) {
    PufferPreconditions.checkEpsilon("epsilon", eps);
    return new BudgetSplit(0, eps);
  }

  /** {@code (eps, 0)}: all budget to the left (the mirror of {@link #right}, for finite sequences). */
  public static BudgetSplit left(double eps) {
    PufferPreconditions.checkEpsilon("epsilon", eps);
    return new BudgetSplit(eps, 0);
  }

  /** {@code (epsLeft, eps - epsLeft)} with {@code 0 <= epsLeft <= eps}. */
  public static BudgetSplit of(double eps, double epsLeft) {
    PufferPreconditions.checkEpsilon("epsilon", eps);
    PufferPreconditions.checkArgument("left epsilon",
        epsLeft >= 0 && epsLeft <= eps, "left epsilon = %s: must lie in [0, epsilon = %s]", epsLeft, eps);
    double r = eps - epsLeft;
    while (r > 0 && epsLeft + r > eps) {
      r = Math.nextDown(r);
    }
    return new BudgetSplit(epsLeft, r);
  }

  /** The total {@code eps_l + eps_r}. */
  public double total() {
    return left + right;
  }
}
