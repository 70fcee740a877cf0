package org.pufferflow.jobs.config;

/**
 * Checks that a configured matrix is an N×N row-stochastic transition matrix: N rows of N finite, non-negative
 * entries, each row summing to 1 within {@value #ROW_SUM_TOLERANCE} (design.md §5).
 */
final class StochasticMatrixCheck {

  /** Allowed deviation of a row sum (and of a distribution's sum) from 1. */
  static final double ROW_SUM_TOLERANCE = 1e-9;

  private StochasticMatrixCheck() {}

  /** Reads {@code node} as an N×N transition matrix, failing with a message naming the offending row or entry. */
  static double[][] read(ConfigNode node, int n) {
    double[][] m = node.asMatrix();
    if (m.length != n) {
      throw node.error("has " + m.length + " rows, expected " + n + " (one per state)");
    }
    for (int i = 0; i < n; i++) {
      String row = node.path() + "[" + i + "]";
      if (m[i].length != n) {
        throw new ConfigException(row, "has " + m[i].length + " entries, expected " + n + " (one per state)");
      }
      for (int j = 0; j < n; j++) {
        if (m[i][j] < 0) {
          throw new ConfigException(row + "[" + j + "]", "is negative (" + Numbers.format(m[i][j]) + ")");
        }
      }
      double sum = sum(m[i]);
      if (Math.abs(sum - 1) > ROW_SUM_TOLERANCE) {
        throw new ConfigException(row, "row sums to " + Numbers.format(sum) + ", expected 1 (±1e-9)");
      }
    }
    return m;
  }

  /** Reads a probability distribution over N states (non-negative, sums to 1 within the tolerance). */
  static double[] readDistribution(ConfigNode node, int n) {
    double[] p = node.asDoubleArray();
    if (p.length != n) {
      throw node.error("has " + p.length + " entries, expected " + n + " (one per state)");
    }
    for (int i = 0; i < n; i++) {
      if (p[i] < 0) {
        throw new ConfigException(node.path() + "[" + i + "]", "is negative (" + Numbers.format(p[i]) + ")");
      }
    }
    double sum = sum(p);
    if (Math.abs(sum - 1) > ROW_SUM_TOLERANCE) {
      throw node.error("sums to " + Numbers.format(sum) + ", expected 1 (±1e-9)");
    }
    return p;
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }
}
