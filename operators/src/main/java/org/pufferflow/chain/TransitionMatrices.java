package org.pufferflow.chain;

import org.pufferflow.common.ModelPreconditions;

/**
 * Factories for {@link TransitionMatrix}: picks the dense or the sparse (CSR) representation by the fraction of
 * non-zero entries (docs/dphmm.md, 'Making it fast': sparse where the model is sparse, e.g. grid mobility models).
 */
public final class TransitionMatrices {

  /** Rows must sum to 1 within this absolute tolerance. */
  public static final double ROW_SUM_TOLERANCE = 1e-9;

  /** Matrices with at most this fraction of non-zero entries are stored sparsely by {@link #of}. */
  public static final double SPARSE_DENSITY_THRESHOLD = 0.25;

  private TransitionMatrices() {}

  /** Validates {@code rows} (named "transition" in messages) and returns a dense or sparse matrix. */
  public static TransitionMatrix of(double[][] rows) {
    return of("transition", rows);
  }

  /** Validates {@code rows} (named {@code name} in messages) and returns a dense or sparse matrix. */
  public static TransitionMatrix of(String name, double[][] rows) {
    checkStochastic(name, rows);
    double density = nonZeros(rows) / ((double) rows.length * rows.length);
    return density <= SPARSE_DENSITY_THRESHOLD
        ? SparseTransitionMatrix.fromDense(name, rows)
        : DenseTransitionMatrix.of(name, rows);
  }

  /**
   * Validates CSR arrays as {@link SparseTransitionMatrix#fromCsr} does and returns them sparse, or dense when more
   * than {@link #SPARSE_DENSITY_THRESHOLD} of the N² entries are stored (the rule of {@link #of(double[][])}, so the
   * caller drops zero values first to get the same representation); never builds an N × N array for a sparse
   * matrix.
   */
  public static TransitionMatrix ofCsr(String name, int n, int[] rowStart, int[] col, double[] val) {
    SparseTransitionMatrix sparse = SparseTransitionMatrix.fromCsr(name, n, rowStart, col, val);
    double density = sparse.nonZeros() / ((double) n * n);
    return density <= SPARSE_DENSITY_THRESHOLD ? sparse : DenseTransitionMatrix.of(name, sparse.toArray());
  }

  /**
   * Validates that {@code rows} is a square row-stochastic matrix (entries finite and &ge; 0, rows summing to 1
   * within {@link #ROW_SUM_TOLERANCE}), naming it {@code name} in error messages; the one check behind every
   * {@link TransitionMatrix} factory and {@link ChainAnalysis}.
   */
  public static double[][] checkStochastic(String name, double[][] rows) {
    return ModelPreconditions.checkStochasticMatrix(name, rows, ROW_SUM_TOLERANCE);
  }

  /** Number of non-zero entries of {@code rows}. */
  static long nonZeros(double[][] rows) {
    long nnz = 0;
    for (double[] row : rows) {
      for (double x : row) {
        if (x != 0) {
          nnz++;
        }
      }
    }
    return nnz;
  }
}
