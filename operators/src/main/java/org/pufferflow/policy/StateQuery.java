package org.pufferflow.policy;

import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * The query f: S → R^d of a DPHMM release, as the N×d matrix F whose row i is f(s_i) (docs/dphmm.md, 'What a release
 * does'). Only d ∈ {1, 2, 3} is supported. Immutable; rows are stored row-major in one array so the release path reads
 * them without allocation. Serializable.
 */
public final class StateQuery implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private final int n;
  private final int d;
  private final double[] f;

  private StateQuery(int n, int d, double[] f) {
    this.n = n;
    this.d = d;
    this.f = f;
  }

  /** Validates F (N ≥ 1 rows of equal length d ∈ {1,2,3}, finite entries) and copies it. */
  public static StateQuery of(double[][] rows) {
    return of("query", rows);
  }

  /** As {@link #of(double[][])}, naming the matrix {@code name} in messages. */
  public static StateQuery of(String name, double[][] rows) {
    PufferPreconditions.checkNotNull(name, rows);
    PufferPreconditions.checkArgument(name, rows.length >= 1, "%s: must have at least one row (one per state)", name);
    PufferPreconditions.checkNotNull(name + "[0]", rows[0]);
    int d = rows[0].length;
    PufferPreconditions.checkDimension(name + " columns d", d);
    ModelPreconditions.checkMatrixShape(name, rows, rows.length, d);
    double[] f = new double[rows.length * d];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, f, i * d, d);
    }
    return new StateQuery(rows.length, d, f);
  }

  /** As {@link #of(String, double[][])}, also requiring exactly {@code states} rows (F must match M). */
  public static StateQuery of(String name, double[][] rows, int states) {
    PufferPreconditions.checkNotNull(name, rows);
    PufferPreconditions.checkArgument(name,
        rows.length == states, "%s: has %d rows, expected %d (one per state of the transition matrix)",
        name, rows.length, states);
    return of(name, rows);
  }

  /** Number of states N. */
  public int size() {
    return n;
  }

  /** Dimension d. */
  public int dimension() {
    return d;
  }

  /** f(s_i)[a]. */
  public double get(int i, int a) {
    return f[i * d + a];
  }

  /** A fresh copy of f(s_i). */
  public double[] row(int i) {
    double[] r = new double[d];
    System.arraycopy(f, i * d, r, 0, d);
    return r;
  }

  /** The backing row-major array (N·d); callers must not modify it. */
  double[] flat() {
    return f;
  }

  /** Copies f(s_i) into {@code out[offset..offset+d)}. */
  public void copyRow(int i, double[] out, int offset) {
    System.arraycopy(f, i * d, out, offset, d);
  }

  /** Σ_a (f(s_j)[a] − f(s_i)[a])², computed in a fixed order (ties compare exactly). */
  public double squaredDistance(int i, int j) {
    double s = 0;
    for (int a = 0; a < d; a++) {
      double t = f[j * d + a] - f[i * d + a];
      s += t * t;
    }
    return s;
  }

  /** ‖f(s_j) − f(s_i)‖₁. */
  public double l1Distance(int i, int j) {
    double s = 0;
    for (int a = 0; a < d; a++) {
      s += Math.abs(f[j * d + a] - f[i * d + a]);
    }
    return s;
  }

  /** The rows of the given states, row-major (|idx|·d). */
  public double[] rows(int[] idx, int count) {
    double[] out = new double[count * d];
    for (int k = 0; k < count; k++) {
      System.arraycopy(f, idx[k] * d, out, k * d, d);
    }
    return out;
  }

  /** A fresh N×d copy. */
  public double[][] toArray() {
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = row(i);
    }
    return a;
  }
}
