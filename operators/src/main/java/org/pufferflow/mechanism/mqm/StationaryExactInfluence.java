package org.pufferflow.mechanism.mqm;

import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.Ergodicity;

/**
 * Exact max-influence of a chain quilt for a known chain with a stationary start, q = π (mode {@code exact};
 * docs/mqm.md, 'Modes', [DERIVED] closed form matching the authors' {@code exactRatio*} code):
 * <pre>
 *   e(a, b) = max_{u≠v} [ max_x ln(P*^a[u,x] / P*^a[v,x]) + max_y ln(P^b[u,y] / P^b[v,y]) ]
 * </pre>
 * with P* the time reversal; an absent side contributes 0. The maximum over the secret pair (u, v) is joint over the
 * sum (for non-reversible chains it is strictly below the sum of per-side maxima, docs/test-vectors.md, 'MQM'). The
 * value does not depend on the node, so Lemma B (docs/mqm.md, 'σ_max') applies.
 *
 * <p>Caller guarantee: the adversary class really assumes a stationary start (docs/mqm.md, 'Spec notes and errata' item
 * 11); otherwise use {@link AnyInitialExactInfluence}. P must be irreducible (checked).
 */
final class StationaryExactInfluence implements QuiltInfluence {

  private final int k;
  private final LogRatioTable left;
  private final LogRatioTable right;

  private StationaryExactInfluence(double[][] p, int maxDistance) {
    Ergodicity.checkIrreducible("chain", p);
    double[] pi = ChainAnalysis.stationary(p);
    this.k = p.length;
    this.left = LogRatioTable.rows(ChainAnalysis.timeReversal(p, pi), maxDistance);
    this.right = LogRatioTable.rows(p, maxDistance);
  }

  /**
   * Builds the tables for offsets up to {@code maxDistance}; larger offsets are bounded by the value at
   * {@code maxDistance} (influence is non-increasing in distance), which is conservative.
   */
  static StationaryExactInfluence of(double[][] p, int maxDistance) {
    return new StationaryExactInfluence(p, Math.max(1, maxDistance));
  }

  @Override
  public double influence(int i, int a, int b) {
    return worstCaseInfluence(a, b);
  }

  @Override
  public double worstCaseInfluence(int a, int b) {
    double[] l = left.raw();
    double[] r = right.raw();
    int li = left.index(a);
    int ri = right.index(b);
    double best = Double.NEGATIVE_INFINITY;
    for (int u = 0; u < k; u++) {
      for (int v = 0; v < k; v++) {
        if (u != v) {
          double s = l[li + u * k + v] + r[ri + u * k + v];
          if (s > best) {
            best = s;
          }
        }
      }
    }
    return k == 1 ? 0.0 : best;
  }

  @Override
  public boolean positionIndependent() {
    return true;
  }

  @Override
  public int saturationDistance() {
    return right.maxDistance();
  }
}
