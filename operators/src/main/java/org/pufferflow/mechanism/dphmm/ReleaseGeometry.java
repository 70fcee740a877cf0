package org.pufferflow.mechanism.dphmm;

import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.noise.ConvexPolygonSampler;
import org.pufferflow.noise.PolytopeSampler;
import org.pufferflow.noise.RandomStream;
import org.pufferflow.noise.SegmentSampler;
import org.pufferflow.policy.ProtectableGraph;

/**
 * Everything a release needs that depends only on public configuration and the constraint C (dphmm.md §5): the
 * protectable graph G_t, its hull K_t, a uniform sampler of K_t within its span, the Theorem 6.3 multiplier and the
 * Laplace sensitivity. Built once per C and cached ({@link HullCache}); immutable.
 */
final class ReleaseGeometry {

  final ProtectableGraph graph;
  final SensitivityHull hull;
  final int rank;
  final double kNormMultiplier;
  final double l1Sensitivity;
  final double laplaceMultiplier;
  private final int d;
  private final SegmentSampler segment;
  private final ConvexPolygonSampler polygon;
  private final PolytopeSampler polytope;
  private final double[] basis; // d×2 row-major, for a planar K in 3-D

  ReleaseGeometry(ProtectableGraph graph, int d) {
    this.graph = graph;
    this.hull = graph.hull();
    this.rank = hull.rank();
    this.d = d;
    this.kNormMultiplier = graph.constrainedDpMultiplier();
    this.l1Sensitivity = graph.l1Sensitivity();
    this.laplaceMultiplier = l1Sensitivity == 0 ? 0 : graph.l1Diameter() / l1Sensitivity;
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

  /** Writes a uniform point of K_t (within its span) into {@code out[0..d)}; {@code tmp} has length ≥ 2. */
  void sampleUniform(RandomStream r, double[] out, double[] tmp) {
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
          polygon.sample(r, tmp);
          for (int a = 0; a < 3; a++) {
            out[a] = basis[2 * a] * tmp[0] + basis[2 * a + 1] * tmp[1];
          }
        }
        break;
      default:
        polytope.sample(r, out);
        break;
    }
  }
}
