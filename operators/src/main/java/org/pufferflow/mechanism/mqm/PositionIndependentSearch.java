package org.pufferflow.mechanism.mqm;

/**
 * σ_max for a position-independent influence (approximate modes, {@code exact}) in O(R²) influence evaluations,
 * R = ⌈ε·min(s*, T/ε)⌉ the largest card that can matter (docs/mqm.md, "σ_max"). Used by
 * {@link QuiltSearch#fastSearch}; reports the same σ, node and quilt as {@link QuiltSearch#fullSearch}.
 *
 * <p>Why it is exact. Every σ_i ≤ min(s*, T/ε) (Lemma B), so a quilt of card c > R scores c/(ε − e) > σ_i and is
 * never a node's optimum; the empty quilt (card T) only matters when T ≤ R. A node i has three kinds of candidates:
 * two-sided (a, b) with a ≤ i−1, b ≤ T−i; left side absent (card i + b − 1); right side absent (card a + T − i).
 * Because the influence does not depend on i, the best two-sided quilt of node i is the minimum over the box
 * [1, min(i−1, R)] × [1, min(T−i, R)] of one table, obtained from a 2-D prefix minimum; the one-sided candidates
 * are O(R) per node and only the ≤ 2R boundary nodes have any. The order is the full search's strict total order
 * (score, card, influence, left offset with absent first), so minima, and the first node attaining σ_max, agree.
 */
final class PositionIndependentSearch {

  /**
   * Largest R for which the (R+1)² tables are used (20 bytes a cell: 5 MB at 512); beyond, the card-ordered
   * search of {@link QuiltSearch} runs.
   */
  static final int MAX_REACH = 512;

  private PositionIndependentSearch() {}

  static ActiveQuilt search(QuiltInfluence model, int length, double epsilon, int reach) {
    int r = reach;
    int w = r + 1;
    double[] leftOnly = new double[r + 1]; // influence with the left side absent, right offset b
    double[] rightOnly = new double[r + 1]; // right side absent, left offset a
    for (int d = 1; d <= r; d++) {
      leftOnly[d] = model.influence(1, QuiltInfluence.NONE, d);
      rightOnly[d] = model.influence(d + 1, d, QuiltInfluence.NONE);
    }
    // best two-sided quilt over a ≤ x, b ≤ y (card ≤ R): packed a·w + b, or 0 when none is feasible
    int[] best = new int[w * w];
    double[] bestScore = new double[w * w];
    double[] bestE = new double[w * w];
    for (int x = 1; x <= r; x++) {
      for (int y = 1; y <= r; y++) {
        int idx = x * w + y;
        int up = (x - 1) * w + y;
        int left = x * w + y - 1;
        int pick = 0;
        double ps = Double.POSITIVE_INFINITY;
        double pe = Double.POSITIVE_INFINITY;
        if (best[up] != 0) {
          pick = best[up];
          ps = bestScore[up];
          pe = bestE[up];
        }
        if (best[left] != 0 && (pick == 0 || less(bestScore[left], card(best[left], w), bestE[left],
            best[left] / w, ps, card(pick, w), pe, pick / w))) {
          pick = best[left];
          ps = bestScore[left];
          pe = bestE[left];
        }
        // a two-sided influence is at least each side's alone (Lemma 1.1): skip pairs with an infeasible side
        if (x + y - 1 <= r && rightOnly[x] < epsilon && leftOnly[y] < epsilon) {
          double e = model.influence(x + 1, x, y);
          if (e < epsilon) {
            double s = (x + y - 1) / (epsilon - e);
            if (pick == 0 || less(s, x + y - 1, e, x, ps, card(pick, w), pe, pick / w)) {
              pick = idx;
              ps = s;
              pe = e;
            }
          }
        }
        best[idx] = pick;
        bestScore[idx] = ps;
        bestE[idx] = pe;
      }
    }
    ActiveQuilt worst = null;
    int firstInterior = r + 1;
    int lastInterior = length - r;
    for (int i = 1; i <= length; i++) {
      boolean interior = i >= firstInterior && i <= lastInterior;
      ActiveQuilt q = node(model, length, epsilon, i, r, w, best, bestScore, bestE, leftOnly, rightOnly);
      if (worst == null || q.score() > worst.score()) {
        worst = q;
      }
      if (interior) {
        i = lastInterior;
      }
    }
    return worst;
  }

  private static ActiveQuilt node(QuiltInfluence model, int length, double epsilon, int i, int r, int w,
      int[] best, double[] bestScore, double[] bestE, double[] leftOnly, double[] rightOnly) {
    int x = Math.min(i - 1, r);
    int y = Math.min(length - i, r);
    int ba = QuiltInfluence.NONE;
    int bb = QuiltInfluence.NONE;
    int bc = length;
    double be = 0;
    double bs = Double.POSITIVE_INFINITY;
    boolean found = false;
    if (length <= r) { // the empty quilt
      bs = length / epsilon;
      found = true;
    }
    if (x >= 1 && y >= 1 && best[x * w + y] != 0) {
      int p = best[x * w + y];
      double s = bestScore[x * w + y];
      int c = card(p, w);
      double e = bestE[x * w + y];
      if (!found || less(s, c, e, p / w, bs, bc, be, ba)) {
        ba = p / w;
        bb = p % w;
        bc = c;
        be = e;
        bs = s;
        found = true;
      }
    }
    // left side absent: a' = i, card = i + b − 1, b ≤ T − i (b' = T − i + 1 would be the empty quilt)
    for (int b = 1; b <= y && i + b - 1 <= r; b++) {
      double e = leftOnly[b];
      if (e < epsilon) {
        int c = i + b - 1;
        double s = c / (epsilon - e);
        if (!found || less(s, c, e, 0, bs, bc, be, ba)) {
          ba = QuiltInfluence.NONE;
          bb = b;
          bc = c;
          be = e;
          bs = s;
          found = true;
        }
      }
    }
    // right side absent: b' = T − i + 1, card = a + T − i, a ≤ i − 1
    for (int a = 1; a <= x && a + length - i <= r; a++) {
      double e = rightOnly[a];
      if (e < epsilon) {
        int c = a + length - i;
        double s = c / (epsilon - e);
        if (!found || less(s, c, e, a, bs, bc, be, ba)) {
          ba = a;
          bb = QuiltInfluence.NONE;
          bc = c;
          be = e;
          bs = s;
          found = true;
        }
      }
    }
    if (!found) { // cannot happen: σ_i ≤ cap has a witness of card ≤ R; fall back to the card-ordered search
      return QuiltSearch.nodeOptimum(model, length, epsilon, i);
    }
    return new ActiveQuilt(i, ba, bb, bc, be, bs);
  }

  private static int card(int packed, int w) {
    return packed / w + packed % w - 1;
  }

  /** The full search's order: score, then card, then influence, then left offset (absent = 0 first). */
  private static boolean less(double s1, int c1, double e1, int a1, double s2, int c2, double e2, int a2) {
    if (s1 != s2) {
      return s1 < s2;
    }
    if (c1 != c2) {
      return c1 < c2;
    }
    if (e1 != e2) {
      return e1 < e2;
    }
    return a1 < a2;
  }
}
