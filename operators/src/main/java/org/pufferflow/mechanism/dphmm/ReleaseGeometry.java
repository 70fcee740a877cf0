package org.pufferflow.mechanism.dphmm;

import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.noise.RandomStream;
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
  private final UniformKSampler sampler;

  ReleaseGeometry(ProtectableGraph graph, UniformKSampler sampler) {
    this.graph = graph;
    this.hull = graph.hull();
    this.rank = hull.rank();
    this.sampler = sampler;
    this.kNormMultiplier = graph.constrainedDpMultiplier();
    this.l1Sensitivity = graph.l1Sensitivity();
    this.laplaceMultiplier = l1Sensitivity == 0 ? 0 : graph.l1Diameter() / l1Sensitivity;
  }

  /** Writes a uniform point of K_t (within its span) into {@code out[0..d)}; {@code tmp} has length ≥ 2. */
  void sampleUniform(RandomStream r, double[] out, double[] tmp) {
    sampler.sample(r, out, tmp);
  }
}
