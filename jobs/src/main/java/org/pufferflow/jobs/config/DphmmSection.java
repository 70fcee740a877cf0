package org.pufferflow.jobs.config;

import org.apache.flink.annotation.Internal;
import java.util.List;
import java.util.Map;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.DphmmParameters;
import org.pufferflow.policy.PolicyGraphParameters;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * Reads the {@code dphmm} section into a {@link DphmmConfig} (docs/dphmm.md) that carries its budget, built at load
 * time with {@link DphmmConfig.Builder#forRelease()}. This class only reads: keys, types, choices (the mechanism's
 * own spellings, {@link RepairMode#configName()}, {@link DphmmNoise#configName()}) and the YAML shape. Every rule of
 * the values (ε, the constraint's τ and δ, the policy graph's radius and θ, the budget) is judged by the builder
 * and factories of the description and reported at the YAML path of the parameter it names: {@link #PATHS}, keyed
 * by the builders' ids ({@link DphmmParameters}, {@link PolicyGraphParameters}), never by message text.
 */
@Internal
public final class DphmmSection {

  /** Repair modes a release job may use ({@link RepairMode#NONE} is for analysis only). */
  static final List<RepairMode> REPAIRS = List.of(RepairMode.STRICT, RepairMode.GREEDY, RepairMode.MIN_VOLUME);

  /** Where each parameter id of the DPHMM builders lives in the configuration (the section: no key of its own). */
  static final Map<String, String> PATHS = MechanismErrors.paths(
      Map.entry(DphmmParameters.TRANSITION, "model.transition"),
      Map.entry(DphmmParameters.INITIAL, "model.initial"),
      Map.entry(DphmmParameters.QUERY, "model.query"),
      Map.entry(DphmmParameters.POLICY_GRAPH, "dphmm.policyGraph"),
      Map.entry(DphmmParameters.CONSTRAINT, "dphmm.constraint"),
      Map.entry(DphmmParameters.TRUNCATION, "dphmm.constraint.truncation"),
      Map.entry(DphmmParameters.DELTA, "dphmm.constraint.delta"),
      Map.entry(DphmmParameters.REPAIR, "dphmm.repair"),
      Map.entry(DphmmParameters.FULL_SPAN, "dphmm.fullSpan"),
      Map.entry(DphmmParameters.NOISE, "dphmm.mechanism"),
      Map.entry(DphmmParameters.EPSILON, "dphmm.epsilon"),
      Map.entry(DphmmParameters.NOISE_SCALE, "dphmm"),
      Map.entry(DphmmParameters.CACHE_CAPACITY, "dphmm"),
      Map.entry(DphmmParameters.BUDGET, "dphmm.budget"),
      Map.entry(PolicyGraphParameters.STATES, "dphmm.policyGraph"),
      Map.entry(PolicyGraphParameters.LABELS, "dphmm.policyGraph.labels"),
      Map.entry(PolicyGraphParameters.RADIUS, "dphmm.policyGraph.radius"),
      Map.entry(PolicyGraphParameters.THETA, "dphmm.policyGraph.theta"),
      Map.entry(PolicyGraphParameters.EDGES, "dphmm.policyGraph.edges"),
      Map.entry(PolicyGraphParameters.QUERY, "model.query"),
      Map.entry(PolicyGraphParameters.TRANSITION, "model.transition"));

  private DphmmSection() {}

  public static DphmmConfig read(ConfigNode d, ModelConfig model) {
    d.requireMapping("epsilon", "policyGraph", "constraint", "repair", "fullSpan", "mechanism", "budget");
    double epsilon = d.required("epsilon").asDouble();
    PolicyGraphSection.Parsed graph = PolicyGraphSection.read(d.required("policyGraph"), model);
    ConfigNode constraintNode = d.optional("constraint");
    ConstraintSpec constraint = constraintNode == null ? ConstraintSpec.EXACT : constraint(constraintNode);
    ConfigNode repairNode = d.optional("repair");
    RepairMode repair = repairNode == null ? RepairMode.STRICT : repairNode.asChoice(REPAIRS, RepairMode::configName);
    ConfigNode fullSpanNode = d.optional("fullSpan");
    boolean fullSpan = fullSpanNode == null || fullSpanNode.asBoolean();
    ConfigNode mechanismNode = d.optional("mechanism");
    DphmmNoise noise = mechanismNode == null ? DphmmNoise.K_NORM
        : mechanismNode.asChoice(List.of(DphmmNoise.values()), DphmmNoise::configName);
    LedgerPolicy budget = BudgetSection.read(d.required("budget"));
    return MechanismErrors.build("dphmm", PATHS, () -> {
      TransitionMatrix m = model.transition();
      StateQuery f = StateQuery.of(DphmmParameters.QUERY, model.query(), m.size());
      return DphmmConfig.builder()
          .forRelease()
          .transition(m)
          .initial(model.initial())
          .query(f)
          .constraint(constraint.build())
          .policyGraph(graph.build(m, f))
          .repair(repair)
          .fullSpan(fullSpan)
          .noise(noise)
          .epsilon(epsilon)
          .budget(budget)
          .build();
    });
  }

  /** A constraint as read: its kind and its number (τ or δ), built and judged by {@link Constraint}. */
  private record ConstraintSpec(boolean delta, double value) {
    static final ConstraintSpec EXACT = new ConstraintSpec(false, 0);

    Constraint build() {
      return delta ? Constraint.deltaLocationSet(value) : Constraint.support(value);
    }
  }

  /**
   * The constraint: the exact support (default), the support truncated at {@code truncation: τ} (an opt-in
   * relaxation, docs/dphmm.md, 'The constraint C_t'), or the δ-location set.
   */
  private static ConstraintSpec constraint(ConfigNode c) {
    c.expectMapping();
    ConfigNode typeNode = c.required("type");
    String type = typeNode.asString();
    switch (type) {
      case "support": {
        c.requireMapping("type", "truncation");
        ConfigNode truncation = c.optional("truncation");
        return truncation == null ? ConstraintSpec.EXACT : new ConstraintSpec(false, truncation.asDouble());
      }
      case "delta":
        c.requireMapping("type", "delta");
        return new ConstraintSpec(true, c.required("delta").asDouble());
      default:
        throw typeNode.error("unknown type " + type + ", expected one of support, delta");
    }
  }
}
