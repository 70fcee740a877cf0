package org.pufferflow.mechanism.dphmm;

/**
 * Grid mobility models used by the DPHMM tests and benchmarks (dphmm-vectors.md (d); issue 4's benchmark): cells of
 * a side×side grid numbered row-major, k = side·row + col.
 */
public final class GridModels {

  private GridModels() {}

  /**
   * The lazy random walk: stay with probability 0.6, otherwise move to one of the 4-neighbours inside the grid,
   * uniformly (0.4 / degree each).
   */
  public static double[][] lazyWalk(int side) {
    int n = side * side;
    double[][] m = new double[n][n];
    for (int a = 0; a < side; a++) {
      for (int b = 0; b < side; b++) {
        int k = side * a + b;
        m[k][k] = 0.6;
        int[][] nb = {{a - 1, b}, {a + 1, b}, {a, b - 1}, {a, b + 1}};
        int deg = 0;
        for (int[] q : nb) {
          deg += inside(q, side) ? 1 : 0;
        }
        for (int[] q : nb) {
          if (inside(q, side)) {
            m[k][side * q[0] + q[1]] = 0.4 / deg;
          }
        }
      }
    }
    return m;
  }

  /** The query F: f(cell k) = (row, col), in cell units. */
  public static double[][] cellCoordinates(int side) {
    double[][] f = new double[side * side][];
    for (int k = 0; k < f.length; k++) {
      f[k] = new double[] {k / side, k % side};
    }
    return f;
  }

  private static boolean inside(int[] q, int side) {
    return q[0] >= 0 && q[0] < side && q[1] >= 0 && q[1] < side;
  }
}
