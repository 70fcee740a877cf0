package org.pufferflow.mechanism.dphmm;

/**
 * Test oracle: the LP form of the K-norm, min Σλ s.t. Δfᵀλ = v, λ ≥ 0 (docs/test-vectors.md, 'DPHMM'), solved by enumerating
 * basic solutions: an optimum of this LP is attained with at most r = rank(Δf) non-zero λ on linearly independent
 * points, so it suffices to try every set of r distinct points, solve for λ in the least-squares sense, and keep
 * the feasible (λ ≥ 0, exact) solutions. +∞ when none is feasible (v off the span).
 */
final class KNormLinearProgram {

  private KNormLinearProgram() {}

  static double minimum(double[] pts, int m, int d, double[] v) {
    // distinct points only
    double[] u = new double[m * d];
    int k = 0;
    outer:
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < k; j++) {
        boolean same = true;
        for (int a = 0; a < d; a++) {
          same &= pts[i * d + a] == u[j * d + a];
        }
        if (same) {
          continue outer;
        }
      }
      boolean zero = true;
      for (int a = 0; a < d; a++) {
        zero &= pts[i * d + a] == 0;
      }
      if (!zero) {
        System.arraycopy(pts, i * d, u, k * d, d);
        k++;
      }
    }
    double vn = 0;
    double scale = 0;
    for (int a = 0; a < d; a++) {
      vn += v[a] * v[a];
    }
    for (int i = 0; i < k * d; i++) {
      scale = Math.max(scale, Math.abs(u[i]));
    }
    if (vn == 0) {
      return 0;
    }
    double best = Double.POSITIVE_INFINITY;
    for (int size = 1; size <= Math.min(d, k); size++) {
      int[] idx = new int[size];
      for (int i = 0; i < size; i++) {
        idx[i] = i;
      }
      while (true) {
        double[] lambda = solve(u, d, idx, v);
        if (lambda != null) {
          boolean feasible = true;
          double sum = 0;
          for (double l : lambda) {
            feasible &= l >= -1e-12;
            sum += Math.max(l, 0);
          }
          if (feasible && residual(u, d, idx, lambda, v) <= 1e-9 * Math.max(1, Math.sqrt(vn) + scale)) {
            best = Math.min(best, sum);
          }
        }
        int p = size - 1;
        while (p >= 0 && idx[p] == k - size + p) {
          p--;
        }
        if (p < 0) {
          break;
        }
        idx[p]++;
        for (int q = p + 1; q < size; q++) {
          idx[q] = idx[q - 1] + 1;
        }
      }
    }
    return best;
  }

  /** Least squares for Σ λ_s u_s = v over the chosen columns (normal equations); null if singular. */
  private static double[] solve(double[] u, int d, int[] idx, double[] v) {
    int s = idx.length;
    double[][] a = new double[s][s + 1];
    for (int i = 0; i < s; i++) {
      for (int j = 0; j < s; j++) {
        double g = 0;
        for (int x = 0; x < d; x++) {
          g += u[idx[i] * d + x] * u[idx[j] * d + x];
        }
        a[i][j] = g;
      }
      double b = 0;
      for (int x = 0; x < d; x++) {
        b += u[idx[i] * d + x] * v[x];
      }
      a[i][s] = b;
    }
    for (int col = 0; col < s; col++) {
      int piv = col;
      for (int row = col + 1; row < s; row++) {
        if (Math.abs(a[row][col]) > Math.abs(a[piv][col])) {
          piv = row;
        }
      }
      if (Math.abs(a[piv][col]) < 1e-12 * Math.max(1, Math.abs(a[0][0]))) {
        return null;
      }
      double[] t = a[piv];
      a[piv] = a[col];
      a[col] = t;
      for (int row = 0; row < s; row++) {
        if (row != col) {
          double factor = a[row][col] / a[col][col];
          for (int c = col; c <= s; c++) {
            a[row][c] -= factor * a[col][c];
          }
        }
      }
    }
    double[] l = new double[s];
    for (int i = 0; i < s; i++) {
      l[i] = a[i][s] / a[i][i];
    }
    return l;
  }

  private static double residual(double[] u, int d, int[] idx, double[] l, double[] v) {
    double s = 0;
    for (int x = 0; x < d; x++) {
      double r = -v[x];
      for (int i = 0; i < idx.length; i++) {
        r += l[i] * u[idx[i] * d + x];
      }
      s += r * r;
    }
    return Math.sqrt(s);
  }
}
