package org.pufferflow.jobs.config;

import java.util.List;

/**
 * Whether an ergodic chain is reversible — detailed balance {@code π_i P_ij = π_j P_ji} — as MQM's approx-reversible
 * mode requires (mqm.md §2.3 table: "only if every P_θ is reversible"). The stationary distribution π is solved
 * directly (Gaussian elimination with partial pivoting on {@code π(P − I) = 0, Σπ = 1}), O(N³); MQM state spaces are
 * histogram bins, small. The caller guarantees that P is ergodic ({@link Ergodicity}).
 */
final class Reversibility {

  /** Allowed violation of detailed balance, relative to the larger side (plus a tiny absolute floor). */
  static final double TOLERANCE = 1e-9;

  private Reversibility() {}

  /** Why {@code p} is not reversible, or {@code null} when it is. */
  static String problem(double[][] p, List<String> labels) {
    double[] pi = stationary(p);
    int n = p.length;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        double forward = pi[i] * p[i][j];
        double backward = pi[j] * p[j][i];
        if (Math.abs(forward - backward) > TOLERANCE * Math.max(Math.max(forward, backward), 1e-300) + 1e-15) {
          return "not reversible: detailed balance fails between states " + i + " (" + labels.get(i) + ") and " + j
              + " (" + labels.get(j) + ")";
        }
      }
    }
    return null;
  }

  /** The stationary distribution of an ergodic chain. */
  static double[] stationary(double[][] p) {
    int n = p.length;
    // rows 0..n-2: (P^T − I) π = 0 ; last row: Σπ = 1
    double[][] a = new double[n][n + 1];
    for (int i = 0; i < n - 1; i++) {
      for (int j = 0; j < n; j++) {
        a[i][j] = p[j][i] - (i == j ? 1 : 0);
      }
    }
    for (int j = 0; j < n; j++) {
      a[n - 1][j] = 1;
    }
    a[n - 1][n] = 1;
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
          pivot = r;
        }
      }
      double[] tmp = a[col];
      a[col] = a[pivot];
      a[pivot] = tmp;
      for (int r = 0; r < n; r++) {
        if (r != col && a[r][col] != 0) {
          double f = a[r][col] / a[col][col];
          for (int c = col; c <= n; c++) {
            a[r][c] -= f * a[col][c];
          }
        }
      }
    }
    double[] pi = new double[n];
    for (int i = 0; i < n; i++) {
      pi[i] = a[i][n] / a[i][i];
    }
    return pi;
  }
}
