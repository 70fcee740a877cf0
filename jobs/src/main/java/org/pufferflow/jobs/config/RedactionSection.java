package org.pufferflow.jobs.config;

import org.apache.flink.annotation.Internal;
import java.util.List;
import java.util.Map;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;

/**
 * Reads the {@code redaction} section into a {@link RedactionPlan} (docs/redaction.md), built once at load time by
 * {@link RedactionPlan#of}, which holds every precondition of the streaming redaction (the hold-back bound
 * included). Needs a 2-state model whose transition matrix is the redaction chain [[1−α, α], [β, 1−β]] within
 * {@link #CHAIN_TOLERANCE}: the redaction is calibrated for (α, β), so a different model would make its guarantee
 * about another chain. The plan's own checks (hold-back, split) are mapped to the section's keys by parameter.
 */
@Internal
public final class RedactionSection {

  /** How far the model's entries may differ from the redaction chain's. */
  static final double CHAIN_TOLERANCE = 1e-9;

  private static final Map<String, String> PATHS = Map.of(
      "alpha", "redaction.alpha",
      "beta", "redaction.beta",
      "epsilon", "redaction.epsilon",
      "split", "redaction.split",
      "holdBackTicks", "redaction.holdBackTicks",
      "mechanism", "redaction.mechanism");

  private RedactionSection() {}

  public static RedactionPlan read(ConfigNode r, ModelConfig model) {
    r.requireMapping("alpha", "beta", "epsilon", "mechanism", "split", "holdBackTicks");
    if (model.numStates() != 2) {
      throw r.error("needs a binary model (N = 2), model.states has " + model.numStates() + " states");
    }
    double alpha = Checks.open(r.required("alpha"), 0, 1);
    double beta = Checks.open(r.required("beta"), 0, 1);
    TransitionMatrix m = model.transition();
    checkEntry(r.required("alpha"), "alpha", alpha, m, 0, 1);
    checkEntry(r.required("alpha"), "1 - alpha", 1 - alpha, m, 0, 0);
    checkEntry(r.required("beta"), "beta", beta, m, 1, 0);
    checkEntry(r.required("beta"), "1 - beta", 1 - beta, m, 1, 1);
    double epsilon = Checks.positive(r.required("epsilon"));
    ConfigNode mechanismNode = r.optional("mechanism");
    RedactionMechanism mechanism = mechanismNode == null
        ? RedactionMechanism.DEFAULT
        : mechanismNode.asChoice(List.of(RedactionMechanism.values()), RedactionMechanism::configName);
    ConfigNode splitNode = r.optional("split");
    SplitRule split = splitNode == null ? null : splitNode.asChoice(List.of(SplitRule.values()), SplitRule::configName);
    int holdBack = Checks.atLeast(r.required("holdBackTicks"), 0);
    return MechanismErrors.build(
        "redaction", PATHS, () -> RedactionPlan.of(alpha, beta, epsilon, mechanism, split, holdBack));
  }

  private static void checkEntry(ConfigNode node, String what, double expected, TransitionMatrix m, int i, int j) {
    if (!(Math.abs(m.get(i, j) - expected) <= CHAIN_TOLERANCE)) {
      throw node.error(what + " = " + Numbers.format(expected) + " disagrees with model.transition[" + i + "][" + j
          + "] = " + Numbers.format(m.get(i, j)) + " (the model must be [[1-alpha, alpha], [beta, 1-beta]] within 1e-9)");
    }
  }
}
