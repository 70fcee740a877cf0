package org.pufferflow.mechanism.dphmm;

/**
 * Grid mobility models used by the DPHMM tests and benchmarks (docs/test-vectors.md, 'DPHMM' (d); its benchmark): cells of
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

  /**
   * The lazy random walk on a side^d grid, d ∈ {1, 2, 3} (cells numbered with the last coordinate fastest): stay
   * with probability 0.6, otherwise move to one of the in-grid axis neighbours uniformly. Equals
   * {@link #lazyWalk(int)} for d = 2.
   */
  public static double[][] lazyWalk(int side, int d) {
    int n = (int) Math.pow(side, d);
    double[][] m = new double[n][n];
    for (int k = 0; k < n; k++) {
      int[] nb = axisNeighbours(k, side, d);
      m[k][k] = 0.6;
      for (int j : nb) {
        m[k][j] += 0.4 / nb.length;
      }
    }
    return m;
  }

  /** The in-grid axis neighbours of cell k of a side^d grid, in increasing order of the axis then −/+. */
  public static int[] axisNeighbours(int k, int side, int d) {
    int[] out = new int[2 * d];
    int count = 0;
    int stride = 1;
    for (int a = d - 1; a >= 0; a--) {
      int coord = (k / stride) % side;
      if (coord > 0) {
        out[count++] = k - stride;
      }
      if (coord < side - 1) {
        out[count++] = k + stride;
      }
      stride *= side;
    }
    return java.util.Arrays.copyOf(out, count);
  }

  /** f(cell) = its d coordinates in cell units (first coordinate slowest). */
  public static double[][] cellCoordinates(int side, int d) {
    int n = (int) Math.pow(side, d);
    double[][] f = new double[n][d];
    for (int k = 0; k < n; k++) {
      int rest = k;
      for (int a = d - 1; a >= 0; a--) {
        f[k][a] = rest % side;
        rest /= side;
      }
    }
    return f;
  }
}
