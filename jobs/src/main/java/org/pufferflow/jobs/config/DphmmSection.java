package org.pufferflow.jobs.config;

import java.util.List;
import java.util.Map;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.operators.spec.DphmmSpec;
import org.pufferflow.operators.spec.LedgerSpec;
import org.pufferflow.operators.spec.PolicyGraphSpec;
import org.pufferflow.policy.RepairMode;

/**
 * Reads the {@code dphmm} section into a {@link DphmmSpec} (docs/dphmm.md), built at load time so that every
 * precondition of the DPHMM builder is a configuration error naming its path. Spellings are the mechanism's own
 * ({@link RepairMode#configName()}, {@link DphmmNoise#configName()}).
 */
final class DphmmSection {

  /** Repair modes a release job may use ({@link RepairMode#NONE} is for analysis only). */
  static final List<RepairMode> REPAIRS = List.of(RepairMode.STRICT, RepairMode.GREEDY, RepairMode.MIN_VOLUME);

  /** Where a DPHMM builder's parameter lives in the configuration. */
  private static final Map<String, String> PATHS = Map.ofEntries(
      Map.entry("epsilon", "dphmm.epsilon"),
      Map.entry("policyGraph", "dphmm.policyGraph"),
      Map.entry("edges", "dphmm.policyGraph.edges"),
      Map.entry("labels", "dphmm.policyGraph.labels"),
      Map.entry("utility radius r", "dphmm.policyGraph.radius"),
      Map.entry("transition threshold theta", "dphmm.policyGraph.theta"),
      Map.entry("delta", "dphmm.constraint.delta"),
      Map.entry("repair", "dphmm.repair"),
      Map.entry("mechanism", "dphmm.mechanism"),
      Map.entry("transition", "model.transition"),
      Map.entry("initial", "model.initial"),
      Map.entry("query", "model.query"));

  private DphmmSection() {}

  static WithBudget<DphmmSpec> read(ConfigNode d, ModelConfig model) {
    d.requireMapping("epsilon", "policyGraph", "constraint", "repair", "fullSpan", "mechanism", "budget");
    double epsilon = Checks.positive(d.required("epsilon"));
    PolicyGraphSpec graph = PolicyGraphSection.read(d.required("policyGraph"), model);
    DphmmSpec.Builder b = DphmmSpec.builder()
        .transition(model.transition())
        .initial(model.initial())
        .query(model.query())
        .policyGraph(graph)
        .epsilon(epsilon);
    ConfigNode constraintNode = d.optional("constraint");
    if (constraintNode != null) {
      constraint(constraintNode, b);
    }
    ConfigNode repairNode = d.optional("repair");
    if (repairNode != null) {
      b.repair(repairNode.asChoice(REPAIRS, RepairMode::configName));
    }
    ConfigNode fullSpanNode = d.optional("fullSpan");
    if (fullSpanNode != null) {
      b.fullSpan(fullSpanNode.asBoolean());
    }
    ConfigNode mechanismNode = d.optional("mechanism");
    if (mechanismNode != null) {
      b.noise(mechanismNode.asChoice(List.of(DphmmNoise.values()), DphmmNoise::configName));
    }
    LedgerSpec budget = BudgetSection.read(d.required("budget"));
    return new WithBudget<>(MechanismErrors.build("dphmm", PATHS, b::build), budget);
  }

  private static void constraint(ConfigNode c, DphmmSpec.Builder b) {
    c.expectMapping();
    ConfigNode typeNode = c.required("type");
    String type = typeNode.asString();
    switch (type) {
      case "support":
        c.requireMapping("type");
        b.supportConstraint();
        return;
      case "delta":
        c.requireMapping("type", "delta");
        b.deltaConstraint(Checks.closedOpen(c.required("delta"), 0, 1));
        return;
      default:
        throw typeNode.error("unknown type " + type + ", expected one of support, delta");
    }
  }
}
