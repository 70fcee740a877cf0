package org.pufferflow.mechanism.mqm;

/**
 * The max-influence {@code e_θ(X_Q | X_i)} of a chain quilt {@code X_Q = {X_{i−a}, X_{i+b}}} on node X_i, for one
 * chain θ (docs/mqm.md, 'What is protected', docs/mqm.md, 'Modes'), or an upper bound of it. Offsets are ≥ 1, or
 * {@link #NONE} for an absent side (Lemma 2.5). Nodes are 1-based positions counted from the start of the chain (the
 * window or the stream).
 *
 * <p>Implementations are immutable and thread-safe. An unusable quilt (a zero transition probability in the exact
 * ratio, or a side below the Lemma 2.3 threshold) has influence {@code +∞}; never NaN.
 *
 * <p>Monotonicity contract (Lemma 1.1 and data processing along the chain): the influence is non-increasing in
 * each present offset, and for position-dependent models {@link #worstCaseInfluence} bounds the influence at every
 * node i > a. The quilt search and the accountant rely on both.
 */
public interface QuiltInfluence {

  /** Offset value meaning "no quilt node on this side". */
  int NONE = 0;

  /**
   * Influence of the quilt (a, b) on node i (1-based), with a ≤ i − 1 or NONE, b ≥ 1 or NONE. The result does not
   * depend on the chain length: a side that falls off the chain is passed as NONE by the caller.
   */
  double influence(int i, int a, int b);

  /**
   * Whether {@link #influence} does not depend on i (APPROX, EXACT with q = π): enables Lemma B (docs/mqm.md, 'σ_max').
   */
  boolean positionIndependent();

  /** An upper bound of {@code influence(i, a, b)} over every node i > a (i ≥ 1 when a = NONE). */
  double worstCaseInfluence(int a, int b);

  /**
   * An upper bound of {@link #influence} (by default the value itself). Searches use it only for decisions that stay
   * valid with any upper bound — skipping a node whose score is already at most the running maximum — so a model
   * built with short (clamped) tables may answer it from them.
   */
  default double influenceUpperBound(int i, int a, int b) {
    return influence(i, a, b);
  }

  /**
   * The distance beyond which the model's values no longer change (exact tables are clamped there), or
   * {@link Integer#MAX_VALUE}; searches over unbounded offsets may stop at twice this distance.
   */
  default int saturationDistance() {
    return Integer.MAX_VALUE;
  }

  /**
   * Whether the influence is a sum of one term per side, {@code influence(i, a, b) = sideInfluence(true, a) +
   * sideInfluence(false, b)} for every i (then it is also position-independent): the quilt searches over both
   * offsets can then minimise each side alone ({@link SeparableQuiltSearch}).
   */
  default boolean separable() {
    return false;
  }

  /** The left ({@code true}, offset a) or right side's term of a separable model; 0 for {@link #NONE}. */
  default double sideInfluence(boolean left, int offset) {
    throw new UnsupportedOperationException("not a separable influence model");
  }
}
