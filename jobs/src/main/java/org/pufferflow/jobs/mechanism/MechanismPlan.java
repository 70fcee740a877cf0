package org.pufferflow.jobs.mechanism;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.plan.BudgetPlan;

/**
 * What one mechanism of a job promises (docs/cli.md, "plan --config"), as {@code plan --config} prints it: the
 * unit's own result record, its budget, a plain-language sentence, its warnings (each starting with the key it
 * concerns), its JSON object, its table in rounded numbers and the terms the table uses.
 *
 * @param section the mechanism's section, e.g. {@code dphmm}: the key of its JSON object
 * @param outlook the unit's own result record (e.g. {@code DphmmOutlook}), exact values
 * @param budget how long the mechanism's budget lasts, or null for a mechanism without one
 * @param summary one sentence: what an adversary who knows the model cannot tell apart, for how long, at which ε
 * @param warnings one sentence per problem, each naming the configuration key that helps
 * @param json the exact values, as {@code --json} prints them under {@code section}
 * @param table the text lines of the mechanism's table (heading first), rounded as {@code PlanNumbers} does
 * @param terms the terms the table uses, one sentence each
 * @param releasesStates whether the mechanism publishes the subjects' states under correlation; two such
 *     mechanisms in one job are warned about (no theorem composes them)
 */
@PublicEvolving
public record MechanismPlan(
    String section,
    Object outlook,
    BudgetPlan budget,
    String summary,
    List<String> warnings,
    ObjectNode json,
    List<String> table,
    List<String> terms,
    boolean releasesStates) {

  public MechanismPlan {
    warnings = List.copyOf(warnings);
    table = List.copyOf(table);
    terms = List.copyOf(terms);
  }
}
