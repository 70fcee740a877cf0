package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Uniform points in a convex polygon given by its vertices in counter-clockwise order (docs/dphmm.md, 'Sensitivity
 * hull': the 2-D sensitivity hull).
 *
 * <p>The polygon is cut into the fan of triangles (v0, v_i, v_{i+1}); a draw picks a triangle with probability
 * proportional to its area ({@link AliasTable}) and then a uniform point in it: with U, V uniform, (U, V) is
 * reflected to (1 − U, 1 − V) when U + V &gt; 1, and the point is v0 + U·(v_i − v0) + V·(v_{i+1} − v0). Since the
 * fan partitions the polygon, the point is uniform in it (up to the 2^-53 granularity of the uniforms and the
 * rounding of the alias probabilities). Four words per draw (two when there is one triangle).
 *
 * <p>Input checks (public geometry, so the values may be quoted): at least three finite vertices, every turn
 * counter-clockwise or straight (convex, CCW), positive area. Collinear vertices on an edge are allowed.
 * Immutable; {@link #sample} allocates nothing.
 */
public final class ConvexPolygonSampler implements ShapeSampler {

  private static final double RELATIVE_TOLERANCE = 1e-12;

  private final int triangles;
  private final double x0;
  private final double y0;
  /** Per fan triangle i: edge vectors (v_{i+1} − v0, v_{i+2} − v0) as ax, ay, bx, by. */
  private final double[] edges;
  private final AliasTable chooser;
  private final double area;

  /**
   * @param ccwVertices the vertices {x, y} in counter-clockwise order (copied)
   * @throws IllegalArgumentException if there are fewer than 3 vertices, a vertex is not a finite pair, the polygon
   *     is not convex and counter-clockwise, or its area is zero (degenerate)
   */
  public ConvexPolygonSampler(double[][] ccwVertices) {
    PufferPreconditions.checkNotNull("polygon vertices", ccwVertices);
    int n = ccwVertices.length;
    PufferPreconditions.checkArgument(n >= 3, "polygon vertices: %d vertices: a polygon needs >= 3", n);
    double extent = 0;
    for (int i = 0; i < n; i++) {
      double[] v = PufferPreconditions.checkNotNull("polygon vertex " + i, ccwVertices[i]);
      PufferPreconditions.checkArgument(
          v.length == 2, "polygon vertex %d: %d coordinates: must have 2", i, v.length);
      PufferPreconditions.checkFinite("polygon vertex " + i + " x", v[0]);
      PufferPreconditions.checkFinite("polygon vertex " + i + " y", v[1]);
      extent = Math.max(extent, Math.max(Math.abs(v[0] - ccwVertices[0][0]), Math.abs(v[1] - ccwVertices[0][1])));
    }
    double tolerance = RELATIVE_TOLERANCE * extent * extent;
    for (int i = 0; i < n; i++) {
      double[] a = ccwVertices[i];
      double[] b = ccwVertices[(i + 1) % n];
      double[] c = ccwVertices[(i + 2) % n];
      double turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
      PufferPreconditions.checkArgument(
          turn >= -tolerance,
          "polygon vertices: turn at vertex %d = %s: the polygon must be convex with vertices in counter-clockwise"
              + " order",
          (i + 1) % n, turn);
    }
    x0 = ccwVertices[0][0];
    y0 = ccwVertices[0][1];
    triangles = n - 2;
    edges = new double[4 * triangles];
    double[] areas = new double[triangles];
    double total = 0;
    for (int i = 0; i < triangles; i++) {
      double ax = ccwVertices[i + 1][0] - x0;
      double ay = ccwVertices[i + 1][1] - y0;
      double bx = ccwVertices[i + 2][0] - x0;
      double by = ccwVertices[i + 2][1] - y0;
      edges[4 * i] = ax;
      edges[4 * i + 1] = ay;
      edges[4 * i + 2] = bx;
      edges[4 * i + 3] = by;
      areas[i] = Math.max(0, 0.5 * (ax * by - ay * bx));
      total += areas[i];
    }
    PufferPreconditions.checkArgument(
        total > tolerance, "polygon area = %s: degenerate polygon (all vertices collinear)", total);
    area = total;
    chooser = new AliasTable(areas);
  }

  /** The polygon's area (sum of the fan triangles). */
  public double area() {
    return area;
  }

  /** Points have 2 coordinates. */
  @Override
  public int dimension() {
    return 2;
  }

  /** A polygon has rank 2. */
  @Override
  public int rank() {
    return 2;
  }

  /** Writes a uniform point of the polygon into {@code out[0]} (x) and {@code out[1]} (y). */
  @Override
  public void sample(RandomStream r, double[] out) {
    int t = 4 * chooser.sample(r);
    double u = r.nextDouble();
    double v = r.nextDouble();
    if (u + v > 1) {
      u = 1 - u;
      v = 1 - v;
    }
    out[0] = x0 + u * edges[t] + v * edges[t + 2];
    out[1] = y0 + u * edges[t + 1] + v * edges[t + 3];
  }
}
