package org.pufferflow.mechanism.redaction;

import org.pufferflow.common.PufferPreconditions;

/**
 * The 3R redaction mechanism of Maßny et al., Section IV (docs/redaction.md, 'Mechanisms'): around the private record
 * {@code p}, band L is always redacted, band M releases only the less informative value (0 when
 * {@code alpha <= beta}, else 1) and redacts it with probability {@code q_t}, band S is always released. Each side
 * gets its own budget ({@link BudgetSplit}); the {@code q_t} come from a {@link ThreeRDesign}.
 *
 * <p>Guarantee (Theorem 1 with the composition of Section IV-A): every side's exact leakage is at most its budget,
 * so {@code L(X_p -> Y) <= eps_l + eps_r <= eps}; construction re-checks the exact leakage. Assumptions the caller
 * must guarantee: the records form a stationary binary chain with the given, public {@code alpha}, {@code beta}; the
 * output of each record is decided with independent coins (or one keyed coin per record, docs/redaction.md, 'Streaming
 * contract').
 *
 * <p>On an unbounded stream ({@code n} omitted) the right side is designed for an infinite horizon, valid for any
 * truncation. Built by {@link #builder()}; immutable.
 */
public final class ThreeRMechanism extends SidedRedactionMechanism {

  private final ThreeRDesign design;
  private final BudgetSplit split;
  private final RedactionBands leftBands;
  private final RedactionBands rightBands;

  private ThreeRMechanism(Builder b, BudgetSplit split, RedactionBands lb, RedactionBands rb) {
    super(b, b.design.sideRule(lb), b.design.sideRule(rb));
    this.design = b.design;
    this.split = split;
    this.leftBands = lb;
    this.rightBands = rb;
  }

  public static Builder builder() {
    return new Builder();
  }

  public ThreeRDesign design() {
    return design;
  }

  /** The budget split actually used. */
  public BudgetSplit split() {
    return split;
  }

  public RedactionBands leftBands() {
    return leftBands;
  }

  public RedactionBands rightBands() {
    return rightBands;
  }

  /** The relaxed bound (Eq. 4, complete form) of the left side's leakage. */
  public double relaxedBoundLeft() {
    return RelaxedBound.of(leftBands, left().q());
  }

  /** The relaxed bound (Eq. 4, complete form) of the right side's leakage. */
  public double relaxedBoundRight() {
    return RelaxedBound.of(rightBands, right().q());
  }

  /** Validated builder of {@link ThreeRMechanism}. */
  public static final class Builder extends SidedRedactionMechanism.Builder<Builder> {
    private ThreeRDesign design = ThreeRDesign.NUMERICAL;
    private SplitRule splitRule = SplitRule.AUTO;
    private BudgetSplit split;

    private Builder() {}

    @Override
    Builder self() {
      return this;
    }

    /** Default {@link ThreeRDesign#NUMERICAL}. */
    public Builder design(ThreeRDesign design) {
      this.design = design;
      return this;
    }

    /** Default {@link SplitRule#AUTO}; ignored when an explicit {@link #split(BudgetSplit)} is given. */
    public Builder splitRule(SplitRule rule) {
      this.splitRule = rule;
      return this;
    }

    /** An explicit split; its total must not exceed epsilon. */
    public Builder split(BudgetSplit split) {
      this.split = split;
      return this;
    }

    public ThreeRMechanism build() {
      checkCommon();
      PufferPreconditions.checkNotNull("design", design);
      if (split != null) {
        PufferPreconditions.checkArgument(
            split.total() <= epsilon, "split %s + %s exceeds epsilon = %s", split.left(), split.right(), epsilon);
        return withSplit(split);
      }
      PufferPreconditions.checkNotNull("split rule", splitRule);
      switch (splitRule) {
        case HALF:
          return withSplit(BudgetSplit.half(epsilon));
        case RIGHT:
          return withSplit(BudgetSplit.right(epsilon));
        default:
          return best();
      }
    }

    private ThreeRMechanism best() {
      ThreeRMechanism best = withSplit(BudgetSplit.half(epsilon));
      best = better(best, BudgetSplit.right(epsilon));
      if (length != UNBOUNDED) {
        best = better(best, BudgetSplit.left(epsilon));
      }
      return best;
    }

    private ThreeRMechanism better(ThreeRMechanism current, BudgetSplit candidate) {
      ThreeRMechanism other = withSplit(candidate);
      return other.expectedRedactions() < current.expectedRedactions() ? other : current;
    }

    private ThreeRMechanism withSplit(BudgetSplit s) {
      long rightLength = length == UNBOUNDED ? UNBOUNDED : length - privateIndex;
      PufferPreconditions.checkArgument(
          rightLength != UNBOUNDED || s.right() > 0 || chain.lambda() == 0,
          "right epsilon = 0 on an unbounded stream would redact the whole stream after p");
      RedactionBands lb = RedactionBands.of(chain, s.left(), privateIndex - 1);
      RedactionBands rb = RedactionBands.of(chain, s.right(), rightLength);
      return new ThreeRMechanism(this, s, lb, rb);
    }
  }
}
