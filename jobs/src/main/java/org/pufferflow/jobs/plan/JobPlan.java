package org.pufferflow.jobs.plan;

import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * The plan of one job configuration (docs/cli.md, "plan --config"). A mechanism that is not configured is
 * {@code null}, with its budget.
 *
 * @param dphmm the DPHMM outlook, or null
 * @param dphmmBudget how long {@code dphmm.budget} lasts, or null
 * @param mqm the MQM outlook, or null
 * @param mqmBudget how long {@code mqm.budget} lasts (in windows), or null
 * @param redaction the redaction outlook, or null
 * @param warnings one sentence per problem, each naming the configuration key that helps
 */
@Internal
public record JobPlan(
    DphmmOutlook dphmm,
    BudgetHorizon dphmmBudget,
    MqmOutlook mqm,
    BudgetHorizon mqmBudget,
    RedactionOutlook redaction,
    List<String> warnings) {

  public JobPlan {
    warnings = List.copyOf(warnings);
  }
}
