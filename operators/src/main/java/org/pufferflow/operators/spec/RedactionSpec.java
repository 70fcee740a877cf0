package org.pufferflow.operators.spec;

import java.io.Serializable;
import java.util.Objects;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.redaction.BudgetSplit;
import org.pufferflow.mechanism.redaction.LocalRedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;
import org.pufferflow.mechanism.redaction.ThreeRDesign;

/**
 * The public description of streaming correlation-aware redaction (docs/redaction.md, 'Streaming rule (§6) — what
 * the Flink operator must do'; docs/configuration.md, 'redaction'): the binary chain (α, β), ε, the mechanism, the
 * budget split and how many ticks records are held back. Serializable and immutable; the function calls
 * {@link #build()} in {@code open()}.
 *
 * <p>{@link #build()} makes the {@link RedactionPlan} ({@link RedactionPlan#threeR} or
 * {@link RedactionPlan#mqSymmetric}, which validate α, β, ε and the split) and then checks what the streaming
 * operator needs: a bounded hold-back (the {@code right} split redacts the whole left side, so a private index
 * arbitrarily far ahead could still redact a record — refused) and {@code holdBackTicks ≥ plan.holdBack()}, so
 * every private index that can redact a record is known before the record is decided. The {@code auto} split on a
 * stream picks, among {@code half} and {@code right}, the plan with the fewest expected redactions per private
 * record (ties: {@code half}), as {@code ThreeRMechanism}'s {@code auto} does without the finite-only mirror.
 */
public final class RedactionSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Redaction mechanisms, spelled as in the configuration. */
  // replaced at merge by the redaction package's mechanism enum
  public enum Mechanism {
    THREE_R_RELAXED("3r-relaxed", ThreeRDesign.RELAXED),
    THREE_R_OPTIMAL("3r-optimal", ThreeRDesign.OPTIMAL),
    THREE_R_NUMERICAL("3r-numerical", ThreeRDesign.NUMERICAL),
    /** The symmetric MQ window of radius Δ*(ε/2) per side. */
    MQ("mq", null),
    /** As {@link #MQ} with radius Δ*(ε/2) − 1. */
    MQ_TIGHT("mq-tight", null);

    private final String configName;
    private final ThreeRDesign design;

    Mechanism(String configName, ThreeRDesign design) {
      this.configName = configName;
      this.design = design;
    }

    /** The spelling in the configuration. */
    public String configName() {
      return configName;
    }

    /** The 3R design, or null for the MQ windows. */
    public ThreeRDesign design() {
      return design;
    }
  }

  private final double alpha;
  private final double beta;
  private final double epsilon;
  private final Mechanism mechanism;
  private final SplitRule split;
  private final long holdBackTicks;

  private RedactionSpec(double alpha, double beta, double epsilon, Mechanism mechanism, SplitRule split,
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
  public static RedactionSpec of(double alpha, double beta, double epsilon, Mechanism mechanism, SplitRule split,
      long holdBackTicks) {
    RedactionSpec spec = new RedactionSpec(alpha, beta, epsilon, mechanism, split, holdBackTicks);
    spec.build();
    return spec;
  }

  /** The plan, after the hold-back checks described in the class comment. */
  public RedactionPlan build() {
    PufferPreconditions.checkAtLeast("holdBackTicks", holdBackTicks, 0);
    BinaryMarkovChain chain = BinaryMarkovChain.of(alpha, beta);
    RedactionPlan plan;
    if (mechanism.design() == null) {
      PufferPreconditions.checkArgument(split == null,
          "split = %s: %s fixes its own split (epsilon/2 per side); remove split", splitName(), mechanism.configName);
      plan = RedactionPlan.mqSymmetric(chain, epsilon, mechanism == Mechanism.MQ_TIGHT);
    } else {
      plan = threeR(chain);
    }
    PufferPreconditions.checkArgument(plan.holdBack() != LocalRedactionMechanism.UNBOUNDED,
        "split = %s: the left side is fully redacted, so the hold-back is unbounded (a private index arbitrarily"
            + " far ahead could still redact a record); use split half or auto", splitName());
    PufferPreconditions.checkArgument(holdBackTicks >= plan.holdBack(),
        "holdBackTicks = %s: the plan needs at least %s (d_S(eps_l) - 1 steps)", holdBackTicks, plan.holdBack());
    return plan;
  }

  private RedactionPlan threeR(BinaryMarkovChain chain) {
    SplitRule rule = split == null ? SplitRule.AUTO : split;
    ThreeRDesign design = mechanism.design();
    switch (rule) {
      case HALF:
        return RedactionPlan.threeR(chain, epsilon, BudgetSplit.half(epsilon), design);
      case RIGHT:
        return RedactionPlan.threeR(chain, epsilon, BudgetSplit.right(epsilon), design);
      default:
        RedactionPlan half = RedactionPlan.threeR(chain, epsilon, BudgetSplit.half(epsilon), design);
        RedactionPlan right = RedactionPlan.threeR(chain, epsilon, BudgetSplit.right(epsilon), design);
        return right.expectedRedactionsPerPrivateRecord() < half.expectedRedactionsPerPrivateRecord() ? right : half;
    }
  }

  private String splitName() {
    return split == null ? "auto" : split.cliName();
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

  public Mechanism mechanism() {
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
        + mechanism.configName + ", split=" + (split == null ? "default" : split.cliName()) + ", holdBackTicks="
        + holdBackTicks + "]";
  }
}
