package org.pufferflow.chain;

/**
 * A dense {@link TransitionMatrix} stored row-major in one array. Suited to small or dense chains; for sparse
 * mobility models use {@link SparseTransitionMatrix}. Immutable; validated at construction.
 */
public final class DenseTransitionMatrix implements TransitionMatrix {

  private static final long serialVersionUID = 1L;

  private final int n;
  private final double[] a; // row-major, a[i*n + j] = M[i][j]

  private DenseTransitionMatrix(int n, double[] a) {
    this.n = n;
    this.a = a;
  }

  /** Validates {@code rows} (non-negative, stochastic, square) and copies it. */
  public static DenseTransitionMatrix of(double[][] rows) {
    return of("transition", rows);
  }

  /** As {@link #of(double[][])}, naming the matrix {@code name} in error messages. */
  public static DenseTransitionMatrix of(String name, double[][] rows) {
    TransitionMatrices.checkStochastic(name, rows);
    int n = rows.length;
    double[] a = new double[n * n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(rows[i], 0, a, i * n, n);
    }
    return new DenseTransitionMatrix(n, a);
  }

  @Override
  public int size() {
    return n;
  }

  @Override
  public double get(int i, int j) {
    return a[i * n + j];
  }

  @Override
  public long nonZeros() {
    return (long) n * n;
  }

  @Override
  public void multiplyLeft(double[] p, double[] out) {
    java.util.Arrays.fill(out, 0, n, 0.0);
    for (int i = 0; i < n; i++) {
      double pi = p[i];
      if (pi == 0) {
        continue;
      }
      int base = i * n;
      for (int j = 0; j < n; j++) {
        out[j] += pi * a[base + j];
      }
    }
  }
}
