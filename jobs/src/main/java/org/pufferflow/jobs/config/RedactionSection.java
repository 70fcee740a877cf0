package org.pufferflow.jobs.config;

import org.apache.flink.annotation.Internal;
import java.util.List;
import java.util.Map;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionParameters;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;

/**
 * Reads the {@code redaction} section into a {@link RedactionPlan} (docs/redaction.md), built once at load time by
 * {@link RedactionPlan#of}, which judges every precondition of the streaming redaction (α, β in (0, 1), ε, the
 * split, the hold-back ≥ 0 and its bounds); this class only reads keys, types and choices, and maps the plan's
 * refusals to the keys by {@link RedactionParameters} ({@link #PATHS}). What stays here is the cross-section rule:
 * a 2-state model whose transition matrix is the redaction chain [[1−α, α], [β, 1−β]] within
 * {@link #CHAIN_TOLERANCE} (the redaction is calibrated for (α, β), so a different model would make its guarantee
 * about another chain), checked once the plan has accepted α and β.
 */
@Internal
public final class RedactionSection {

  /** How far the model's entries may differ from the redaction chain's. */
  static final double CHAIN_TOLERANCE = 1e-9;

  /** Where each {@link RedactionParameters} id lives in the configuration. */
  static final Map<String, String> PATHS = MechanismErrors.paths(
      Map.entry(RedactionParameters.ALPHA, "redaction.alpha"),
      Map.entry(RedactionParameters.BETA, "redaction.beta"),
      Map.entry(RedactionParameters.EPSILON, "redaction.epsilon"),
      Map.entry(RedactionParameters.SPLIT, "redaction.split"),
      Map.entry(RedactionParameters.HOLD_BACK_TICKS, "redaction.holdBackTicks"),
      Map.entry(RedactionParameters.MECHANISM, "redaction.mechanism"));

  private RedactionSection() {}

  public static RedactionPlan read(ConfigNode r, ModelConfig model) {
    r.requireMapping("alpha", "beta", "epsilon", "mechanism", "split", "holdBackTicks");
    if (model.numStates() != 2) {
      throw r.error("needs a binary model (N = 2), model.states has " + model.numStates() + " states");
    }
    double alpha = r.required("alpha").asDouble();
    double beta = r.required("beta").asDouble();
    double epsilon = r.required("epsilon").asDouble();
    ConfigNode mechanismNode = r.optional("mechanism");
    RedactionMechanism mechanism = mechanismNode == null
        ? RedactionMechanism.DEFAULT
        : mechanismNode.asChoice(List.of(RedactionMechanism.values()), RedactionMechanism::configName);
    ConfigNode splitNode = r.optional("split");
    SplitRule split = splitNode == null ? null : splitNode.asChoice(List.of(SplitRule.values()), SplitRule::configName);
    long holdBack = r.required("holdBackTicks").asLong();
    RedactionPlan plan = MechanismErrors.build(
        "redaction", PATHS, () -> RedactionPlan.of(alpha, beta, epsilon, mechanism, split, holdBack));
    TransitionMatrix m = model.transition();
    checkEntry(r.required("alpha"), "alpha", alpha, m, 0, 1);
    checkEntry(r.required("alpha"), "1 - alpha", 1 - alpha, m, 0, 0);
    checkEntry(r.required("beta"), "beta", beta, m, 1, 0);
    checkEntry(r.required("beta"), "1 - beta", 1 - beta, m, 1, 1);
    return plan;
  }

  private static void checkEntry(ConfigNode node, String what, double expected, TransitionMatrix m, int i, int j) {
    if (!(Math.abs(m.get(i, j) - expected) <= CHAIN_TOLERANCE)) {
      throw node.error(what + " = " + Numbers.format(expected) + " disagrees with model.transition[" + i + "][" + j
          + "] = " + Numbers.format(m.get(i, j))
          + " (the model must be [[1-alpha, alpha], [beta, 1-beta]] within 1e-9)");
    }
  }
}
