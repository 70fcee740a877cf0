package org.pufferflow.jobs.config;

import org.apache.flink.annotation.Internal;
import java.util.List;
import java.util.Map;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * Reads the {@code dphmm} section into a {@link DphmmConfig} (docs/dphmm.md), built at load time with
 * {@link DphmmConfig.Builder#forRelease()} so that every precondition of the DPHMM builder is a configuration error
 * naming its path (mapped by the failing parameter, {@link MechanismErrors}). Spellings are the mechanism's own
 * ({@link RepairMode#configName()}, {@link DphmmNoise#configName()}).
 */
@Internal
public final class DphmmSection {

  /** Repair modes a release job may use ({@link RepairMode#NONE} is for analysis only). */
  static final List<RepairMode> REPAIRS = List.of(RepairMode.STRICT, RepairMode.GREEDY, RepairMode.MIN_VOLUME);

  /** Where a DPHMM builder's parameter (by its name in the builders and factories) lives in the configuration. */
  private static final Map<String, String> PATHS = Map.ofEntries(
      Map.entry("epsilon", "dphmm.epsilon"),
      Map.entry("policyGraph", "dphmm.policyGraph"),
      Map.entry("edges", "dphmm.policyGraph.edges"),
      Map.entry("labels", "dphmm.policyGraph.labels"),
      Map.entry("utility radius r", "dphmm.policyGraph.radius"),
      Map.entry("transition threshold theta", "dphmm.policyGraph.theta"),
      Map.entry("delta", "dphmm.constraint.delta"),
      Map.entry("support truncation tau", "dphmm.constraint.truncation"),
      Map.entry("repair", "dphmm.repair"),
      Map.entry("mechanism", "dphmm.mechanism"),
      Map.entry("transition", "model.transition"),
      Map.entry("initial", "model.initial"),
      Map.entry("query", "model.query"));

  private DphmmSection() {}

  public static DphmmConfig read(ConfigNode d, ModelConfig model) {
    d.requireMapping("epsilon", "policyGraph", "constraint", "repair", "fullSpan", "mechanism", "budget");
    double epsilon = Checks.positive(d.required("epsilon"));
    PolicyGraphSection.Parsed graph = PolicyGraphSection.read(d.required("policyGraph"), model);
    ConfigNode constraintNode = d.optional("constraint");
    Constraint constraint = constraintNode == null ? Constraint.support() : constraint(constraintNode);
    ConfigNode repairNode = d.optional("repair");
    RepairMode repair = repairNode == null ? RepairMode.STRICT : repairNode.asChoice(REPAIRS, RepairMode::configName);
    ConfigNode fullSpanNode = d.optional("fullSpan");
    boolean fullSpan = fullSpanNode == null || fullSpanNode.asBoolean();
    ConfigNode mechanismNode = d.optional("mechanism");
    DphmmNoise noise = mechanismNode == null ? DphmmNoise.K_NORM
        : mechanismNode.asChoice(List.of(DphmmNoise.values()), DphmmNoise::configName);
    LedgerPolicy budget = BudgetSection.read(d.required("budget"));
    DphmmConfig config = MechanismErrors.build("dphmm", PATHS, () -> {
      TransitionMatrix m = model.transition();
      StateQuery f = StateQuery.of("query", model.query(), m.size());
      return DphmmConfig.builder()
          .forRelease()
          .transition(m)
          .initial(model.initial())
          .query(f)
          .policyGraph(graph.build(m, f))
          .constraint(constraint)
          .repair(repair)
          .fullSpan(fullSpan)
          .noise(noise)
          .epsilon(epsilon)
          .budget(budget)
          .build();
    });
    return config;
  }

  /**
   * The constraint: the exact support (default), the support truncated at {@code truncation: τ} (an opt-in
   * relaxation, docs/dphmm.md, 'The constraint C_t'), or the δ-location set.
   */
  private static Constraint constraint(ConfigNode c) {
    c.expectMapping();
    ConfigNode typeNode = c.required("type");
    String type = typeNode.asString();
    switch (type) {
      case "support": {
        c.requireMapping("type", "truncation");
        ConfigNode truncation = c.optional("truncation");
        return truncation == null ? Constraint.support()
            : Constraint.support(Checks.closedOpen(truncation, 0, 1));
      }
      case "delta":
        c.requireMapping("type", "delta");
        return Constraint.deltaLocationSet(Checks.closedOpen(c.required("delta"), 0, 1));
      default:
        throw typeNode.error("unknown type " + type + ", expected one of support, delta");
    }
  }
}
