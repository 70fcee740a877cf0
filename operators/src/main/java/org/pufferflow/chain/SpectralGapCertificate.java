package org.pufferflow.chain;

/**
 * A certified upper bound on an eigenvalue of a sparse symmetric matrix near 1 (docs/mqm.md, 'Certified bounds for
 * large chains'): bisection on the shift σ = 1 − δ, δ on a geometric grid in [{@link #DELTA_MIN}, 2], with the
 * negative-pivot count of {@link ShiftedInertia} as the test. The returned U satisfies λ_{k+1}(H) &lt; U (the k
 * largest eigenvalues are excluded), provably including floating-point error; it is within a factor
 * {@link #RATIO} of the best shift in δ = 1 − U, plus the factorization's error bound. Deterministic: the same
 * matrix gives the same bound bit for bit.
 */
final class SpectralGapCertificate {

  /** Smallest distance 1 − σ tried; a gap below it is not certified. */
  static final double DELTA_MIN = 1e-14;

  /** The bisection stops when the bracket [δ_ok, δ_fail] has δ_fail / δ_ok ≤ RATIO. */
  static final double RATIO = 1.005;

  private SpectralGapCertificate() {}

  /**
   * U with λ_{k+1}(H) &lt; U (eigenvalues in decreasing order); +∞ when not even σ = 1 − {@link #DELTA_MIN}
   * certifies, −1 + error when σ = −1 does.
   */
  static double upperBound(ShiftedInertia h, int k) {
    ShiftedInertia.Count top = h.count(-1.0, k);
    if (certifies(top, k)) {
      return RoundingBounds.addUp(-1.0, top.error());
    }
    double ok = DELTA_MIN;
    ShiftedInertia.Count best = h.count(1.0 - ok, k);
    if (!certifies(best, k)) {
      return Double.POSITIVE_INFINITY;
    }
    double okSigma = 1.0 - ok;
    double fail = 2.0;
    while (fail / ok > RATIO) {
      double mid = Math.sqrt(ok * fail);
      double sigma = 1.0 - mid;
      ShiftedInertia.Count c = h.count(sigma, k);
      if (certifies(c, k)) {
        ok = mid;
        okSigma = sigma;
        best = c;
      } else {
        fail = mid;
      }
    }
    return RoundingBounds.addUp(okSigma, best.error());
  }

  private static boolean certifies(ShiftedInertia.Count c, int k) {
    return c.negatives() >= 0 && c.negatives() <= k && Double.isFinite(c.error());
  }
}
