package org.pufferflow.mechanism.dphmm;

import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.noise.ConvexPolygonSampler;
import org.pufferflow.noise.PolytopeSampler;
import org.pufferflow.noise.RandomStream;
import org.pufferflow.noise.SegmentSampler;
import org.pufferflow.noise.ShapeSampler;

/**
 * Uniform draws from a sensitivity hull K within its span (docs/dphmm.md, 'What a release does' step 8, docs/dphmm.md,
 * 'Making it fast'), delegating to the noise package's samplers: rank 0 the point 0; rank 1 a {@link SegmentSampler};
 * rank 2 a {@link ConvexPolygonSampler} (in span coordinates, mapped back by the orthonormal basis when d = 3); rank 3
 * a {@link PolytopeSampler} over the hull's triangulated boundary. As a {@link ShapeSampler} it is the U of
 * {@link org.pufferflow.noise.KNormNoise}: {@link #dimension()} is d and {@link #rank()} the rank of K (0 for K = {0},
 * whose only point is 0 — callers release exactly rather than draw a radius for it). Immutable; {@link #sample}
 * allocates nothing.
 */
final class UniformKSampler implements ShapeSampler {

  private final int d;
  private final int rank;
  private final SegmentSampler segment;
  private final ConvexPolygonSampler polygon;
  private final PolytopeSampler polytope;
  private final double[] basis; // d×2 row-major, for a planar K in 3-D

  UniformKSampler(SensitivityHull hull) {
    this.d = hull.dimension();
    this.rank = hull.rank();
    SegmentSampler seg = null;
    ConvexPolygonSampler poly = null;
    PolytopeSampler tope = null;
    double[] b = null;
    if (rank == 1) {
      double[][] v = hull.vertices();
      seg = new SegmentSampler(v[0], v[1]);
    } else if (rank == 2) {
      poly = new ConvexPolygonSampler(d == 2 ? hull.verticesCounterClockwise() : hull.spanPolygon());
      if (d == 3) {
        double[][] bb = hull.spanBasis();
        b = new double[6];
        for (int a = 0; a < 3; a++) {
          b[2 * a] = bb[a][0];
          b[2 * a + 1] = bb[a][1];
        }
      }
    } else if (rank == 3) {
      tope = new PolytopeSampler(hull.boundaryPoints(), hull.boundaryTriangles());
    }
    this.segment = seg;
    this.polygon = poly;
    this.polytope = tope;
    this.basis = b;
  }

  @Override
  public int dimension() {
    return d;
  }

  @Override
  public int rank() {
    return rank;
  }

  /** Writes a uniform point of K into {@code out[0..d)}. */
  @Override
  public void sample(RandomStream r, double[] out) {
    switch (rank) {
      case 0:
        for (int a = 0; a < d; a++) {
          out[a] = 0;
        }
        break;
      case 1:
        segment.sample(r, out);
        break;
      case 2:
        if (basis == null) {
          polygon.sample(r, out);
        } else {
          polygon.sample(r, out); // span coordinates in out[0..2), mapped back by the basis
          double y0 = out[0];
          double y1 = out[1];
          for (int a = 0; a < 3; a++) {
            out[a] = basis[2 * a] * y0 + basis[2 * a + 1] * y1;
          }
        }
        break;
      default:
        polytope.sample(r, out);
        break;
    }
  }
}
