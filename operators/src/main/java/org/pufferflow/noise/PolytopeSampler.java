package org.pufferflow.noise;

import java.util.HashMap;
import java.util.Map;
import org.pufferflow.common.PufferPreconditions;

/**
 * Uniform points in a 3-D convex polytope given by its vertices and a triangulation of its boundary (docs/dphmm.md,
 * 'Sensitivity hull': the 3-D sensitivity hull).
 *
 * <p>The polytope is cut into the cones from an interior point c (the centroid of the vertices) over the boundary
 * triangles, i.e. tetrahedra (c, a, b, d). A draw picks a tetrahedron with probability proportional to its volume
 * ({@link AliasTable}) and a uniform point in it by the folding method of Rocchini and Cignoni ("Generating random
 * points in a tetrahedron", J. Graphics Tools 5(4), 2000): three uniforms s, t, u are folded into the simplex
 * s, t, u ≥ 0, s + t + u ≤ 1 by measure-preserving reflections, and the point is c + s·(a − c) + t·(b − c) +
 * u·(d − c). Five words per draw.
 *
 * <p>Input checks: at least four finite vertices, triangles of three distinct valid indices, every edge shared by
 * exactly two triangles (a closed surface), all cones of the same orientation as seen from the centroid (which
 * holds for the boundary of a convex polytope, in either winding), and positive volume. Immutable; {@link #sample}
 * allocates nothing.
 */
public final class PolytopeSampler implements ShapeSampler {

  private static final double RELATIVE_TOLERANCE = 1e-12;

  /** Per tetrahedron: apex c and the three edge vectors (a − c, b − c, d − c): 12 doubles. */
  private final double[] tetrahedra;
  private final AliasTable chooser;
  private final double volume;

  /**
   * @param vertices points {x, y, z} (copied)
   * @param triangles boundary triangles as triples of vertex indices
   * @throws IllegalArgumentException if the geometry is empty, malformed, not a closed convex surface or has zero
   *     volume (degenerate)
   */
  public PolytopeSampler(double[][] vertices, int[][] triangles) {
    PufferPreconditions.checkNotNull("polytope vertices", vertices);
    PufferPreconditions.checkNotNull("polytope triangles", triangles);
    int n = vertices.length;
    PufferPreconditions.checkArgument(n >= 4, "polytope vertices: %d vertices: a polytope needs >= 4", n);
    int m = triangles.length;
    PufferPreconditions.checkArgument(m >= 4, "polytope triangles: %d triangles: a closed surface needs >= 4", m);
    double[] centroid = new double[3];
    for (int i = 0; i < n; i++) {
      double[] v = PufferPreconditions.checkNotNull("polytope vertex " + i, vertices[i]);
      PufferPreconditions.checkArgument(v.length == 3, "polytope vertex %d: %d coordinates: must have 3", i, v.length);
      for (int k = 0; k < 3; k++) {
        centroid[k] += PufferPreconditions.checkFinite("polytope vertex " + i + "[" + k + "]", v[k]) / n;
      }
    }
    double extent = 0;
    for (double[] v : vertices) {
      for (int k = 0; k < 3; k++) {
        extent = Math.max(extent, Math.abs(v[k] - centroid[k]));
      }
    }
    double tolerance = RELATIVE_TOLERANCE * extent * extent * extent;
    Map<Long, Integer> edgeUses = new HashMap<>();
    tetrahedra = new double[12 * m];
    double[] volumes = new double[m];
    int positive = 0;
    int negative = 0;
    for (int f = 0; f < m; f++) {
      int[] tri = PufferPreconditions.checkNotNull("polytope triangle " + f, triangles[f]);
      PufferPreconditions.checkArgument(
          tri.length == 3, "polytope triangle %d: %d indices: must have 3", f, tri.length);
      for (int k = 0; k < 3; k++) {
        PufferPreconditions.checkIndex("polytope triangle " + f + " vertex index", tri[k], n);
      }
      PufferPreconditions.checkArgument(
          tri[0] != tri[1] && tri[1] != tri[2] && tri[0] != tri[2],
          "polytope triangle %d = %s: indices must be distinct", f, java.util.Arrays.toString(tri));
      for (int k = 0; k < 3; k++) {
        int a = Math.min(tri[k], tri[(k + 1) % 3]);
        int b = Math.max(tri[k], tri[(k + 1) % 3]);
        edgeUses.merge(((long) a << 32) | b, 1, Integer::sum);
      }
      int o = 12 * f;
      System.arraycopy(centroid, 0, tetrahedra, o, 3);
      for (int k = 0; k < 3; k++) {
        double[] v = vertices[tri[k]];
        for (int j = 0; j < 3; j++) {
          tetrahedra[o + 3 + 3 * k + j] = v[j] - centroid[j];
        }
      }
      double signed = determinant(tetrahedra, o + 3) / 6;
      if (signed > tolerance) {
        positive++;
      } else if (signed < -tolerance) {
        negative++;
      }
      volumes[f] = Math.abs(signed);
    }
    for (Map.Entry<Long, Integer> e : edgeUses.entrySet()) {
      PufferPreconditions.checkArgument(
          e.getValue() == 2,
          "polytope triangles: edge (%d, %d) is used by %d triangles: the boundary must be closed (exactly 2)",
          e.getKey() >>> 32, e.getKey() & 0xffffffffL, e.getValue());
    }
    PufferPreconditions.checkArgument(
        positive == 0 || negative == 0,
        "polytope triangles: %d cones face one way and %d the other: the surface is not convex or not"
            + " consistently oriented",
        positive, negative);
    double total = 0;
    for (double v : volumes) {
      total += v;
    }
    PufferPreconditions.checkArgument(
        total > tolerance, "polytope volume = %s: degenerate polytope (all vertices coplanar)", total);
    volume = total;
    chooser = new AliasTable(volumes);
  }

  /** The polytope's volume (sum of the cones). */
  public double volume() {
    return volume;
  }

  /** Points have 3 coordinates. */
  @Override
  public int dimension() {
    return 3;
  }

  /** A polytope has rank 3. */
  @Override
  public int rank() {
    return 3;
  }

  /** Writes a uniform point of the polytope into {@code out[0..3)}. */
  @Override
  public void sample(RandomStream r, double[] out) {
    int o = 12 * chooser.sample(r);
    double s = r.nextDouble();
    double t = r.nextDouble();
    double u = r.nextDouble();
    if (s + t > 1) {
      s = 1 - s;
      t = 1 - t;
    }
    if (t + u > 1) {
      double tmp = u;
      u = 1 - s - t;
      t = 1 - tmp;
    } else if (s + t + u > 1) {
      double tmp = u;
      u = s + t + u - 1;
      s = 1 - t - tmp;
    }
    double[] q = tetrahedra;
    for (int j = 0; j < 3; j++) {
      out[j] = q[o + j] + s * q[o + 3 + j] + t * q[o + 6 + j] + u * q[o + 9 + j];
    }
  }

  private static double determinant(double[] m, int o) {
    return m[o] * (m[o + 4] * m[o + 8] - m[o + 5] * m[o + 7])
        - m[o + 1] * (m[o + 3] * m[o + 8] - m[o + 5] * m[o + 6])
        + m[o + 2] * (m[o + 3] * m[o + 7] - m[o + 4] * m[o + 6]);
  }
}
