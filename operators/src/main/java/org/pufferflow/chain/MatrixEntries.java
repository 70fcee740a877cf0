package org.pufferflow.chain;

import java.util.Arrays;

/**
 * Value equality of {@link TransitionMatrix} implementations, which compare by identity: same size and the same
 * non-zero entries, whatever the storage (dense or sparse). O(N + nnz) for sparse matrices, O(N²) for dense ones.
 * For classes of chains that promise value equality (e.g. {@code mqm.CertifiedChainClass}).
 */
public final class MatrixEntries {

  private MatrixEntries() {}

  /** Whether a and b have the same size and entries (bitwise, so 0.0 and −0.0 both count as zero). */
  public static boolean equal(TransitionMatrix a, TransitionMatrix b) {
    if (a == b) {
      return true;
    }
    if (a.size() != b.size()) {
      return false;
    }
    SparseRows x = SparseRows.of(a);
    SparseRows y = SparseRows.of(b);
    return Arrays.equals(x.start, y.start) && Arrays.equals(x.col, y.col) && Arrays.equals(x.val, y.val);
  }

  /** A hash consistent with {@link #equal}. */
  public static int hash(TransitionMatrix a) {
    SparseRows x = SparseRows.of(a);
    return 31 * (31 * Arrays.hashCode(x.start) + Arrays.hashCode(x.col)) + Arrays.hashCode(x.val);
  }
}
