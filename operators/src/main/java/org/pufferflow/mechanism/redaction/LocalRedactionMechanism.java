package org.pufferflow.mechanism.redaction;

/**
 * A local redaction mechanism on records {@code X_1..X_n} (docs/redaction.md, 'Model and guarantee'): record {@code t}
 * is released unchanged or replaced by ⊥, independently of all other records, with
 * {@code r_t(v) = Pr(Y_t = ⊥ | X_t = v)}.
 *
 * <p>Indices are 1-based, as in the paper. {@link #length()} is {@code n} or {@link #UNBOUNDED} for a stream. On an
 * unbounded stream {@link #alwaysReleasedFrom()} must be finite for the exact leakage to be computable.
 * Implementations are immutable.
 */
public interface LocalRedactionMechanism {

  /** The length of an unbounded stream. */
  long UNBOUNDED = Long.MAX_VALUE;

  /** Number of records {@code n}, or {@link #UNBOUNDED}. */
  long length();

  /** {@code r_t(v) = Pr(Y_t = ⊥ | X_t = v)} for {@code 1 <= t <= n}, {@code v ∈ {0, 1}}. */
  double redactionProbability(long t, int value);

  /**
   * A record index {@code t0} such that every record {@code t >= t0} is always released ({@code r_t = (0, 0)}), or
   * {@link #UNBOUNDED} if there is none or it is unknown.
   */
  default long alwaysReleasedFrom() {
    return UNBOUNDED;
  }
}
