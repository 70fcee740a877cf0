package org.pufferflow.geometry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The convex hull of m points in R^d, d ≤ 3, computed inside the linear span of the points (docs/test-vectors.md, 'DPHMM',
 * "Rank / span"): the rank r is the number of singular values of the m×d point matrix above 1e-9·σ_max; the span
 * coordinates are y = Bᵀp with B the first r right singular vectors, or y = p when r = d (no rotation, so integer
 * inputs stay exact). Inside the span: r = 1 a segment, r = 2 Andrew's monotone chain, r = 3 an incremental
 * hull with coplanar triangles merged into facets.
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

  private ConvexHull(int d, int rank, double[] basis, double radius, int[] vertices, double[] normals,
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
        return Polytope3.build(d, basis, radius, y, m);
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

  // -- rank 3 ----------------------------------------------------------------------------------------------------

  /** Incremental 3-D hull (visible faces replaced by a cone to the new point over the horizon). */
  private static final class Polytope3 {
    private final double[] y;
    private final int m;
    private final double eps;
    private final List<int[]> faces = new ArrayList<>();
    private final List<double[]> planes = new ArrayList<>(); // unit normal (3) + offset
    private final List<Boolean> alive = new ArrayList<>();
    private final double[] inner = new double[3];

    private Polytope3(double[] y, int m, double radius) {
      this.y = y;
      this.m = m;
      this.eps = 1e-10 * radius;
    }

    static ConvexHull build(int d, double[] basis, double radius, double[] y, int m) {
      Polytope3 p = new Polytope3(y, m, radius);
      p.run();
      return p.result(d, basis, radius);
    }

    private double dist2(int i, int j) {
      double s = 0;
      for (int a = 0; a < 3; a++) {
        double t = y[3 * i + a] - y[3 * j + a];
        s += t * t;
      }
      return s;
    }

    private double[] sub(int i, int j) {
      return new double[] {y[3 * i] - y[3 * j], y[3 * i + 1] - y[3 * j + 1], y[3 * i + 2] - y[3 * j + 2]};
    }

    private static double[] crossV(double[] a, double[] b) {
      return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double dot(double[] a, double[] b) {
      return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private void run() {
      int i0 = 0;
      double best = -1;
      for (int i = 0; i < m; i++) {
        double s = y[3 * i] * y[3 * i] + y[3 * i + 1] * y[3 * i + 1] + y[3 * i + 2] * y[3 * i + 2];
        if (s > best) {
          best = s;
          i0 = i;
        }
      }
      int i1 = i0;
      best = -1;
      for (int i = 0; i < m; i++) {
        double s = dist2(i, i0);
        if (s > best) {
          best = s;
          i1 = i;
        }
      }
      double[] e = sub(i1, i0);
      int i2 = i0;
      best = -1;
      for (int i = 0; i < m; i++) {
        double[] c = crossV(e, sub(i, i0));
        double s = dot(c, c);
        if (s > best) {
          best = s;
          i2 = i;
        }
      }
      double[] nrm = crossV(e, sub(i2, i0));
      int i3 = i0;
      best = -1;
      for (int i = 0; i < m; i++) {
        double s = Math.abs(dot(nrm, sub(i, i0)));
        if (s > best) {
          best = s;
          i3 = i;
        }
      }
      for (int a = 0; a < 3; a++) {
        inner[a] = (y[3 * i0 + a] + y[3 * i1 + a] + y[3 * i2 + a] + y[3 * i3 + a]) / 4;
      }
      addFace(i0, i1, i2);
      addFace(i0, i1, i3);
      addFace(i0, i2, i3);
      addFace(i1, i2, i3);
      for (int p = 0; p < m; p++) {
        if (p == i0 || p == i1 || p == i2 || p == i3) {
          continue;
        }
        insert(p);
      }
    }

    /** Adds triangle (a,b,c), flipped if needed so that its normal points away from the interior point. */
    private void addFace(int a, int b, int c) {
      double[] n = crossV(sub(b, a), sub(c, a));
      double len = Math.sqrt(dot(n, n));
      double[] toInner = {inner[0] - y[3 * a], inner[1] - y[3 * a + 1], inner[2] - y[3 * a + 2]};
      if (dot(n, toInner) > 0) {
        int t = b;
        b = c;
        c = t;
        n[0] = -n[0];
        n[1] = -n[1];
        n[2] = -n[2];
      }
      double[] plane = {n[0] / len, n[1] / len, n[2] / len, 0};
      plane[3] = plane[0] * y[3 * a] + plane[1] * y[3 * a + 1] + plane[2] * y[3 * a + 2];
      faces.add(new int[] {a, b, c});
      planes.add(plane);
      alive.add(Boolean.TRUE);
    }

    private void insert(int p) {
      List<Integer> visible = new ArrayList<>();
      for (int f = 0; f < faces.size(); f++) {
        if (!alive.get(f)) {
          continue;
        }
        double[] pl = planes.get(f);
        double dist = pl[0] * y[3 * p] + pl[1] * y[3 * p + 1] + pl[2] * y[3 * p + 2] - pl[3];
        if (dist > eps) {
          visible.add(f);
        }
      }
      if (visible.isEmpty()) {
        return;
      }
      Set<Long> edges = new HashSet<>();
      for (int f : visible) {
        int[] t = faces.get(f);
        for (int s = 0; s < 3; s++) {
          edges.add(key(t[s], t[(s + 1) % 3]));
        }
      }
      List<int[]> horizon = new ArrayList<>();
      for (int f : visible) {
        int[] t = faces.get(f);
        for (int s = 0; s < 3; s++) {
          int a = t[s];
          int b = t[(s + 1) % 3];
          if (!edges.contains(key(b, a))) {
            horizon.add(new int[] {a, b});
          }
        }
        alive.set(f, Boolean.FALSE);
      }
      for (int[] h : horizon) {
        addFace(h[0], h[1], p);
      }
    }

    private long key(int a, int b) {
      return (long) a * m + b;
    }

    private ConvexHull result(int d, double[] basis, double radius) {
      List<double[]> merged = new ArrayList<>();
      List<int[]> tris = new ArrayList<>();
      List<Integer> triPlane = new ArrayList<>();
      double volume = 0;
      double tol = 1e-9;
      for (int f = 0; f < faces.size(); f++) {
        if (!alive.get(f)) {
          continue;
        }
        double[] pl = planes.get(f);
        int idx = -1;
        for (int q = 0; q < merged.size(); q++) {
          double[] o = merged.get(q);
          if (Math.abs(o[0] - pl[0]) <= tol && Math.abs(o[1] - pl[1]) <= tol && Math.abs(o[2] - pl[2]) <= tol
              && Math.abs(o[3] - pl[3]) <= tol * Math.max(1, radius)) {
            idx = q;
            break;
          }
        }
        if (idx < 0) {
          merged.add(pl);
          idx = merged.size() - 1;
        }
        int[] t = faces.get(f);
        tris.add(t);
        triPlane.add(idx);
        double[] a = {y[3 * t[0]] - inner[0], y[3 * t[0] + 1] - inner[1], y[3 * t[0] + 2] - inner[2]};
        double[] b = {y[3 * t[1]] - inner[0], y[3 * t[1] + 1] - inner[1], y[3 * t[1] + 2] - inner[2]};
        double[] c = {y[3 * t[2]] - inner[0], y[3 * t[2] + 1] - inner[1], y[3 * t[2] + 2] - inner[2]};
        volume += dot(a, crossV(b, c)) / 6;
      }
      // A boundary point is a vertex iff the normals of the facets around it span R^3.
      List<List<Integer>> planesAt = new ArrayList<>();
      for (int i = 0; i < m; i++) {
        planesAt.add(null);
      }
      for (int t = 0; t < tris.size(); t++) {
        for (int v : tris.get(t)) {
          if (planesAt.get(v) == null) {
            planesAt.set(v, new ArrayList<>());
          }
          if (!planesAt.get(v).contains(triPlane.get(t))) {
            planesAt.get(v).add(triPlane.get(t));
          }
        }
      }
      List<Integer> verts = new ArrayList<>();
      for (int i = 0; i < m; i++) {
        List<Integer> ps = planesAt.get(i);
        if (ps != null && ps.size() >= 3 && normalsSpan3(ps, merged)) {
          verts.add(i);
        }
      }
      int[] vertices = verts.stream().mapToInt(Integer::intValue).toArray();
      double[] normals = new double[3 * merged.size()];
      double[] offsets = new double[merged.size()];
      for (int q = 0; q < merged.size(); q++) {
        System.arraycopy(merged.get(q), 0, normals, 3 * q, 3);
        offsets[q] = merged.get(q)[3];
      }
      int[] triangles = new int[3 * tris.size()];
      for (int t = 0; t < tris.size(); t++) {
        System.arraycopy(tris.get(t), 0, triangles, 3 * t, 3);
      }
      return new ConvexHull(d, 3, basis, radius, vertices, normals, offsets, triangles, volume, y);
    }

    private static boolean normalsSpan3(List<Integer> ps, List<double[]> planes) {
      for (int a = 0; a < ps.size(); a++) {
        for (int b = a + 1; b < ps.size(); b++) {
          double[] na = planes.get(ps.get(a));
          double[] nb = planes.get(ps.get(b));
          double[] c = crossV(na, nb);
          for (int e = b + 1; e < ps.size(); e++) {
            double det = dot(c, planes.get(ps.get(e)));
            if (Math.abs(det) > 1e-9) {
              return true;
            }
          }
        }
      }
      return false;
    }
  }
}
