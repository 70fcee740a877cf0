package org.pufferflow.mechanism.mqm;

import org.pufferflow.chain.Ergodicity;

/**
 * Exact max-influence of a chain quilt on node i, supremum over every initial distribution q of X_1 (mode
 * {@code exact-any-initial}, EXACT_ANY_Q of docs/mqm.md, 'Modes'):
 * <pre>
 *   e_i(a, b) = max_{u≠v} [ max_x ln(P^a[x,u]/P^a[x,v]) + max_x ln(P^{i−1}[x,v]/P^{i−1}[x,u])
 *                           + max_y ln(P^b[u,y]/P^b[v,y]) ]          (left terms only when a ≠ NONE)
 * </pre>
 * The middle (marginal) term is {@code sup_q ln(m_i(v)/m_i(u))}; a right-only quilt has no marginal term. Since the
 * column ratio is non-increasing in the power, the worst node for two-sided quilts is i = a + 1, which gives
 * {@link #worstCaseInfluence} (used for unbounded streams). P must be irreducible (checked).
 */
final class AnyInitialExactInfluence implements QuiltInfluence {

  private final int k;
  private final LogRatioTable columns;
  private final LogRatioTable right;
  private final double[] rightOnly;

  private AnyInitialExactInfluence(double[][] p, int maxDistance) {
    Ergodicity.checkIrreducible("chain", p);
    this.k = p.length;
    this.columns = LogRatioTable.columns(p, maxDistance);
    this.right = LogRatioTable.rows(p, maxDistance);
    this.rightOnly = new double[maxDistance + 1];
    double[] r = right.raw();
    for (int b = 1; b <= maxDistance; b++) {
      double best = Double.NEGATIVE_INFINITY;
      int ri = right.index(b);
      for (int u = 0; u < k; u++) {
        for (int v = 0; v < k; v++) {
          if (u != v) {
            best = Math.max(best, r[ri + u * k + v]);
          }
        }
      }
      rightOnly[b] = k == 1 ? 0.0 : best;
    }
  }

  /** Tables for offsets and node positions up to {@code maxDistance} (beyond: conservative clamp). */
  static AnyInitialExactInfluence of(double[][] p, int maxDistance) {
    return new AnyInitialExactInfluence(p, Math.max(1, maxDistance));
  }

  @Override
  public double influence(int i, int a, int b) {
    if (a == NONE) {
      return rightOnly[Math.min(b, rightOnly.length - 1)];
    }
    return twoSided(a, i - 1, b);
  }

  @Override
  public double worstCaseInfluence(int a, int b) {
    return influence(a + 1, a, b);
  }

  private double twoSided(int a, int marginalPower, int b) {
    if (k == 1) {
      return 0.0;
    }
    double[] c = columns.raw();
    double[] r = right.raw();
    int ai = columns.index(a);
    int mi = columns.index(marginalPower);
    int ri = right.index(b);
    double best = Double.NEGATIVE_INFINITY;
    for (int u = 0; u < k; u++) {
      for (int v = 0; v < k; v++) {
        if (u != v) {
          double s = c[ai + u * k + v] + c[mi + v * k + u] + r[ri + u * k + v];
          if (s > best) {
            best = s;
          }
        }
      }
    }
    return best;
  }

  @Override
  public boolean positionIndependent() {
    return false;
  }

  @Override
  public int saturationDistance() {
    return right.maxDistance();
  }
}
