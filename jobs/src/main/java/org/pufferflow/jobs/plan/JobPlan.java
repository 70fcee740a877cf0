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
 * @param dphmmSpend the DPHMM budget in words (per release, per period, per day), or null
 * @param mqmSpend the MQM budget in words, or null
 * @param summary one plain-language sentence per configured mechanism ({@link PlanSummary})
 * @param warnings one sentence per problem, each naming the configuration key that helps
 */
@Internal
public record JobPlan(
    DphmmOutlook dphmm,
    BudgetHorizon dphmmBudget,
    MqmOutlook mqm,
    BudgetHorizon mqmBudget,
    RedactionOutlook redaction,
    DailySpend dphmmSpend,
    DailySpend mqmSpend,
    List<String> summary,
    List<String> warnings) {

  public JobPlan {
    summary = List.copyOf(summary);
    warnings = List.copyOf(warnings);
  }
}
