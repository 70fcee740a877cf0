package org.pufferflow.mechanism.redaction;

/**
 * The relaxed (sufficient) privacy condition of one side (docs/redaction.md, 'Mechanisms'; Eq. 4 and Appendix A of
 * Maßny et al.):
 *
 * <pre>
 *   L(X_p -> Y^side) <= max( b0, max_{k=1..K} ( delta_k - sum_{j<=k} ln q_j ) )
 * </pre>
 *
 * where {@code delta_k} is {@link RedactionBands#delta(int)} and {@code b0} is {@link RedactionBands#b0()} (the
 * output whose first release is the releasable value of the nearest M record; the paper omits it, docs/redaction.md,
 * 'Spec errata'). The side is {@code eps'}-private when every prefix satisfies
 * {@code -sum_{j<=k} ln q_j <= eps' - delta_k}.
 */
final class RelaxedBound {

  private RelaxedBound() {}

  /** The right-hand side of Eq. 4 (complete form) for band-M probabilities {@code q}. */
  public static double of(RedactionBands bands, double[] q) {
    double bound = bands.b0();
    double logSum = 0;
    for (int k = 1; k <= q.length; k++) {
      logSum += Math.log(q[k - 1]);
      bound = Math.max(bound, bands.delta(k) - logSum);
    }
    return bound;
  }

  /**
   * The prefix caps {@code c_k = eps' - delta_k} of the convex program (docs/redaction.md, 'Mechanisms'), each clamped
   * at 0.
   */
  static double[] caps(RedactionBands bands) {
    double[] c = new double[bands.mSize()];
    for (int k = 1; k <= c.length; k++) {
      c[k - 1] = Math.max(0, bands.epsilon() - bands.delta(k));
    }
    return c;
  }
}
