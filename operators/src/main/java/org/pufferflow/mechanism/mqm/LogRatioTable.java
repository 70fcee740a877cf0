package org.pufferflow.mechanism.mqm;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Tables of {@code max_y ln(M^d[u,y] / M^d[v,y])} (row ratios) or {@code max_x ln(M^d[x,u] / M^d[x,v])} (column
 * ratios) of the powers d = 1..D of a stochastic matrix M, the building blocks of the exact max-influence
 * (docs/mqm.md, 'Modes'). Entry d = 0 is all zeros and encodes an absent quilt side (NONE). Conventions of docs/mqm.md,
 * 'What is protected': a 0/0 term is skipped, c/0 with c > 0 gives +∞.
 *
 * <p>Powers are computed incrementally (M^d = M^{d−1}·M, EJML's dense product: the table is built once, from
 * public configuration, never per record), O(D·k³) time, and stored flat as {@code (d·k + u)·k + v}.
 * Distances beyond D are clamped to D by {@link #index}: both ratios are non-increasing in d (each step is a
 * convex combination, data processing), so the clamped value is an upper bound and keeps the privacy proof valid.
 */
final class LogRatioTable {

  private final int k;
  private final int maxDistance;
  private final double[] table;

  private LogRatioTable(int k, int maxDistance, double[] table) {
    this.k = k;
    this.maxDistance = maxDistance;
    this.table = table;
  }

  /** Row-ratio table of the powers of {@code m} up to {@code maxDistance}. */
  static LogRatioTable rows(double[][] m, int maxDistance) {
    return build(m, maxDistance, false);
  }

  /** Column-ratio table of the powers of {@code m} up to {@code maxDistance}. */
  static LogRatioTable columns(double[][] m, int maxDistance) {
    return build(m, maxDistance, true);
  }

  private static LogRatioTable build(double[][] m, int maxDistance, boolean columns) {
    int k = m.length;
    double[] table = new double[(maxDistance + 1) * k * k];
    DMatrixRMaj step = new DMatrixRMaj(m);
    DMatrixRMaj power = step.copy();
    DMatrixRMaj next = new DMatrixRMaj(k, k);
    double[][] log = new double[k][k];
    for (int d = 1; d <= maxDistance; d++) {
      fill(power, columns, log, table, d, k);
      if (d < maxDistance) {
        CommonOps_DDRM.mult(power, step, next);
        DMatrixRMaj t = power;
        power = next;
        next = t;
      }
    }
    return new LogRatioTable(k, maxDistance, table);
  }

  private static void fill(DMatrixRMaj power, boolean columns, double[][] log, double[] table, int d, int k) {
    // log[u][j] = ln of the j-th entry of "line" u (row u, or column u for column ratios).
    for (int u = 0; u < k; u++) {
      for (int j = 0; j < k; j++) {
        double x = columns ? power.get(j, u) : power.get(u, j);
        log[u][j] = x > 0 ? Math.log(x) : Double.NEGATIVE_INFINITY;
      }
    }
    int base = d * k * k;
    for (int u = 0; u < k; u++) {
      for (int v = 0; v < k; v++) {
        double best = Double.NEGATIVE_INFINITY;
        double[] lu = log[u];
        double[] lv = log[v];
        for (int j = 0; j < k; j++) {
          double a = lu[j];
          double b = lv[j];
          double r;
          if (b == Double.NEGATIVE_INFINITY) {
            if (a == Double.NEGATIVE_INFINITY) {
              continue;
            }
            r = Double.POSITIVE_INFINITY;
          } else {
            r = a - b;
          }
          if (r > best) {
            best = r;
          }
        }
        table[base + u * k + v] = best;
      }
    }
  }

  /** Offset of the k×k block for distance d (0 = NONE, clamped to D). */
  int index(int d) {
    return Math.min(d, maxDistance) * k * k;
  }

  double[] raw() {
    return table;
  }

  int states() {
    return k;
  }

  int maxDistance() {
    return maxDistance;
  }
}
