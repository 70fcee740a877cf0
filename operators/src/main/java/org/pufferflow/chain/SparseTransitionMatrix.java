package org.pufferflow.chain;

import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * A sparse {@link TransitionMatrix} in compressed sparse row (CSR) form: {@code rowStart[i]..rowStart[i+1]} index
 * the columns and values of row i, columns increasing. p·M costs O(N + nnz) and skips rows where p is zero.
 * Immutable; validated at construction (docs/dphmm.md, 'Making it fast').
 */
public final class SparseTransitionMatrix implements TransitionMatrix {

  private static final long serialVersionUID = 1L;

  private final int n;
  private final int[] rowStart;
  private final int[] col;
  private final double[] val;

  private SparseTransitionMatrix(int n, int[] rowStart, int[] col, double[] val) {
    this.n = n;
    this.rowStart = rowStart;
    this.col = col;
    this.val = val;
  }

  /** Validates a dense array of rows and keeps its non-zero entries. */
  public static SparseTransitionMatrix fromDense(double[][] rows) {
    return fromDense("transition", rows);
  }

  /** As {@link #fromDense(double[][])}, naming the matrix {@code name} in error messages. */
  public static SparseTransitionMatrix fromDense(String name, double[][] rows) {
    TransitionMatrices.checkStochastic(name, rows);
    SparseRows r = SparseRows.of(rows);
    return new SparseTransitionMatrix(r.n, r.start, r.col, r.val);
  }

  /**
   * Validates and wraps CSR arrays (copied): row i holds columns {@code col[rowStart[i]..rowStart[i+1])} with values
   * {@code val[...]}, strictly increasing columns within a row.
   */
  public static SparseTransitionMatrix fromCsr(String name, int n, int[] rowStart, int[] col, double[] val) {
    PufferPreconditions.checkAtLeast(name + ".size", n, 1);
    PufferPreconditions.checkArgument(name,
        rowStart.length == n + 1, "%s: rowStart has length %d, expected %d", name, rowStart.length, n + 1);
    PufferPreconditions.checkArgument(name,
        rowStart[0] == 0 && rowStart[n] == col.length && col.length == val.length,
        "%s: inconsistent CSR arrays (rowStart[0]=%d, rowStart[n]=%d, %d columns, %d values)",
        name, rowStart[0], rowStart[n], col.length, val.length);
    for (int i = 0; i < n; i++) {
      PufferPreconditions.checkArgument(name,
          rowStart[i] <= rowStart[i + 1], "%s: rowStart decreases at row %d", name, i);
      double sum = 0;
      for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
        PufferPreconditions.checkIndex(name + "[" + i + "] column", col[k], n);
        PufferPreconditions.checkArgument(name,
            k == rowStart[i] || col[k] > col[k - 1], "%s[%d]: columns not strictly increasing", name, i);
        ModelPreconditions.checkTransitionEntry(name, i, col[k], val[k]);
        sum += val[k];
      }
      ModelPreconditions.checkRowSum(name, i, sum, TransitionMatrices.ROW_SUM_TOLERANCE);
    }
    return new SparseTransitionMatrix(n, rowStart.clone(), col.clone(), val.clone());
  }

  /** The columns of the non-zero entries of row i, increasing (a copy). */
  public int[] rowColumns(int i) {
    return java.util.Arrays.copyOfRange(col, rowStart[i], rowStart[i + 1]);
  }

  /** The non-zero entries of row i, in the order of {@link #rowColumns} (a copy). */
  public double[] rowValues(int i) {
    return java.util.Arrays.copyOfRange(val, rowStart[i], rowStart[i + 1]);
  }

  /** The CSR arrays themselves (not copies) for {@link SparseRows}; callers in this package must not modify them. */
  int[] rowStart() {
    return rowStart;
  }

  int[] columns() {
    return col;
  }

  double[] values() {
    return val;
  }

  @Override
  public int size() {
    return n;
  }

  @Override
  public double get(int i, int j) {
    int lo = rowStart[i];
    int hi = rowStart[i + 1] - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = col[mid];
      if (c == j) {
        return val[mid];
      } else if (c < j) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return 0.0;
  }

  @Override
  public long nonZeros() {
    return col.length;
  }

  @Override
  public void multiplyLeft(double[] p, double[] out) {
    java.util.Arrays.fill(out, 0, n, 0.0);
    for (int i = 0; i < n; i++) {
      double pi = p[i];
      if (pi == 0) {
        continue;
      }
      for (int k = rowStart[i], end = rowStart[i + 1]; k < end; k++) {
        out[col[k]] += pi * val[k];
      }
    }
  }
}
