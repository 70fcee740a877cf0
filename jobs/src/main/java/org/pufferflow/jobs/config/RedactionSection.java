package org.pufferflow.jobs.config;

/** Reads and validates the {@code redaction} section; redaction needs a 2-state model (redaction.md §1). */
final class RedactionSection {

  private RedactionSection() {}

  static RedactionConfig read(ConfigNode r, ModelConfig model) {
    r.requireMapping("alpha", "beta", "epsilon", "mechanism", "split", "holdBackTicks");
    if (model.numStates() != 2) {
      throw r.error("needs a binary model (N = 2), model.states has " + model.numStates() + " states");
    }
    double alpha = Checks.open(r.required("alpha"), 0, 1);
    double beta = Checks.open(r.required("beta"), 0, 1);
    double epsilon = Checks.positive(r.required("epsilon"));
    ConfigNode mechanismNode = r.optional("mechanism");
    RedactionConfig.Mechanism mechanism =
        mechanismNode == null
            ? RedactionConfig.Mechanism.THREE_R_OPTIMAL
            : mechanismNode.asEnum(RedactionConfig.Mechanism.class);
    ConfigNode splitNode = r.optional("split");
    RedactionConfig.Split split =
        splitNode == null ? RedactionConfig.Split.AUTO : splitNode.asEnum(RedactionConfig.Split.class);
    int holdBack = Checks.atLeast(r.required("holdBackTicks"), 0);
    return new RedactionConfig(alpha, beta, epsilon, mechanism, split, holdBack);
  }
}
