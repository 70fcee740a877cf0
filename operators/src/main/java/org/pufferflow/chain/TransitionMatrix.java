package org.pufferflow.chain;

import org.pufferflow.common.PufferPreconditions;
/**
 * A row-stochastic transition matrix M of a finite Markov chain over states 0..N−1 (docs/dphmm.md, 'What a release
 * does', docs/mqm.md): M[i][j] is the probability of moving from state i to state j in one tick.
 *
 * <p>Implementations are immutable and validated at construction (every entry finite and ≥ 0, every row sums to 1
 * within {@link TransitionMatrices#ROW_SUM_TOLERANCE}), so callers may assume a stochastic matrix. The vector
 * products are the hot path of a forward filter: they write into caller-provided buffers and allocate nothing.
 * Serializable (public model parameters a job specification may carry); implementations hold no transient caches.
 */
public interface TransitionMatrix extends java.io.Serializable {

  /** Number of states N. */
  int size();

  /** The entry M[i][j]. */
  double get(int i, int j);

  /** Number of stored (structurally non-zero) entries; N² for a dense matrix. */
  long nonZeros();

  /**
   * out = p·M (a row vector times the matrix). {@code p} and {@code out} have length N and must be distinct arrays.
   * Allocates nothing.
   */
  void multiplyLeft(double[] p, double[] out);

  /**
   * out = p·M^g for a gap of g ≥ 1 ticks, by g vector–matrix products: O(g·(N + nnz)), exact reference
   * arithmetic. For long gaps use {@link GapPropagator}, whose cost is bounded independently of g (docs/dphmm.md,
   * "Gaps"). {@code scratch} is a caller-owned buffer of length N reused between calls; {@code p}, {@code out} and
   * {@code scratch} must be three distinct arrays. {@code p} is left unchanged. Allocates nothing.
   */
  default void multiplyLeftPower(double[] p, long g, double[] out, double[] scratch) {
    if (g < 1) {
      throw PufferPreconditions.invalid("gap g", "gap g = " + g + ": must be >= 1");
    }
    // Alternate between out and scratch so that the last product lands in out.
    double[] src = p;
    double[] dst = (g % 2 == 1) ? out : scratch;
    for (long step = 0; step < g; step++) {
      multiplyLeft(src, dst);
      src = dst;
      dst = (dst == out) ? scratch : out;
    }
  }

  /** A fresh dense copy as an array of rows (for analysis code such as {@code ChainAnalysis}). */
  default double[][] toArray() {
    int n = size();
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        a[i][j] = get(i, j);
      }
    }
    return a;
  }
}
