package org.pufferflow.common;

/**
 * Checks of the public model a mechanism is built from: Markov transition matrices, probability distributions, query
 * matrices, and the chain bounds MQM takes instead of a chain (π_min, eigen-gap). The scalar and index checks every
 * package uses are in {@link PufferPreconditions}; the conventions are the same: an {@link IllegalArgumentException}
 * whose message names the offending entry and says why, e.g. {@code "transition[3]: row sums to 0.97, expected 1
 * (±1e-9)"}, shown to a user as is.
 */
public final class ModelPreconditions {

  private ModelPreconditions() {}

  /**
   * A square row-stochastic matrix given as rows: at least 1×1, every row of length N, entries finite and ≥ 0, each
   * row summing to 1 within {@code tolerance}. Messages read e.g. {@code "transition[3]: row sums to 0.97, expected
   * 1 (±1e-9)"}.
   */
  public static double[][] checkStochasticMatrix(String name, double[][] rows, double tolerance) {
    PufferPreconditions.checkNotNull(name, rows);
    if (rows.length == 0) {
      throw PufferPreconditions.invalid(name, name + ": must have at least one row");
    }
    int n = rows.length;
    for (int i = 0; i < n; i++) {
      if (rows[i] == null || rows[i].length != n) {
        throw PufferPreconditions.invalid(name + "[" + i + "]",
            name + "[" + i + "]: has " + (rows[i] == null ? 0 : rows[i].length) + " entries, expected " + n
                + " (the matrix must be square)");
      }
      double sum = 0;
      for (int j = 0; j < n; j++) {
        checkTransitionEntry(name, i, j, rows[i][j]);
        sum += rows[i][j];
      }
      checkRowSum(name, i, sum, tolerance);
    }
    return rows;
  }

  /** One entry of a transition matrix: finite and ≥ 0. */
  public static double checkTransitionEntry(String name, int i, int j, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw PufferPreconditions.invalid(name + "[" + i + "]",
          name + "[" + i + "][" + j + "] = " + value + ": must be a finite probability >= 0");
    }
    return value;
  }

  /** The sum of row {@code i} of a transition matrix: 1 within {@code tolerance}. */
  public static double checkRowSum(String name, int i, double sum, double tolerance) {
    if (!(Math.abs(sum - 1.0) <= tolerance)) {
      throw PufferPreconditions.invalid(name + "[" + i + "]",
          name + "[" + i + "]: row sums to " + sum + ", expected 1 (\u00b1" + tolerance(tolerance) + ")");
    }
    return sum;
  }

  /** A tolerance as users write it: {@code 1e-9} rather than {@code 1.0E-9}. */
  private static String tolerance(double tolerance) {
    return Double.toString(tolerance).replace(".0E", "E").replace('E', 'e');
  }

  /**
   * A real matrix of {@code rows} rows and {@code cols} columns with finite entries (e.g. the query matrix F, N×d).
   */
  public static double[][] checkMatrixShape(String name, double[][] m, int rows, int cols) {
    PufferPreconditions.checkNotNull(name, m);
    if (m.length != rows) {
      throw PufferPreconditions.invalid(name, name + ": has " + m.length + " rows, expected " + rows);
    }
    for (int i = 0; i < rows; i++) {
      if (m[i] == null || m[i].length != cols) {
        throw PufferPreconditions.invalid(name + "[" + i + "]",
            name + "[" + i + "]: has " + (m[i] == null ? 0 : m[i].length) + " entries, expected " + cols);
      }
      for (int j = 0; j < cols; j++) {
        if (!Double.isFinite(m[i][j])) {
          throw PufferPreconditions.invalid(name + "[" + i + "]",
              name + "[" + i + "][" + j + "] = " + m[i][j] + ": must be finite");
        }
      }
    }
    return m;
  }

  /** A probability vector of length {@code n}: entries finite, ≥ 0, summing to 1 within {@code tolerance}. */
  public static double[] checkDistribution(String name, double[] p, int n, double tolerance) {
    PufferPreconditions.checkNotNull(name, p);
    if (p.length != n) {
      throw PufferPreconditions.invalid(name, name + ": has " + p.length + " entries, expected " + n);
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
      if (!(p[i] >= 0) || Double.isInfinite(p[i])) {
        throw PufferPreconditions.invalid(name + "[" + i + "]",
            name + "[" + i + "] = " + p[i] + ": must be a finite probability >= 0");
      }
      sum += p[i];
    }
    if (!(Math.abs(sum - 1.0) <= tolerance)) {
      throw PufferPreconditions.invalid(name,
          name + ": sums to " + sum + ", expected 1 (\u00b1" + tolerance(tolerance) + ")");
    }
    return p;
  }

  /** A lower bound π_min of the stationary probabilities of a k-state chain: in (0, 1/k] (docs/mqm.md, 'Modes'). */
  public static double checkPiMin(String name, double piMin, int states) {
    return checkPiMin(null, name, piMin, states);
  }

  /** {@link #checkPiMin(String, double, int)} of the parameter {@code id}, shown as {@code name}. */
  public static double checkPiMin(String id, String name, double piMin, int states) {
    double hi = 1.0 / states;
    if (!(piMin > 0 && piMin <= hi)) {
      throw PufferPreconditions.invalid(id, name,
          name + " = " + piMin + ": must lie in (0, 1/k] = (0, " + hi + "] for k = " + states + " states");
    }
    return piMin;
  }

  /** An eigen-gap (1 − |λ₂|) of an ergodic chain: in (0, 1] (docs/mqm.md, 'What is protected'). */
  public static double checkGap(String name, double gap) {
    if (!(gap > 0 && gap <= 1)) {
      throw PufferPreconditions.invalid(name, name + " = " + gap + ": eigen-gap must lie in (0, 1]");
    }
    return gap;
  }
}
