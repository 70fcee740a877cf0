package org.pufferflow.chain;

import java.util.Arrays;

/**
 * Sylvester's law of inertia for a sparse symmetric matrix H (docs/mqm.md, 'Certified bounds for large chains'):
 * an LDLᵀ factorization of σI − H without pivoting, in reverse Cuthill–McKee order and profile (skyline) storage,
 * counts the eigenvalues of H above σ as the number of negative pivots, with an a-posteriori bound on the
 * floating-point error that makes the count a certificate.
 *
 * <p>The computed factors satisfy L̂D̂L̂ᵀ = (σI − H) + ΔB exactly (as real numbers), with
 * |ΔB| ≤ γ_{w}·(|L̂||D̂||L̂ᵀ| + |σI − H|) entrywise for inner products of at most w − 3 terms (Higham, Accuracy and
 * Stability of Numerical Algorithms, 2nd ed., Theorem 9.3, for LU = L·(DLᵀ) without pivoting; the extra terms
 * cover the division l = g/d and the rounded diagonal σ − h_ii). Since |L̂||D̂||L̂ᵀ| is positive semi-definite its
 * 2-norm is at most its trace Σ_i Σ_k l̂_ik²|d̂_k|, so {@link Count#error()} = 2·γ_w·(that trace + ‖σI − H‖∞),
 * every operation rounded upward, bounds ‖ΔB‖₂. L̂D̂L̂ᵀ is congruent to D̂, so it has exactly as many negative
 * eigenvalues as D̂ has negative pivots; by Weyl's inequality, if at most k pivots are negative then
 * λ_{k+1}(H) &lt; σ + error. A zero or non-finite pivot certifies nothing ({@link Count#negatives()} = −1).
 *
 * <p>Cost O(N·b²) per shift for a profile of half-bandwidth b (a √N × √N grid: b ≈ √N), O(N·b) memory. Not
 * thread-safe (it owns the factor's storage, reused between shifts).
 */
final class ShiftedInertia {

  /** Unit roundoff of IEEE double precision, 2^-53. */
  static final double UNIT_ROUNDOFF = 0x1p-53;

  private final int n;
  private final int[] start; // H in CSR (full symmetric pattern), permuted to the new order
  private final int[] col;
  private final double[] val;
  private final int[] first; // first[i]: first column of row i's profile (new order)
  private final long[] offset; // offset of row i in factor: entries first[i]..i
  private final double[] factor; // L (strictly lower) and D (diagonal) by rows
  private final double normInf; // ‖H‖∞, rounded up
  private final int width; // longest inner product + 3

  ShiftedInertia(SparseRows h) {
    this.n = h.n;
    int[] order = reverseCuthillMcKee(h);
    int[] pos = new int[n];
    for (int i = 0; i < n; i++) {
      pos[order[i]] = i;
    }
    start = new int[n + 1];
    col = new int[h.col.length];
    val = new double[h.col.length];
    first = new int[n];
    offset = new long[n + 1];
    double norm = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
      int old = order[i];
      start[i] = k;
      first[i] = i;
      double row = 0;
      for (int e = h.start[old]; e < h.start[old + 1]; e++) {
        col[k] = pos[h.col[e]];
        val[k] = h.val[e];
        row = RoundingBounds.addUp(row, Math.abs(val[k]));
        first[i] = Math.min(first[i], col[k]);
        k++;
      }
      norm = Math.max(norm, row);
    }
    start[n] = k;
    int band = 0;
    for (int i = 0; i < n; i++) {
      offset[i + 1] = offset[i] + (i - first[i] + 1);
      band = Math.max(band, i - first[i]);
    }
    if (offset[n] > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("profile of " + offset[n] + " entries is too large for one array");
    }
    this.factor = new double[(int) offset[n]];
    this.normInf = norm;
    this.width = band + 3;
  }

  /**
   * Multiply-adds of one factorization of a matrix with the pattern of h (Σ_i (i − first_i)² over the profile in
   * reverse Cuthill–McKee order), to decide whether a certification is affordable before allocating anything.
   */
  static long work(SparseRows h) {
    int[] order = reverseCuthillMcKee(h);
    int[] pos = new int[h.n];
    for (int i = 0; i < h.n; i++) {
      pos[order[i]] = i;
    }
    long w = 0;
    for (int i = 0; i < h.n; i++) {
      int first = i;
      int old = order[i];
      for (int e = h.start[old]; e < h.start[old + 1]; e++) {
        first = Math.min(first, pos[h.col[e]]);
      }
      w += (long) (i - first) * (i - first);
    }
    return w;
  }

  /** The result of one factorization: negative pivots (−1: no certificate) and the error bound on ‖ΔB‖₂. */
  record Count(int negatives, double error) {}

  /** The profile's half-bandwidth b (for reports and tests). */
  int halfBandwidth() {
    return width - 3;
  }

  /** Factors σI − H and counts its negative pivots, stopping early once more than {@code limit} are found. */
  Count count(double sigma, int limit) {
    Arrays.fill(factor, 0.0);
    int negatives = 0;
    double trace = 0;
    for (int i = 0; i < n; i++) {
      int fi = first[i];
      int oi = (int) offset[i] - fi; // factor[oi + j] = row i, column j
      double diag = sigma;
      for (int e = start[i]; e < start[i + 1]; e++) {
        int j = col[e];
        if (j < i) {
          factor[oi + j] = -val[e];
        } else if (j == i) {
          diag = sigma - val[e];
        }
      }
      // g_ij = b_ij − Σ_k g_ik·l_jk over the common profile, kept in place of row i (then divided into l_ij)
      for (int j = fi; j < i; j++) {
        int oj = (int) offset[j] - first[j];
        int k0 = Math.max(fi, first[j]);
        double s = factor[oi + j];
        for (int kk = k0; kk < j; kk++) {
          s -= factor[oi + kk] * factor[oj + kk];
        }
        factor[oi + j] = s;
      }
      double d = diag;
      double rowTrace = 0;
      for (int j = fi; j < i; j++) {
        double dj = factor[(int) offset[j] - first[j] + j];
        double g = factor[oi + j];
        double l = g / dj;
        d -= g * l;
        factor[oi + j] = l;
        rowTrace = RoundingBounds.addUp(rowTrace,
            RoundingBounds.mulUp(RoundingBounds.mulUp(Math.abs(l), Math.abs(l)), Math.abs(dj)));
      }
      factor[oi + i] = d;
      if (!(d != 0 && Double.isFinite(d))) {
        return new Count(-1, Double.POSITIVE_INFINITY);
      }
      if (d < 0 && ++negatives > limit) {
        return new Count(negatives, Double.POSITIVE_INFINITY);
      }
      trace = RoundingBounds.addUp(trace, RoundingBounds.addUp(rowTrace, Math.abs(d)));
    }
    double shifted = RoundingBounds.addUp(normInf, Math.abs(sigma));
    double error = RoundingBounds.mulUp(2 * RoundingBounds.gamma(width),
        RoundingBounds.addUp(trace, shifted));
    return new Count(negatives, error);
  }

  /**
   * Reverse Cuthill–McKee order of the pattern of h: breadth-first from a pseudo-peripheral vertex of each
   * connected component (neighbours by increasing degree), reversed. A √N × √N grid gets half-bandwidth ≈ √N.
   */
  static int[] reverseCuthillMcKee(SparseRows h) {
    int n = h.n;
    int[] order = new int[n];
    boolean[] placed = new boolean[n];
    int[] level = new int[n];
    int filled = 0;
    for (int s = 0; s < n; s++) {
      if (placed[s]) {
        continue;
      }
      int root = s;
      for (int sweep = 0; sweep < 4; sweep++) { // a few BFS sweeps to the farthest, lowest-degree vertex
        int far = farthest(h, root, placed, level);
        if (far == root) {
          break;
        }
        root = far;
      }
      int head = filled;
      order[filled++] = root;
      placed[root] = true;
      while (head < filled) {
        int u = order[head++];
        int from = filled;
        for (int e = h.start[u]; e < h.start[u + 1]; e++) {
          int v = h.col[e];
          if (!placed[v]) {
            placed[v] = true;
            order[filled++] = v;
          }
        }
        sortByDegree(h, order, from, filled);
      }
    }
    for (int i = 0, j = n - 1; i < j; i++, j--) {
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  private static int farthest(SparseRows h, int root, boolean[] placed, int[] level) {
    int[] queue = new int[h.n];
    int head = 0;
    int tail = 0;
    Arrays.fill(level, -1);
    level[root] = 0;
    queue[tail++] = root;
    int best = root;
    while (head < tail) {
      int u = queue[head++];
      if (level[u] > level[best] || (level[u] == level[best] && degree(h, u) < degree(h, best))) {
        best = u;
      }
      for (int e = h.start[u]; e < h.start[u + 1]; e++) {
        int v = h.col[e];
        if (!placed[v] && level[v] < 0) {
          level[v] = level[u] + 1;
          queue[tail++] = v;
        }
      }
    }
    return best;
  }

  private static int degree(SparseRows h, int u) {
    return h.start[u + 1] - h.start[u];
  }

  private static void sortByDegree(SparseRows h, int[] a, int from, int to) {
    for (int i = from + 1; i < to; i++) { // insertion sort: a handful of neighbours
      int v = a[i];
      int j = i - 1;
      while (j >= from && degree(h, a[j]) > degree(h, v)) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = v;
    }
  }
}
