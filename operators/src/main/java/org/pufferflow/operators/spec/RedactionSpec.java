package org.pufferflow.operators.spec;

import java.io.Serializable;
import java.util.Objects;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;

/**
 * The public description of streaming correlation-aware redaction (docs/redaction.md, 'Streaming contract';
 * docs/configuration.md, 'redaction'): the binary chain (α, β), ε, the mechanism, the budget split and how many
 * ticks records are held back. Serializable and immutable; the function calls
 * {@link #build()} in {@code open()}.
 *
 * <p>{@link #build()} makes the plan with {@link RedactionPlan#of}, the one validating factory of the redaction
 * package: it checks α, β, ε, refuses the {@code right} split (an unbounded hold-back on a stream) and a
 * {@code holdBackTicks} below what the plan needs, so every opt-out that can change a record's decision is known
 * before the record is decided. A split given with {@code mq} or {@code mq-tight}, which fix their own (ε/2 per
 * side), is refused here.
 */
public final class RedactionSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double alpha;
  private final double beta;
  private final double epsilon;
  private final RedactionMechanism mechanism;
  private final SplitRule split;
  private final long holdBackTicks;

  private RedactionSpec(double alpha, double beta, double epsilon, RedactionMechanism mechanism, SplitRule split,
      long holdBackTicks) {
    this.alpha = alpha;
    this.beta = beta;
    this.epsilon = epsilon;
    this.mechanism = PufferPreconditions.checkNotNull("mechanism", mechanism);
    this.split = split;
    this.holdBackTicks = holdBackTicks;
  }

  /**
   * A validated spec (builds the plan once).
   *
   * @param split the 3R split rule, or null for the default ({@code auto}); must be null for {@code mq} and
   *     {@code mq-tight}, whose split is fixed (ε/2 per side)
   * @param holdBackTicks how many ticks records are held so a later private index can still redact them
   */
  public static RedactionSpec of(double alpha, double beta, double epsilon, RedactionMechanism mechanism, SplitRule split,
      long holdBackTicks) {
    RedactionSpec spec = new RedactionSpec(alpha, beta, epsilon, mechanism, split, holdBackTicks);
    spec.build();
    return spec;
  }

  /** The plan, validated as described in the class comment. */
  public RedactionPlan build() {
    PufferPreconditions.checkArgument(split == null || mechanism.isThreeR(),
        "split = %s: %s fixes its own split (epsilon/2 per side); remove split", splitName(), mechanism.configName());
    return RedactionPlan.of(alpha, beta, epsilon, mechanism, split == null ? SplitRule.DEFAULT : split, holdBackTicks);
  }

  private String splitName() {
    return split == null ? SplitRule.DEFAULT.configName() : split.configName();
  }

  public double alpha() {
    return alpha;
  }

  public double beta() {
    return beta;
  }

  public double epsilon() {
    return epsilon;
  }

  public RedactionMechanism mechanism() {
    return mechanism;
  }

  /** The configured split rule, or null when none was given (auto for 3R; fixed for MQ). */
  public SplitRule split() {
    return split;
  }

  public long holdBackTicks() {
    return holdBackTicks;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RedactionSpec s
        && Double.compare(s.alpha, alpha) == 0
        && Double.compare(s.beta, beta) == 0
        && Double.compare(s.epsilon, epsilon) == 0
        && s.mechanism == mechanism
        && s.split == split
        && s.holdBackTicks == holdBackTicks;
  }

  @Override
  public int hashCode() {
    return Objects.hash(alpha, beta, epsilon, mechanism, split, holdBackTicks);
  }

  @Override
  public String toString() {
    return "RedactionSpec[alpha=" + alpha + ", beta=" + beta + ", epsilon=" + epsilon + ", mechanism="
        + mechanism.configName() + ", split=" + (split == null ? "default" : split.configName()) + ", holdBackTicks="
        + holdBackTicks + "]";
  }
}
