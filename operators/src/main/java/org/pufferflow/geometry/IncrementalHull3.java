package org.pufferflow.geometry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rank-3 case of {@link ConvexHull}: an incremental (beneath-beyond) 3-D hull of points already in span
 * coordinates. A tetrahedron on four far-apart points seeds it; each further point replaces the faces it sees
 * (distance above 1e-10·radius) by a cone to it over their horizon, every face oriented away from the seed's
 * centroid. The surviving triangles whose planes agree within 1e-9 (offsets relative to max(1, radius)) are merged
 * into facets; a boundary point is a vertex iff the normals of the facets around it span R^3.
 *
 * <p>Caller duties: {@code y} holds m points, m×3 row-major, whose affine span is R^3, so that the seed is a
 * proper tetrahedron with an interior centroid ({@link ConvexHull#of} calls this at linear rank 3; its callers'
 * point sets contain the origin or are centrally symmetric, so that is also the affine rank); {@code radius} &gt; 0
 * is their largest Euclidean norm. {@code y} is not copied: the resulting hull keeps it as its span coordinates.
 * One {@link #build} per instance, confined to the building thread; package-private building block of
 * {@link ConvexHull}.
 */
final class IncrementalHull3 {

  private final double[] y;
  private final int m;
  private final double eps;
  private final List<int[]> faces = new ArrayList<>();
  private final List<double[]> planes = new ArrayList<>(); // unit normal (3) + offset
  private final List<Boolean> alive = new ArrayList<>();
  private final double[] inner = new double[3];

  private IncrementalHull3(double[] y, int m, double radius) {
    this.y = y;
    this.m = m;
    this.eps = 1e-10 * radius;
  }

  /** The hull of the m points of {@code y}; {@code d} and {@code basis} are passed through to the result. */
  static ConvexHull build(int d, double[] basis, double radius, double[] y, int m) {
    IncrementalHull3 p = new IncrementalHull3(y, m, radius);
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
