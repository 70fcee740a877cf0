package org.pufferflow.mechanism.dphmm;

import org.pufferflow.geometry.SensitivityHull;

/**
 * Rounding of DPHMM privacy costs toward more loss (docs/dphmm.md, "Rounding of privacy costs"). Package-private
 * helpers of {@link DphmmReleaser} and {@link GeometrySlot}.
 */
final class PrivacyCosts {

  private PrivacyCosts() {}

  /**
   * An upper bound on a value computed by a chain of floating-point operations (a quotient of computed sums):
   * x·(1 + {@link SensitivityHull#MULTIPLIER_MARGIN}), rounded up. 0, ±∞ and NaN are returned as they are.
   */
  static double upperBound(double x) {
    if (x == 0 || Double.isInfinite(x) || Double.isNaN(x)) {
      return x;
    }
    return Math.nextUp(x * (1 + SensitivityHull.MULTIPLIER_MARGIN));
  }

  /** ε·multiplier rounded up: one correctly rounded product, so one {@code Math.nextUp} bounds it. */
  static double cost(double epsilon, double multiplier) {
    double x = epsilon * multiplier;
    return x == 0 || Double.isInfinite(x) ? x : Math.nextUp(x);
  }
}
