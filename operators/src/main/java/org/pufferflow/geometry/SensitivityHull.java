package org.pufferflow.geometry;

import java.util.Arrays;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * The sensitivity hull K = conv(Δf) of a set of difference vectors (the paper's Definition 5.1; docs/dphmm.md, 'What a
 * release does' step 6, docs/dphmm.md, 'Making it fast'), for d ∈ {1, 2, 3}, with its gauge ‖·‖_K.
 *
 * <p>Conventions (docs/test-vectors.md, 'DPHMM', binding): the rank r counts singular values above 1e-9·σ_max; K may be
 * degenerate (r &lt; d, and K = {0} when r = 0). The norm ‖v‖_K = min{t ≥ 0 : v ∈ tK} is +∞ for v off the span
 * (‖v − BBᵀv‖₂ &gt; 1e-9·max(R_K, ‖v‖₂)); otherwise it is max over facets of n·y/c with y the span coordinates.
 * Membership is boundary inclusive: v ∈ K ⇔ ‖v‖_K ≤ 1 + 1e-9. Vertices are extreme points only, listed
 * lexicographically ({@link #vertices()}) and, for a 2-D full-rank K, counter-clockwise from the smallest polar
 * angle ({@link #verticesCounterClockwise()}).
 *
 * <p>Assumption: the point set is centrally symmetric (every Δf holds ±(f_j − f_k)), so 0 lies in the relative
 * interior of K. Facets are precomputed once; {@link #norm} allocates nothing and the object is immutable and
 * thread-safe. This class holds the facet side of K (its H-representation: the gauge, the norm and the Theorem 6.3
 * multiplier, the per-release path); the vertex lists and the boundary triangulation that the samplers of K
 * consume are its {@code VertexRepresentation}, built once with it.
 */
public final class SensitivityHull {


  /**
   * Relative safety margin of {@link #maxNormOfDifferences}, 2^-40 ≈ 9.1e-13. The computed maximum carries the
   * rounding of the facet gauges (normals divided by offsets) and of the dot products, a few ulps (2^-52) each
   * relative to ‖g‖·‖y‖; multiplying by 1 + 2^-40 (4096 ulps) and rounding up with {@code Math.nextUp} keeps the
   * result above the exact value unless cancellation in g·y exceeds a factor of ~1000 (docs/dphmm.md, "Rounding of
   * privacy costs"; checked against exact rational values by {@code MultiplierUpperBoundProperties}).
   */
  public static final double MULTIPLIER_MARGIN = 0x1.0p-40;

  /**
   * An upper bound on max_{j,k} ‖p_j − p_k‖_K over the points {@code flat[idx[i]·d ..]}, i &lt; count (the Theorem
   * 6.3 multiplier when the points are f(C)): the computed value times (1 + {@link #MULTIPLIER_MARGIN}), rounded up.
   * Since ‖v‖_K = max over facets of g·y, the maximum is max over facets of (max_j g·y_j − min_k g·y_k):
   * O(count · facets), no hull of the points needed, no allocation. +∞ if some difference is off span(K); exactly 0
   * when count &lt; 2 or all points coincide.
   */
  public double maxNormOfDifferences(double[] flat, int[] idx, int count) {
    if (count < 2) {
      return 0.0;
    }
    int base = idx[0] * d;
    if (r < d) {
      for (int i = 1; i < count; i++) {
        if (normOfDifference(flat, idx[i] * d, flat, base) == Double.POSITIVE_INFINITY) {
          return Double.POSITIVE_INFINITY;
        }
      }
      if (r == 0) {
        return 0.0;
      }
    }
    double best = 0;
    for (int f : widthFacets) {
      int g = f * r;
      double hi = Double.NEGATIVE_INFINITY;
      double lo = Double.POSITIVE_INFINITY;
      for (int i = 0; i < count; i++) {
        int o = idx[i] * d;
        double v0 = flat[o] - flat[base];
        double v1 = d > 1 ? flat[o + 1] - flat[base + 1] : 0;
        double v2 = d > 2 ? flat[o + 2] - flat[base + 2] : 0;
        double s;
        if (r == d) {
          s = gauge[g] * v0;
          if (r > 1) {
            s += gauge[g + 1] * v1;
            if (r > 2) {
              s += gauge[g + 2] * v2;
            }
          }
        } else {
          s = gauge[g] * comp(0, v0, v1, v2);
          if (r > 1) {
            s += gauge[g + 1] * comp(1, v0, v1, v2);
          }
        }
        if (s > hi) {
          hi = s;
        }
        if (s < lo) {
          lo = s;
        }
      }
      best = Math.max(best, hi - lo);
    }
    return best == 0 ? 0.0 : Math.nextUp(best * (1 + MULTIPLIER_MARGIN));
  }

  /**
   * The facets whose width max g·y − min g·y must be computed: every facet except those whose gauge is exactly
   * (bitwise up to the sign of zero) the negation of an earlier listed one — for those g′·y = −(g·y) exactly in
   * floating point, so their width is exactly the same number.
   */
  private static int[] widthFacets(double[] gauge, int facets, int r) {
    int[] keep = new int[facets];
    int w = 0;
    for (int f = 0; f < facets; f++) {
      boolean antipode = false;
      for (int q = 0; q < w && !antipode; q++) {
        boolean neg = true;
        for (int c = 0; c < r && neg; c++) {
          neg = gauge[keep[q] * r + c] == -gauge[f * r + c];
        }
        antipode = neg;
      }
      if (!antipode) {
        keep[w++] = f;
      }
    }
    return Arrays.copyOf(keep, w);
  }

  /** Boundary-inclusive membership tolerance: v ∈ K iff ‖v‖_K ≤ 1 + MEMBERSHIP_TOLERANCE. */
  public static final double MEMBERSHIP_TOLERANCE = 1e-9;
  /** Relative off-span tolerance of the vectors' docs/test-vectors.md, 'DPHMM'. */
  public static final double SPAN_TOLERANCE = 1e-9;

  private final int d;
  private final int r;
  private final double[] basis; // d×r, null when r == d
  private final double radius;
  private final double[] gauge; // facet normals divided by their offsets, r per facet
  private final int facets;
  private final int[] widthFacets; // see widthFacets(...)
  private final VertexRepresentation vrep; // vertices and boundary, for the samplers
  private final double measure;

  private SensitivityHull(int d, ConvexHull h, double[] points) {
    this.d = d;
    this.r = h.rank;
    this.basis = h.basis;
    this.radius = h.radius;
    this.facets = h.facetCount();
    this.gauge = new double[h.normals.length];
    for (int f = 0; f < facets; f++) {
      for (int c = 0; c < r; c++) {
        gauge[f * r + c] = h.normals[f * r + c] / h.offsets[f];
      }
    }
    this.widthFacets = widthFacets(gauge, facets, r);
    this.measure = h.measure;
    this.vrep = new VertexRepresentation(d, h, points);
  }

  /**
   * K = conv of the rows of {@code points} (m×d, m ≥ 0), d ∈ {1,2,3}. The rows must form a centrally symmetric set
   * (as Δf does); checked.
   */
  public static SensitivityHull of(int d, double[][] points) {
    PufferPreconditions.checkDimension("d", d);
    ModelPreconditions.checkMatrixShape("points", points, points.length, d);
    double[] flat = new double[points.length * d];
    for (int i = 0; i < points.length; i++) {
      System.arraycopy(points[i], 0, flat, i * d, d);
    }
    return ofFlat(d, flat, points.length);
  }

  /**
   * As {@link #of(int, double[][])} with the m points row-major in {@code flat} (not copied; not retained).
   *
   * @throws IllegalArgumentException if the points are not centrally symmetric (the gauge and the facet
   *     computation assume 0 in the relative interior; a one-sided set would give ‖v‖_K = 0 for v ≠ 0)
   */
  public static SensitivityHull ofFlat(int d, double[] flat, int m) {
    PufferPreconditions.checkDimension("d", d);
    PufferPreconditions.checkCentrallySymmetric("points", flat, m, d);
    return new SensitivityHull(d, ConvexHull.of(flat, m, d), Arrays.copyOf(flat, m * d));
  }

  /** Dimension d of the query space. */
  public int dimension() {
    return d;
  }

  /** Rank r of K (dimension of its span); 0 when K = {0}. */
  public int rank() {
    return r;
  }

  /** Extreme points of K, lexicographically ordered; K = {0} gives the single vertex 0. Fresh copies. */
  public double[][] vertices() {
    return vrep.vertices();
  }

  /**
   * For rank 2, the vertices counter-clockwise (in the span's orientation; for d = 2 the plane's) starting at the
   * smallest polar angle in [0, 2π); for other ranks the lexicographic list.
   */
  public double[][] verticesCounterClockwise() {
    return vrep.verticesCounterClockwise();
  }

  /** Number of vertices. */
  public int vertexCount() {
    return vrep.vertexCount();
  }

  /** Vol_d(K): the d-dimensional volume, 0 when r &lt; d. */
  public double volume() {
    return r == d ? measure : 0.0;
  }

  /** The r-dimensional measure of K within its span (length, area, volume); 1 for K = {0}. */
  public double measureInSpan() {
    return measure;
  }

  /** The largest Euclidean norm R_K of a point of K. */
  public double radius() {
    return radius;
  }

  /** ‖v‖_K; +∞ off the span. Allocates nothing. */
  public double norm(double[] v) {
    return norm(v, 0);
  }

  /** ‖v‖_K of the d-vector stored at {@code v[offset..offset+d)}. */
  public double norm(double[] v, int offset) {
    double v0 = v[offset];
    double v1 = d > 1 ? v[offset + 1] : 0;
    double v2 = d > 2 ? v[offset + 2] : 0;
    return gaugeOf(v0, v1, v2);
  }

  /** ‖a − b‖_K for the d-vectors at {@code a[aOff..]} and {@code b[bOff..]}. Allocates nothing. */
  public double normOfDifference(double[] a, int aOff, double[] b, int bOff) {
    double v0 = a[aOff] - b[bOff];
    double v1 = d > 1 ? a[aOff + 1] - b[bOff + 1] : 0;
    double v2 = d > 2 ? a[aOff + 2] - b[bOff + 2] : 0;
    return gaugeOf(v0, v1, v2);
  }

  /** Boundary-inclusive membership: ‖v‖_K ≤ 1 + 1e-9. */
  public boolean contains(double[] v) {
    return norm(v) <= 1 + MEMBERSHIP_TOLERANCE;
  }

  /** Whether v lies in the span of K (within the off-span tolerance). */
  public boolean inSpan(double[] v) {
    return norm(v) != Double.POSITIVE_INFINITY;
  }

  private double gaugeOf(double v0, double v1, double v2) {
    if (r == d) {
      return r == 2 ? facetMax2(v0, v1) : r == 3 ? facetMax3(v0, v1, v2) : facetMax1(v0);
    }
    double vn = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
    if (r == 0) {
      return vn == 0 ? 0.0 : Double.POSITIVE_INFINITY;
    }
    double y0 = comp(0, v0, v1, v2);
    double y1 = r > 1 ? comp(1, v0, v1, v2) : 0;
    double e0 = v0 - back(0, y0, y1);
    double e1 = d > 1 ? v1 - back(1, y0, y1) : 0;
    double e2 = d > 2 ? v2 - back(2, y0, y1) : 0;
    double residual = Math.sqrt(e0 * e0 + e1 * e1 + e2 * e2);
    if (residual > SPAN_TOLERANCE * Math.max(radius, vn)) {
      return Double.POSITIVE_INFINITY;
    }
    return r == 2 ? facetMax2(y0, y1) : facetMax1(y0);
  }

  /** max(0, max over facets of g·y) in span coordinates, r = 1, 2, 3 (tight loops: the release hot path). */
  private double facetMax1(double y0) {
    double best = 0;
    for (int f = 0; f < facets; f++) {
      double s = gauge[f] * y0;
      if (s > best) {
        best = s;
      }
    }
    return best;
  }

  private double facetMax2(double y0, double y1) {
    double best = 0;
    double[] g = gauge;
    for (int i = 0, end = 2 * facets; i < end; i += 2) {
      double s = g[i] * y0 + g[i + 1] * y1;
      if (s > best) {
        best = s;
      }
    }
    return best;
  }

  private double facetMax3(double y0, double y1, double y2) {
    double best = 0;
    double[] g = gauge;
    for (int i = 0, end = 3 * facets; i < end; i += 3) {
      double s = g[i] * y0 + g[i + 1] * y1 + g[i + 2] * y2;
      if (s > best) {
        best = s;
      }
    }
    return best;
  }

  private double comp(int c, double v0, double v1, double v2) {
    double s = basis[c] * v0;
    if (d > 1) {
      s += basis[r + c] * v1;
    }
    if (d > 2) {
      s += basis[2 * r + c] * v2;
    }
    return s;
  }

  private double back(int a, double y0, double y1) {
    double s = basis[a * r] * y0;
    if (r > 1) {
      s += basis[a * r + 1] * y1;
    }
    return s;
  }

  /** The d×r orthonormal basis B of the span (columns), the identity when r = d. Fresh copy. */
  public double[][] spanBasis() {
    double[][] b = new double[d][r];
    for (int a = 0; a < d; a++) {
      for (int c = 0; c < r; c++) {
        b[a][c] = basis == null ? (a == c ? 1 : 0) : basis[a * r + c];
      }
    }
    return b;
  }

  /** For r = 2: the polygon's vertices in span coordinates y = Bᵀv, counter-clockwise. Fresh copy. */
  public double[][] spanPolygon() {
    return vrep.spanPolygon();
  }

  /** For r = 3: the points referenced by {@link #boundaryTriangles()}. Fresh copy. */
  public double[][] boundaryPoints() {
    return vrep.boundaryPoints();
  }

  /** For r = 3: outward-oriented triangles covering the boundary, as indices into {@link #boundaryPoints()}. */
  public int[][] boundaryTriangles() {
    return vrep.boundaryTriangles();
  }

  /**
   * The facets as gauge vectors in span coordinates: row f is n_f/c_f, so that K = {y : g_f·y ≤ 1 for all f} and
   * ‖v‖_K = max(0, max_f g_f·Bᵀv) for v in the span. Fresh copy; empty for K = {0}.
   */
  public double[][] facetGauges() {
    double[][] g = new double[facets][r];
    for (int f = 0; f < facets; f++) {
      System.arraycopy(gauge, f * r, g[f], 0, r);
    }
    return g;
  }

  /** Number of distinct facets (r ≥ 1; a segment has 2). */
  public int facetCount() {
    return facets;
  }
}
