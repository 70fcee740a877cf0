package org.pufferflow.jobs.config;

import java.util.List;

/** Reads and validates the {@code dphmm} section against the model (dphmm.md §2, §3). */
final class DphmmSection {

  private DphmmSection() {}

  static DphmmConfig read(ConfigNode d, ModelConfig model) {
    d.requireMapping("epsilon", "policyGraph", "constraint", "repair", "fullSpan", "mechanism", "budget");
    double epsilon = Checks.positive(d.required("epsilon"));
    PolicyGraphConfig graph = PolicyGraphSection.read(d.required("policyGraph"), model);
    ConfigNode constraintNode = d.optional("constraint");
    ConstraintConfig constraint =
        constraintNode == null ? new ConstraintConfig.Support() : constraint(constraintNode);
    ConfigNode repairNode = d.optional("repair");
    DphmmConfig.Repair repair =
        repairNode == null ? DphmmConfig.Repair.STRICT : repairNode.asEnum(DphmmConfig.Repair.class);
    ConfigNode fullSpanNode = d.optional("fullSpan");
    boolean fullSpan = fullSpanNode == null || fullSpanNode.asBoolean();
    ConfigNode mechanismNode = d.optional("mechanism");
    DphmmConfig.Mechanism mechanism =
        mechanismNode == null ? DphmmConfig.Mechanism.KNORM : mechanismNode.asEnum(DphmmConfig.Mechanism.class);
    BudgetConfig budget = BudgetSection.read(d.required("budget"));
    return new DphmmConfig(epsilon, graph, constraint, repair, fullSpan, mechanism, budget);
  }

  private static ConstraintConfig constraint(ConfigNode c) {
    c.expectMapping();
    ConfigNode typeNode = c.required("type");
    String type = typeNode.asString();
    switch (type) {
      case "support":
        c.requireMapping("type");
        return new ConstraintConfig.Support();
      case "delta":
        c.requireMapping("type", "delta");
        return new ConstraintConfig.Delta(Checks.closedOpen(c.required("delta"), 0, 1));
      default:
        throw typeNode.error("unknown type " + type + ", expected one of support, delta");
    }
  }

  /** The types of policy graph, as spelled in the configuration. */
  static final List<String> GRAPH_TYPES = List.of("complete", "categorical", "utility", "transition", "edges");
}
