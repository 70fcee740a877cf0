package org.pufferflow.chain;

import java.util.Arrays;

/**
 * A read-only compressed-sparse-row view of a square matrix (row i: columns {@code col[start[i]..start[i+1])},
 * increasing, with their values), the common input of the certified bounds ({@link SpectralBounds}) and the
 * graph queries of {@link Ergodicity}. Built in O(N + nnz) from a {@link SparseTransitionMatrix}, in O(N²) from any
 * other matrix. Package-private: the arrays are shared, not copied, and nobody writes them after construction.
 */
final class SparseRows {

  final int n;
  final int[] start;
  final int[] col;
  final double[] val;

  SparseRows(int n, int[] start, int[] col, double[] val) {
    this.n = n;
    this.start = start;
    this.col = col;
    this.val = val;
  }

  /** The non-zero entries of {@code m}. */
  static SparseRows of(TransitionMatrix m) {
    if (m instanceof SparseTransitionMatrix s) {
      return new SparseRows(s.size(), s.rowStart(), s.columns(), s.values());
    }
    int n = m.size();
    double[][] rows = new double[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = new double[n];
      for (int j = 0; j < n; j++) {
        rows[i][j] = m.get(i, j);
      }
    }
    return of(rows);
  }

  /** The non-zero entries of a square array of rows (not validated here). */
  static SparseRows of(double[][] rows) {
    int n = rows.length;
    int nnz = 0;
    for (double[] r : rows) {
      for (double v : r) {
        nnz += v != 0 ? 1 : 0;
      }
    }
    int[] start = new int[n + 1];
    int[] col = new int[nnz];
    double[] val = new double[nnz];
    int k = 0;
    for (int i = 0; i < n; i++) {
      start[i] = k;
      for (int j = 0; j < n; j++) {
        if (rows[i][j] != 0) {
          col[k] = j;
          val[k++] = rows[i][j];
        }
      }
    }
    start[n] = k;
    return new SparseRows(n, start, col, val);
  }

  /** The transpose, columns increasing in each row. */
  SparseRows transpose() {
    int[] count = new int[n + 1];
    for (int c : col) {
      count[c + 1]++;
    }
    for (int i = 0; i < n; i++) {
      count[i + 1] += count[i];
    }
    int[] tStart = count.clone();
    int[] next = Arrays.copyOf(count, n);
    int[] tCol = new int[col.length];
    double[] tVal = new double[col.length];
    for (int i = 0; i < n; i++) {
      for (int k = start[i]; k < start[i + 1]; k++) {
        int at = next[col[k]]++;
        tCol[at] = i;
        tVal[at] = val[k];
      }
    }
    return new SparseRows(n, tStart, tCol, tVal);
  }

  /** The entry (i, j), by binary search in row i. */
  double get(int i, int j) {
    int k = Arrays.binarySearch(col, start[i], start[i + 1], j);
    return k >= 0 ? val[k] : 0.0;
  }

  /** A dense copy as an array of rows. */
  double[][] toArray() {
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int e = start[i]; e < start[i + 1]; e++) {
        a[i][col[e]] = val[e];
      }
    }
    return a;
  }
}
