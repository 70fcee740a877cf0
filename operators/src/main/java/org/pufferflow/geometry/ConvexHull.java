package org.pufferflow.geometry;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The convex hull of m points in R^d, d ≤ 3, computed inside the linear span of the points (docs/test-vectors.md,
 * 'DPHMM', "Rank / span"): the rank r is the number of singular values of the m×d point matrix above 1e-9·σ_max; the
 * span coordinates are y = Bᵀp with B the first r right singular vectors, or y = p when r = d (no rotation, so integer
 * inputs stay exact). Inside the span: r = 1 a segment, r = 2 Andrew's monotone chain, r = 3 an incremental hull with
 * coplanar triangles merged into facets ({@link IncrementalHull3}).
 *
 * <p>Only extreme points count as vertices: collinear points on a polygon edge, and points inside a 3-D facet or
 * edge, are dropped. Facets are stored as {@code n·y ≤ c} in span coordinates. Callers wanting an affine hull
 * translate their points first (the hull is of the points as given, relative to the origin of the span).
 *
 * <p>Package-private building block of {@link SensitivityHull} and {@link PointSetHull}; immutable.
 */
final class ConvexHull {

  /** Relative singular-value threshold for the rank (docs/test-vectors.md, 'DPHMM'). */
  static final double RANK_TOLERANCE = 1e-9;
  /** Relative tolerance for orientation tests inside the span. */
  private static final double TURN_TOLERANCE = 1e-12;

  final int d;
  final int rank;
  /** d×r row-major basis (component a of basis vector c at {@code a*r + c}); {@code null} when r == d. */
  final double[] basis;
  /** max ‖p‖₂ over the points. */
  final double radius;
  /** Extreme points as indices into the input; for r = 2 in counter-clockwise order (span coordinates). */
  final int[] vertices;
  /** Facet normals, r per facet, and offsets: n·y ≤ c on the hull. */
  final double[] normals;
  final double[] offsets;
  /** r = 3: outward triangles of the boundary, 3 input indices each; otherwise empty. */
  final int[] triangles;
  /** r-dimensional measure within the span (r = 0: 1 by convention of the vectors, a point has counting measure 1). */
  final double measure;
  /** Span coordinates of every input point, m×r row-major. */
  final double[] y;

  /** The fields as computed by {@link #of} or {@link IncrementalHull3}; arrays are kept, not copied. */
  ConvexHull(int d, int rank, double[] basis, double radius, int[] vertices, double[] normals,
      double[] offsets, int[] triangles, double measure, double[] y) {
    this.d = d;
    this.rank = rank;
    this.basis = basis;
    this.radius = radius;
    this.vertices = vertices;
    this.normals = normals;
    this.offsets = offsets;
    this.triangles = triangles;
    this.measure = measure;
    this.y = y;
  }

  int facetCount() {
    return offsets.length;
  }

  /** The hull of {@code points} (m×d row-major, m ≥ 0). */
  static ConvexHull of(double[] points, int m, int d) {
    double radius = 0;
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int a = 0; a < d; a++) {
        s += points[i * d + a] * points[i * d + a];
      }
      radius = Math.max(radius, Math.sqrt(s));
    }
    if (m == 0 || radius == 0) {
      return new ConvexHull(d, 0, new double[0], 0, new int[0], new double[0], new double[0],
          new int[0], 1.0, new double[0]);
    }
    double[] fullBasis = new double[d * d];
    int rank = rankAndBasis(points, m, d, fullBasis);
    double[] basis = rank < d ? Arrays.copyOf(fullBasis, d * rank) : null;
    double[] y = project(points, m, d, rank, basis);
    switch (rank) {
      case 1:
        return segment(d, basis, radius, y, m);
      case 2:
        return polygon(d, basis, radius, y, m);
      default:
        return IncrementalHull3.build(d, basis, radius, y, m);
    }
  }

  // -- rank and basis ------------------------------------------------------------------------------------------

  /** Rank by SVD; writes the first r right singular vectors into {@code b} (d×r row-major). */
  private static int rankAndBasis(double[] points, int m, int d, double[] b) {
    DMatrixRMaj a = new DMatrixRMaj(m, d, true, Arrays.copyOf(points, m * d));
    SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(m, d, false, true, true);
    if (!svd.decompose(a)) {
      throw new IllegalStateException("SVD of the hull points failed");
    }
    DMatrixRMaj w = svd.getW(null);
    DMatrixRMaj v = svd.getV(null, false);
    SingularOps_DDRM.descendingOrder(null, false, w, v, false);
    double smax = w.get(0, 0);
    int rank = 0;
    for (int k = 0; k < Math.min(m, d); k++) {
      if (w.get(k, k) > RANK_TOLERANCE * smax) {
        rank++;
      }
    }
    for (int row = 0; row < d; row++) {
      for (int c = 0; c < rank; c++) {
        b[row * rank + c] = v.get(row, c);
      }
    }
    return rank;
  }

  private static double[] project(double[] points, int m, int d, int r, double[] basis) {
    if (basis == null) {
      return Arrays.copyOf(points, m * d);
    }
    double[] y = new double[m * r];
    for (int i = 0; i < m; i++) {
      for (int c = 0; c < r; c++) {
        double s = 0;
        for (int a = 0; a < d; a++) {
          s += basis[a * r + c] * points[i * d + a];
        }
        y[i * r + c] = s;
      }
    }
    return y;
  }

  // -- rank 1 ----------------------------------------------------------------------------------------------------

  private static ConvexHull segment(int d, double[] basis, double radius, double[] y, int m) {
    int lo = 0;
    int hi = 0;
    for (int i = 1; i < m; i++) {
      if (y[i] < y[lo]) {
        lo = i;
      }
      if (y[i] > y[hi]) {
        hi = i;
      }
    }
    return new ConvexHull(d, 1, basis, radius, new int[] {lo, hi}, new double[] {1, -1},
        new double[] {y[hi], -y[lo]}, new int[0], y[hi] - y[lo], y);
  }

  // -- rank 2 ----------------------------------------------------------------------------------------------------

  private static ConvexHull polygon(int d, double[] basis, double radius, double[] y, int m) {
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (p, q) -> {
      int c = Double.compare(y[2 * p], y[2 * q]);
      return c != 0 ? c : Double.compare(y[2 * p + 1], y[2 * q + 1]);
    });
    double tol = TURN_TOLERANCE * radius * radius;
    int[] hull = new int[2 * m + 1];
    int k = 0;
    for (int t = 0; t < m; t++) { // lower chain
      int p = order[t];
      while (k >= 2 && cross(y, hull[k - 2], hull[k - 1], p) <= tol) {
        k--;
      }
      if (k >= 1 && same(y, hull[k - 1], p)) {
        continue;
      }
      hull[k++] = p;
    }
    int lower = k + 1;
    for (int t = m - 2; t >= 0; t--) { // upper chain
      int p = order[t];
      while (k >= lower && cross(y, hull[k - 2], hull[k - 1], p) <= tol) {
        k--;
      }
      if (same(y, hull[k - 1], p)) {
        continue;
      }
      hull[k++] = p;
    }
    int n = k - 1; // the last point repeats the first
    int[] vertices = Arrays.copyOf(hull, n);
    double[] normals = new double[2 * n];
    double[] offsets = new double[n];
    double twiceArea = 0;
    for (int e = 0; e < n; e++) {
      int a = vertices[e];
      int b = vertices[(e + 1) % n];
      double nx = y[2 * b + 1] - y[2 * a + 1];
      double ny = y[2 * a] - y[2 * b];
      normals[2 * e] = nx;
      normals[2 * e + 1] = ny;
      offsets[e] = nx * y[2 * a] + ny * y[2 * a + 1];
      twiceArea += y[2 * a] * y[2 * b + 1] - y[2 * b] * y[2 * a + 1];
    }
    return new ConvexHull(d, 2, basis, radius, vertices, normals, offsets, new int[0], twiceArea / 2, y);
  }

  private static boolean same(double[] y, int p, int q) {
    return y[2 * p] == y[2 * q] && y[2 * p + 1] == y[2 * q + 1];
  }

  private static double cross(double[] y, int o, int a, int b) {
    return (y[2 * a] - y[2 * o]) * (y[2 * b + 1] - y[2 * o + 1])
        - (y[2 * a + 1] - y[2 * o + 1]) * (y[2 * b] - y[2 * o]);
  }
}
