package org.pufferflow.mechanism.dphmm;

import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.policy.ProtectableGraph;

/**
 * A recyclable slot of the {@link HullCache}: the public quantities a release needs for one constraint C
 * (docs/dphmm.md, "What a release does", steps 4–6 and 10) — the hull K_t of the protectable graph G_t, a uniform
 * sampler of K_t within its span, the Theorem 6.3 multipliers (K-norm and Laplace) and the Laplace sensitivity S_f.
 *
 * <p><b>Mutable</b>: the cache refills the slot it evicts ({@link #assign}) so that a cache miss allocates nothing.
 * A slot obtained from the cache is valid until the next cache lookup of the same releaser; nothing outside this
 * package sees one. {@link #graph} is G_t itself when it was built, or null when the release's fast path computed
 * these quantities without listing G_t's edges (C without isolated nodes, so G_t = G_C; see
 * {@link org.pufferflow.policy.DeltaFIndex}).
 */
final class GeometrySlot {

  ProtectableGraph graph;
  SensitivityHull hull;
  int rank;
  double kNormMultiplier;
  double l1Sensitivity;
  double laplaceMultiplier;
  private UniformKSampler sampler;

  GeometrySlot(ProtectableGraph graph, UniformKSampler sampler) {
    this(graph, graph.hull(), sampler, graph.constrainedDpMultiplier(), graph.l1Sensitivity(), graph.l1Diameter());
  }

  /**
   * From the parts: K_t, its sampler, the multiplier max_{j,k∈C} ‖f_j − f_k‖_{K_t} (already an upper bound, see
   * {@link SensitivityHull#maxNormOfDifferences}), S_f and the ℓ1 diameter of f(C); {@code graph} may be null. The
   * release reads only the multiplier of its configured noise, so the fast path passes NaN for the K-norm
   * multiplier under Laplace noise and for the ℓ1 diameter under K-norm noise.
   */
  GeometrySlot(ProtectableGraph graph, SensitivityHull hull, UniformKSampler sampler, double kNormMultiplier,
      double l1Sensitivity, double l1Diameter) {
    assign(graph, hull, sampler, kNormMultiplier, l1Sensitivity, l1Diameter);
  }

  /**
   * Refills this slot (as the constructor does) and returns it. Only for a slot no longer reachable through the
   * cache (the value {@link HullCache} evicted): the release's cache-miss path then allocates nothing.
   */
  GeometrySlot assign(ProtectableGraph graph, SensitivityHull hull, UniformKSampler sampler,
      double kNormMultiplier, double l1Sensitivity, double l1Diameter) {
    this.graph = graph;
    this.hull = hull;
    this.rank = hull.rank();
    this.sampler = sampler;
    this.kNormMultiplier = kNormMultiplier;
    this.l1Sensitivity = l1Sensitivity;
    this.laplaceMultiplier = laplaceMultiplier(l1Diameter, l1Sensitivity);
    return this;
  }

  /**
   * The Laplace analogue of the Theorem 6.3 multiplier, max ‖f_j − f_k‖₁ / S_f, rounded up
   * ({@link PrivacyCosts#upperBound}). When S_f = 0 the release is exact: 0 if f(C) is one point (nothing is revealed
   * beyond C), +∞ otherwise (the exact value distinguishes states of C). NaN if {@code l1Diameter} is.
   */
  static double laplaceMultiplier(double l1Diameter, double l1Sensitivity) {
    if (l1Sensitivity == 0) {
      return l1Diameter > 0 ? Double.POSITIVE_INFINITY : l1Diameter;
    }
    return PrivacyCosts.upperBound(l1Diameter / l1Sensitivity);
  }

  /** The uniform sampler of K_t. */
  UniformKSampler sampler() {
    return sampler;
  }
}
