package org.pufferflow.mechanism.redaction;

/**
 * Design R-OPT: the exact optimum of the convex program of Appendix A (docs/redaction.md, 'Mechanisms'),
 *
 * <pre>
 *   minimize sum_k q_k   s.t.   -sum_{j<=k} ln q_j <= c_k = eps' - delta_k,   0 <= q_k <= 1,
 * </pre>
 *
 * solved in O(K) as a taut string: with {@code u_k = -ln q_k} and {@code U_k = sum_{j<=k} u_j} the problem is to
 * minimise the separable convex decreasing {@code sum exp(-u_k)} under prefix caps {@code U_k <= c_k} and
 * {@code u >= 0}; its solution is the greatest convex minorant of {@code (0,0), (k, c'_k)} with {@code c'} the
 * suffix minimum of {@code c} (so that {@code U} can be non-decreasing). Never worse than R-U.
 */
final class TautStringDesign {

  private TautStringDesign() {}

  public static double[] design(RedactionBands bands) {
    return solve(RelaxedBound.caps(bands));
  }

  /** {@code SOLVE_Q(c_1..c_K)} of docs/redaction.md, 'Mechanisms'; returns {@code q_1..q_K}. */
  public static double[] solve(double[] c) {
    int k = c.length;
    double[] q = new double[k];
    if (k == 0) {
      return q;
    }
    double[] cap = new double[k + 1]; // cap[j] = c'_j, cap[0] = 0
    cap[k] = Math.max(0, c[k - 1]);
    for (int j = k - 1; j >= 1; j--) {
      cap[j] = Math.min(Math.max(0, c[j - 1]), cap[j + 1]);
    }
    int[] hull = new int[k + 1];
    int size = 0;
    for (int j = 0; j <= k; j++) {
      while (size >= 2 && !below(hull[size - 2], hull[size - 1], j, cap)) {
        size--;
      }
      hull[size++] = j;
    }
    double prev = 0;
    int seg = 0;
    for (int j = 1; j <= k; j++) {
      while (hull[seg + 1] < j) {
        seg++;
      }
      int a = hull[seg];
      int b = hull[seg + 1];
      double u = cap[a] + (cap[b] - cap[a]) * (j - a) / (double) (b - a);
      if (j == b) {
        u = cap[b];
      }
      q[j - 1] = Math.min(1, Math.exp(-Math.max(0, u - prev)));
      prev = u;
    }
    return q;
  }

  /** True iff point {@code m} lies strictly below the chord from {@code a} to {@code b} (keep it in the hull). */
  private static boolean below(int a, int m, int b, double[] cap) {
    double chord = cap[a] + (cap[b] - cap[a]) * (m - a) / (double) (b - a);
    return cap[m] < chord;
  }
}
