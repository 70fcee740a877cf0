package org.pufferflow.mechanism.dphmm;

import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.noise.RandomStream;
import org.pufferflow.policy.ProtectableGraph;

/**
 * Everything a release needs that depends only on public configuration and the constraint C (dphmm.md §5): the
 * hull K_t of the protectable graph G_t, a uniform sampler of K_t within its span, the Theorem 6.3 multiplier and
 * the Laplace sensitivity. Built once per C and cached ({@link HullCache}); immutable. {@link #graph} is G_t itself
 * when it was built, or null when the release's fast path computed these quantities without listing G_t's edges
 * (C without isolated nodes, so G_t = G_C; see {@link org.pufferflow.policy.DeltaFIndex}).
 */
final class ReleaseGeometry {

  ProtectableGraph graph;
  SensitivityHull hull;
  int rank;
  double kNormMultiplier;
  double l1Sensitivity;
  double laplaceMultiplier;
  private UniformKSampler sampler;

  ReleaseGeometry(ProtectableGraph graph, UniformKSampler sampler) {
    this(graph, graph.hull(), sampler, graph.constrainedDpMultiplier(), graph.l1Sensitivity(), graph.l1Diameter());
  }

  /**
   * From the parts: K_t, its sampler, the multiplier max_{j,k∈C} ‖f_j − f_k‖_{K_t}, S_f and the ℓ1 diameter of
   * f(C); {@code graph} may be null. The release reads only the multiplier of its configured noise, so the fast
   * path passes NaN for the K-norm multiplier under Laplace noise and for the ℓ1 diameter under K-norm noise.
   */
  ReleaseGeometry(ProtectableGraph graph, SensitivityHull hull, UniformKSampler sampler, double kNormMultiplier,
      double l1Sensitivity, double l1Diameter) {
    assign(graph, hull, sampler, kNormMultiplier, l1Sensitivity, l1Diameter);
  }

  /**
   * Refills this object (as the constructor does) and returns it. Only for an object no longer reachable through
   * the cache (the value {@link HullCache} evicted): the release's cache-miss path then allocates nothing.
   */
  ReleaseGeometry assign(ProtectableGraph graph, SensitivityHull hull, UniformKSampler sampler,
      double kNormMultiplier, double l1Sensitivity, double l1Diameter) {
    this.graph = graph;
    this.hull = hull;
    this.rank = hull.rank();
    this.sampler = sampler;
    this.kNormMultiplier = kNormMultiplier;
    this.l1Sensitivity = l1Sensitivity;
    this.laplaceMultiplier = l1Sensitivity == 0 ? 0 : l1Diameter / l1Sensitivity; // NaN if l1Diameter is
    return this;
  }

  /** The uniform sampler of K_t. */
  UniformKSampler sampler() {
    return sampler;
  }

  /** Writes a uniform point of K_t (within its span) into {@code out[0..d)} ({@code tmp} is not needed). */
  void sampleUniform(RandomStream r, double[] out, double[] tmp) {
    sampler.sample(r, out);
  }
}
