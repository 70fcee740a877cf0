package org.pufferflow.jobs.plan;

import org.apache.flink.annotation.Internal;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * The one adapter from a loaded {@link JobConfig} to the math objects {@link JobPlanner} takes: the very objects
 * the configuration built once and the job ships to its functions (nothing is rebuilt or recalibrated here), so the
 * plan describes the releases the job will make (docs/cli.md, "plan --config").
 *
 * @param dphmm the DPHMM configuration, or null
 * @param dphmmLedger its budget, or null
 * @param mqm the MQM plan (calibration at the target ε*, the per-bin scale of every window, its accountant), or null
 * @param mqmBins k, the number of states
 * @param mqmFrequencies whether releases are frequencies
 * @param mqmLedger its budget, or null
 * @param redaction the streaming redaction plan, or null
 * @param redactionMechanism the configured redaction mechanism name
 * @param redactionHoldBackTicks the configured hold-back
 * @param redactionRecordsPerDay ticks in one day, ⌈86 400 000 / time.tickMillis⌉: the sequence length over which
 *     the redaction utility of one private record per day is reported
 * @param tickMillis {@code time.tickMillis}, for the budgets in words ({@link DailySpend})
 */
@Internal
public record PlanInputs(
    DphmmConfig dphmm,
    LedgerPolicy dphmmLedger,
    MqmWindowPlan mqm,
    int mqmBins,
    boolean mqmFrequencies,
    LedgerPolicy mqmLedger,
    RedactionPlan redaction,
    String redactionMechanism,
    int redactionHoldBackTicks,
    long redactionRecordsPerDay,
    long tickMillis) {

  /** The math objects of every configured mechanism of {@code job}, as the configuration built them. */
  public static PlanInputs from(JobConfig job) {
    MqmWindowPlan mqm = job.mqm();
    RedactionPlan redaction = job.redaction();
    return new PlanInputs(job.dphmm(), job.dphmmBudget(), mqm, job.model().numStates(),
        mqm != null && mqm.output() == MqmOutput.FREQUENCIES, job.mqmBudget(), redaction,
        redaction == null ? null : redaction.mechanism().configName(),
        redaction == null ? 0 : (int) Math.min(Integer.MAX_VALUE, redaction.holdBackTicks()),
        DailySpend.ticksPerDay(job.time().tickMillis()), job.time().tickMillis());
  }
}
