package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * A local redaction mechanism protecting one private record {@code p}, described by one {@link SideRule} per side
 * (docs/redaction.md, 'Mechanisms'): {@code X_p} always redacted, record {@code t} ruled by the distance
 * {@code |t - p|} on its side. Shared by {@link ThreeRMechanism} and {@link MqMechanism}. Immutable; the exact leakage
 * is computed once at construction and checked against the budget (the self-check of docs/redaction.md, 'Streaming
 * contract').
 */
public abstract class SidedRedactionMechanism implements LocalRedactionMechanism {

  /** Slack of the construction-time self-check, for floating-point error of the closed-form band thresholds. */
  static final double SELF_CHECK_TOLERANCE = 1e-12;

  private final BinaryMarkovChain chain;
  private final double epsilon;
  private final long privateIndex;
  private final long length;
  private final SideRule left;
  private final SideRule right;
  private final Leakage leakage;

  /** A mechanism with the (validated, see {@link Builder#checkCommon()}) settings of {@code b}. */
  SidedRedactionMechanism(Builder<?> b, SideRule left, SideRule right) {
    this.chain = b.chain;
    this.epsilon = b.epsilon;
    this.privateIndex = b.privateIndex;
    this.length = b.length;
    this.left = left;
    this.right = right;
    // the exact checker of docs/redaction.md, 'Guarantees with proof outlines' side by side, jumping over band L in
    // O(1) (equal to ExactLeakage.of, tested)
    double[] l = left.leakage(chain);
    double[] r = right.leakage(chain);
    this.leakage = new Leakage(l[0], l[1], r[0], r[1]);
    if (leakage.total() > epsilon + SELF_CHECK_TOLERANCE * Math.max(1, epsilon)) {
      throw new IllegalStateException(
          "self-check failed: exact leakage " + leakage.total() + " exceeds epsilon " + epsilon);
    }
  }

  @Override
  public final long length() {
    return length;
  }

  @Override
  public final double redactionProbability(long t, int value) {
    if (t == privateIndex) {
      return 1;
    }
    return t < privateIndex
        ? left.redactionProbability(privateIndex - t, value)
        : right.redactionProbability(t - privateIndex, value);
  }

  @Override
  public final long alwaysReleasedFrom() {
    return privateIndex + right.dS();
  }

  public final BinaryMarkovChain chain() {
    return chain;
  }

  public final double epsilon() {
    return epsilon;
  }

  /** The private record {@code p} (1-based). */
  public final long privateIndex() {
    return privateIndex;
  }

  public final SideRule left() {
    return left;
  }

  public final SideRule right() {
    return right;
  }

  /** {@code E[#redacted records]}, {@code X_p} included (docs/redaction.md, 'Model and guarantee'). */
  public final double expectedRedactions() {
    return 1 + left.expectedRedactions(chain) + right.expectedRedactions(chain);
  }

  /**
   * Utility {@code nu = 1 - E[#redacted]/n} (Definition 2, Eq. 3); on an unbounded stream its limit 1 (use
   * {@link #expectedRedactions()} to compare mechanisms there).
   */
  public final double utility() {
    return length == UNBOUNDED ? 1.0 : 1 - expectedRedactions() / length;
  }

  /** The exact leakage {@code L(X_p -> Y)} (docs/redaction.md, 'Guarantees with proof outlines'). */
  public final Leakage leakage() {
    return leakage;
  }

  /**
   * The settings every sided mechanism takes — the public chain, the budget ε, the private record {@code p} and the
   * length {@code n} — and their validation, shared by the builders of {@link ThreeRMechanism} and
   * {@link MqMechanism}. {@code B} is the concrete builder type, so calls chain.
   */
  public abstract static class Builder<B extends Builder<B>> {
    BinaryMarkovChain chain;
    double epsilon = Double.NaN;
    long privateIndex = 0;
    long length = UNBOUNDED;

    Builder() {}

    abstract B self();

    public B chain(BinaryMarkovChain chain) {
      this.chain = chain;
      return self();
    }

    /** Shorthand for {@code chain(BinaryMarkovChain.of(alpha, beta))}. */
    public B chain(double alpha, double beta) {
      this.chain = BinaryMarkovChain.of(alpha, beta);
      return self();
    }

    public B epsilon(double epsilon) {
      this.epsilon = epsilon;
      return self();
    }

    /** The 1-based index {@code p} of the private record. */
    public B privateIndex(long p) {
      this.privateIndex = p;
      return self();
    }

    /** Number of records {@code n}; default {@link LocalRedactionMechanism#UNBOUNDED}. */
    public B length(long n) {
      this.length = n;
      return self();
    }

    /** Checks the common settings: a chain, a valid ε, {@code n >= 1} and {@code p} in {@code [1, n]}. */
    final void checkCommon() {
      PufferPreconditions.checkNotNull("chain", chain);
      PufferPreconditions.checkEpsilon("epsilon", epsilon);
      PufferPreconditions.checkSequenceLength("n", length);
      PufferPreconditions.checkRecordIndex("private index p", privateIndex, length);
    }
  }
}
