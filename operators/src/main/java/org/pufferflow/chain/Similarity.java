package org.pufferflow.chain;

/**
 * The similarity transform K = D̂^{1/2} P D̂^{-1/2} of a chain with a positive estimate π̂ (D̂ = diag π̂), as computed
 * in floating point, with the bounds that relate the computed matrices to the exact ones (docs/mqm.md, 'Certified
 * bounds for large chains'): its symmetric part K_s = (K + Kᵀ)/2 (and −K_s), the augmented [[0, K], [Kᵀ, 0]] whose
 * eigenvalues are ±s_i(K), the norm of the antisymmetric part E = (K − Kᵀ)/2, and the formation error.
 *
 * <p>Each computed entry k̂ = fl(fl(√π̂_x)·P[x][y] / fl(√π̂_y)) is within 4u·k̂ of the exact one (u = 2^-53: two
 * square roots at u/2, a product and a quotient at u), and a half-sum adds u; {@link #formationError()} =
 * 16u·max(‖K̂_s‖∞, ‖K̂‖₁, ‖K̂‖∞) bounds both ‖K_s − K̂_s‖₂ and ‖K − K̂‖₂ (a symmetric or non-negative entrywise
 * bound c·|M̂| has 2-norm at most c·√(‖M̂‖₁‖M̂‖∞)). Package-private; immutable after construction.
 */
final class Similarity {

  private final int n;
  private final int[] start; // union pattern of P and Pᵀ
  private final int[] col;
  private final double[] k; // K̂[x][col]
  private final double[] kt; // K̂[col][x]
  private final double residual;
  private final double formation;
  private final double antisymmetric;
  private final double gershgorin;
  private final double norm;

  private Similarity(SparseRows p, SparseRows pt, double[] pi) {
    n = p.n;
    double[] root = new double[n];
    for (int x = 0; x < n; x++) {
      root[x] = Math.sqrt(pi[x]);
    }
    start = new int[n + 1];
    int[] c = new int[p.col.length + pt.col.length];
    double[] kv = new double[c.length];
    double[] ktv = new double[c.length];
    int at = 0;
    double symInf = 0;
    double rowInf = 0;
    double colInf = 0;
    double anti = 0;
    double gersh = Double.POSITIVE_INFINITY;
    for (int x = 0; x < n; x++) {
      start[x] = at;
      int a = p.start[x];
      int b = pt.start[x];
      double sym = 0;
      double row = 0;
      double column = 0;
      double skew = 0;
      double off = 0;
      double diag = 0;
      while (a < p.start[x + 1] || b < pt.start[x + 1]) {
        int ya = a < p.start[x + 1] ? p.col[a] : Integer.MAX_VALUE;
        int yb = b < pt.start[x + 1] ? pt.col[b] : Integer.MAX_VALUE;
        int y = Math.min(ya, yb);
        double pxy = ya == y ? p.val[a++] : 0.0;
        double pyx = yb == y ? pt.val[b++] : 0.0;
        double kxy = root[x] * pxy / root[y];
        double kyx = root[y] * pyx / root[x];
        c[at] = y;
        kv[at] = kxy;
        ktv[at] = kyx;
        at++;
        double s = (kxy + kyx) / 2;
        sym = RoundingBounds.addUp(sym, s);
        row = RoundingBounds.addUp(row, kxy);
        column = RoundingBounds.addUp(column, kyx);
        skew = RoundingBounds.addUp(skew, Math.abs(kxy - kyx) / 2);
        if (y == x) {
          diag = s;
        } else {
          off = RoundingBounds.addUp(off, s);
        }
      }
      symInf = Math.max(symInf, sym);
      rowInf = Math.max(rowInf, row);
      colInf = Math.max(colInf, column);
      anti = Math.max(anti, skew);
      gersh = Math.min(gersh, RoundingBounds.subDown(diag, off));
    }
    start[n] = at;
    col = java.util.Arrays.copyOf(c, at);
    k = java.util.Arrays.copyOf(kv, at);
    kt = java.util.Arrays.copyOf(ktv, at);
    formation = RoundingBounds.mulUp(16 * ShiftedInertia.UNIT_ROUNDOFF, Math.max(symInf, Math.max(rowInf, colInf)));
    antisymmetric = RoundingBounds.addUp(RoundingBounds.mulUp(anti, 1 + 1e-12), formation);
    gershgorin = gersh;
    norm = RoundingBounds.addUp(Math.max(rowInf, colInf), formation);
    residual = StationaryBound.residualNorm(pt, pi);
  }

  static Similarity of(SparseRows p, SparseRows pt, double[] pi) {
    return new Similarity(p, pt, pi);
  }

  /** K̂_s = fl((K̂ + K̂ᵀ)/2). */
  SparseRows symmetric() {
    return symmetricPart(1.0);
  }

  /** −K̂_s. */
  SparseRows symmetricNegated() {
    return symmetricPart(-1.0);
  }

  private SparseRows symmetricPart(double sign) {
    double[] v = new double[col.length];
    for (int e = 0; e < col.length; e++) {
      v[e] = sign * ((k[e] + kt[e]) / 2);
    }
    return new SparseRows(n, start, col, v);
  }

  /** [[0, K̂], [K̂ᵀ, 0]] (2N states): its eigenvalues are ±s_i(K̂). */
  SparseRows augmented() {
    int m = col.length;
    int[] s = new int[2 * n + 1];
    int[] c = new int[2 * m];
    double[] v = new double[2 * m];
    for (int x = 0; x <= n; x++) {
      s[x] = start[x];
      s[n + x] = m + start[x];
    }
    for (int e = 0; e < m; e++) {
      c[e] = n + col[e];
      v[e] = k[e]; // row x: K̂[x][y]
      c[m + e] = col[e];
      v[m + e] = kt[e]; // row n + x: (K̂ᵀ)[x][y] = K̂[y][x]
    }
    return new SparseRows(2 * n, s, c, v);
  }

  /** ≥ ‖(π̂ − π̂P) D̂^{-1/2}‖₂ (exact). */
  double residual() {
    return residual;
  }

  /** ≥ ‖K_s − K̂_s‖₂ and ≥ ‖K − K̂‖₂. */
  double formationError() {
    return formation;
  }

  /** ≥ ‖(K − Kᵀ)/2‖₂ (exact K). */
  double antisymmetricNorm() {
    return antisymmetric;
  }

  /** ≤ λ_min(K̂_s), by Gershgorin's discs. */
  double gershgorinLowerBound() {
    return gershgorin;
  }

  /** ≥ ‖K‖₂ (exact K), as max(‖K̂‖₁, ‖K̂‖∞) plus the formation error. */
  double normUpperBound() {
    return norm;
  }
}
