package org.pufferflow.geometry;

/**
 * Extreme points and affine rank of a finite point set in R^d, d ≤ 3 (no symmetry assumed). Used for the vertices
 * of conv f(C), over which the Theorem 6.3 multiplier max_{j,k∈C} ‖f(s_j) − f(s_k)‖_K is attained (docs/dphmm.md, 'What
 * a release does' step 10), and for the rank of span{f(s_j) − f(s_k)} that the {@code fullSpan} repair step aims at
 * (docs/dphmm.md, 'Repair modes').
 */
public final class PointSetHull {

  private final int rank;
  private final int[] extreme;

  private PointSetHull(int rank, int[] extreme) {
    this.rank = rank;
    this.extreme = extreme;
  }

  /** The hull of the m points of {@code flat} (row-major m×d). */
  public static PointSetHull of(double[] flat, int m, int d) {
    ConvexHull h = ConvexHull.of(translated(flat, m, d), m, d);
    return new PointSetHull(h.rank, h.rank == 0 ? new int[] {0} : h.vertices.clone());
  }

  /** Dimension of the affine span. */
  public int rank() {
    return rank;
  }

  /** Indices of the extreme points (one index if all points coincide). Fresh copy. */
  public int[] extremePoints() {
    return extreme.clone();
  }

  private static double[] translated(double[] flat, int m, int d) {
    double[] t = new double[m * d];
    for (int i = 0; i < m; i++) {
      for (int a = 0; a < d; a++) {
        t[i * d + a] = flat[i * d + a] - flat[a];
      }
    }
    return t;
  }
}
