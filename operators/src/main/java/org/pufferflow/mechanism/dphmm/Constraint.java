package org.pufferflow.mechanism.dphmm;

/**
 * The constraint C_t ⊆ S of a release: the states the adversary's prior p⁻ makes possible (the paper's
 * Definition 4.1; docs/dphmm.md, 'What a release does' step 2). Implementations are immutable, allocation-free and
 * serializable, with value equality.
 */
public interface Constraint extends java.io.Serializable {

  /**
   * The ℓ1 error, per release, of the prior after a gap where its values decide C (a relaxation): the gap rules'
   * bound ({@link org.pufferflow.chain.GapPropagator#HORIZON_TOLERANCE}), part of every relaxation's δ — the
   * computed prior differs from the exact filter's by at most this much mass (docs/dphmm.md, 'The constraint C_t').
   */
  double PROPAGATION_ERROR = org.pufferflow.chain.GapPropagator.HORIZON_TOLERANCE;

  /**
   * Writes C (sorted increasing state indices) into {@code out[0..count)} and returns count ≥ 1. {@code out} has
   * length ≥ N and may be used as scratch beyond count.
   *
   * @throws IllegalStateException if the prior puts no mass on any state (not a distribution)
   */
  int select(double[] prior, int[] out);

  /**
   * The largest prior mass, Σ_{i ∉ C} p⁻[i], this constraint may leave outside C in one release of an N-state
   * chain, the computed prior's own δ plus {@link #PROPAGATION_ERROR} (the distance to the exact filter's prior): the
   * δ of its relaxation (docs/dphmm.md, 'The constraint C_t'); 0 for the exact support.
   */
  double droppedMassBound(int states);

  /**
   * Whether the posterior is restricted to C (the states left out are dropped from the filter, which keeps the
   * per-subject state small: the support truncation) or kept over every state of positive prior, those outside C
   * with their surrogate's likelihood (the δ-location set, whose dropped mass must be able to come back).
   */
  default boolean restrictsPosterior() {
    return false;
  }

  /** The default: the exact support C = {i : p⁻[i] &gt; 0} (the paper's Definition 4.1). */
  static Constraint support() {
    return SupportConstraint.EXACT;
  }

  /**
   * C = {i : p⁻[i] &gt; τ}: τ = 0 is the exact support; τ &gt; 0 truncates it, a relaxation that leaves up to
   * (N − 1)·τ + {@link #PROPAGATION_ERROR} of prior mass outside C.
   */
  static Constraint support(double tau) {
    return tau == 0 ? SupportConstraint.EXACT : new SupportConstraint(tau);
  }

  /** Xiao and Xiong's δ-location set: the smallest prefix by descending p⁻ with mass ≥ 1 − δ, δ ∈ [0, 1). */
  static Constraint deltaLocationSet(double delta) {
    return new DeltaLocationSet(delta);
  }
}
