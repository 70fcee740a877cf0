package org.pufferflow.mechanism.redaction;


/**
 * The MQ (Markov-quilt) redaction mechanism, Algorithm 1 of Maßny et al., Appendix C (docs/redaction.md, 'Mechanisms'):
 * a deterministic, data-independent window {@code [p - Dl, p + Dr]} is redacted, everything else released.
 *
 * <pre>
 *   D_e = Delta*(eps), D_e2 = Delta*(eps/2), t_p = p + D_e - 2 D_e2
 *   one-sided  if p = 1 or eps < I(n - p) + I(p - 1) or t_p < 0:  Dl = p - 1, Dr = min(D_e, n - p)
 *   two-sided  otherwise:                                          Dl = min(D_e2, p - 1), Dr = min(D_e2, n - p)
 * </pre>
 *
 * {@code I(D)} is the max-influence; this class reads the printed {@code I(n+1-p)} as {@code I(n-p)}, the distance
 * of the farthest record (docs/redaction.md, 'Spec errata'), and {@code I(inf) = 0} on an unbounded stream. With
 * {@code tight} the radii use {@code Delta* - 1}, the optimum inside the proof of Theorem 2 (docs/redaction.md, 'Spec
 * errata'); for {@code p = 1} MQ-tight equals the data-independent upper bound. For {@code p > n/2} the algorithm runs
 * on the reversed sequence (the paper's w.l.o.g.). Privacy: the leakage is the max-influence of the quilt just outside
 * the window (Corollary 3), at most eps; construction re-checks the exact leakage. Built by {@link #builder()};
 * immutable.
 */
public final class MqMechanism extends SidedRedactionMechanism {

  private final boolean tight;
  private final long radiusLeft;
  private final long radiusRight;
  private final boolean twoSided;
  private final boolean reversed;

  private MqMechanism(Builder b, long dl, long dr, boolean twoSided, boolean reversed) {
    super(b, SideRule.window(dl, b.privateIndex - 1),
        SideRule.window(dr, b.length == UNBOUNDED ? UNBOUNDED : b.length - b.privateIndex));
    this.tight = b.tight;
    this.radiusLeft = dl;
    this.radiusRight = dr;
    this.twoSided = twoSided;
    this.reversed = reversed;
  }

  public static Builder builder() {
    return new Builder();
  }

  public boolean tight() {
    return tight;
  }

  /** {@code Dl}: records {@code p - Dl .. p - 1} are redacted. */
  public long radiusLeft() {
    return radiusLeft;
  }

  /** {@code Dr}: records {@code p + 1 .. p + Dr} are redacted. */
  public long radiusRight() {
    return radiusRight;
  }

  /** Whether Algorithm 1 took its two-sided symmetric branch. */
  public boolean twoSided() {
    return twoSided;
  }

  /**
   * The budget split implied by the branch: {@code (eps/2, eps/2)} two-sided, {@code (0, eps)} one-sided (mirrored
   * when the sequence was reversed).
   */
  public BudgetSplit split() {
    if (twoSided) {
      return BudgetSplit.half(epsilon());
    }
    return reversed ? BudgetSplit.left(epsilon()) : BudgetSplit.right(epsilon());
  }

  /** Validated builder of {@link MqMechanism}. */
  public static final class Builder extends SidedRedactionMechanism.Builder<Builder> {
    private boolean tight = false;

    private Builder() {}

    @Override
    Builder self() {
      return this;
    }

    /** Radius {@code Delta* - 1} instead of the printed {@code Delta*}. */
    public Builder tight(boolean tight) {
      this.tight = tight;
      return this;
    }

    public MqMechanism build() {
      checkCommon();
      boolean reversed = length != UNBOUNDED && privateIndex > length / 2 && privateIndex > 1;
      long p = reversed ? length + 1 - privateIndex : privateIndex;
      long farSide = length == UNBOUNDED ? UNBOUNDED : length - p;
      long shrink = tight ? 1 : 0;
      long de = InfluenceThresholds.deltaStar(chain, epsilon) - shrink;
      long de2 = InfluenceThresholds.deltaStar(chain, epsilon / 2) - shrink;
      long tp = p + InfluenceThresholds.deltaStar(chain, epsilon)
          - 2 * InfluenceThresholds.deltaStar(chain, epsilon / 2);
      double farInfluence = farSide == 0 ? Double.POSITIVE_INFINITY : Influence.max(chain, farSide);
      boolean oneSided = p == 1 || epsilon < farInfluence + Influence.max(chain, p - 1) || tp < 0;
      long near;
      long far;
      if (oneSided) {
        near = p - 1;
        far = Math.min(de, farSide);
      } else {
        near = Math.min(de2, p - 1);
        far = Math.min(de2, farSide);
      }
      return reversed
          ? new MqMechanism(this, far, near, !oneSided, true)
          : new MqMechanism(this, near, far, !oneSided, false);
    }
  }
}
