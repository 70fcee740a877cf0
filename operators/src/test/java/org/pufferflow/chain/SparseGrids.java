package org.pufferflow.chain;

/**
 * The lazy walk on a side×side grid as a {@link SparseTransitionMatrix}, built without a dense N×N array (N = 10⁴
 * would need 800 MB): stay with probability 0.6, else move to one of the in-grid 4-neighbours uniformly — the same
 * matrix as {@code GridModels.lazyWalk(side)} (cells row-major).
 */
public final class SparseGrids {

  private SparseGrids() {}

  public static SparseTransitionMatrix lazyWalk(int side) {
    int n = side * side;
    int[] start = new int[n + 1];
    int[] col = new int[5 * n];
    double[] val = new double[5 * n];
    int k = 0;
    for (int a = 0; a < side; a++) {
      for (int b = 0; b < side; b++) {
        int x = side * a + b;
        start[x] = k;
        int deg = (a > 0 ? 1 : 0) + (a < side - 1 ? 1 : 0) + (b > 0 ? 1 : 0) + (b < side - 1 ? 1 : 0);
        double move = 0.4 / deg;
        int[] cells = {a > 0 ? x - side : -1, b > 0 ? x - 1 : -1, x, b < side - 1 ? x + 1 : -1,
            a < side - 1 ? x + side : -1};
        for (int c : cells) {
          if (c >= 0) {
            col[k] = c;
            val[k++] = c == x ? 0.6 : move;
          }
        }
      }
    }
    start[n] = k;
    return SparseTransitionMatrix.fromCsr("grid", n, start, java.util.Arrays.copyOf(col, k),
        java.util.Arrays.copyOf(val, k));
  }
}
