package org.pufferflow.mechanism.redaction;

import java.util.Arrays;

/**
 * Design N, "3R (numerical)" of Section V (docs/redaction.md, 'Mechanisms'): the smallest uniform {@code q} on band M
 * whose exact side leakage ({@link ExactLeakage}) is at most {@code eps'}. The exact leakage is non-increasing in
 * {@code q} (data processing, docs/redaction.md, 'Guarantees with proof outlines'), so bisection on [0, 1] finds it;
 * the returned {@code q} is always a feasible end of the bracket, so the design never exceeds its budget (aimed at
 * {@link #target}, a hair below it, to absorb floating-point evaluation order). {@code q = 1} is feasible by the
 * definition of the bands (with the same hair of slack on instances placed exactly on a band threshold).
 */
final class NumericalDesign {

  private static final int ITERATIONS = 60;

  private NumericalDesign() {}

  public static double[] design(RedactionBands bands) {
    double[] q = new double[bands.mSize()];
    if (q.length == 0) {
      return q;
    }
    double lo = 0;
    double hi = 1;
    if (feasible(bands, lo)) {
      hi = lo;
    } else {
      for (int i = 0; i < ITERATIONS && hi - lo > 1e-15; i++) {
        double mid = 0.5 * (lo + hi);
        if (feasible(bands, mid)) {
          hi = mid;
        } else {
          lo = mid;
        }
      }
    }
    Arrays.fill(q, hi);
    return q;
  }

  private static boolean feasible(RedactionBands bands, double q) {
    double[] uniform = new double[bands.mSize()];
    Arrays.fill(uniform, q);
    SideRule rule = SideRule.threeR(bands, uniform);
    double[] ab = rule.leakage(bands.chain());
    return Math.max(ab[0], ab[1]) <= target(bands.epsilon());
  }

  /**
   * The budget the bisection aims at: slightly below {@code eps'} so that evaluating the exact leakage in another
   * order (rounding differs by ~1e-16 in the log of ratios near 1) still gives at most {@code eps'}. The cost in
   * q is far below any tolerance of interest (~1e-12 relative).
   */
  static double target(double eps) {
    return eps * (1 - 1e-12) - 1e-14;
  }
}
