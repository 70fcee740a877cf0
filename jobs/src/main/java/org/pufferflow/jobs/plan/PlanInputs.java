package org.pufferflow.jobs.plan;

import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.operators.spec.LedgerSpec;
import org.pufferflow.operators.spec.MqmSpec;

/**
 * The one adapter from a loaded {@link JobConfig} to the math objects {@link JobPlanner} takes: every mechanism is
 * built by its own spec's {@code build()}, exactly as the streaming functions build it in {@code open()}, so the
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
 */
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
    long redactionRecordsPerDay) {

  /** One day in milliseconds. */
  public static final long DAY_MILLIS = 86_400_000L;

  /** Builds the math objects of every configured mechanism of {@code job} with the specs' own {@code build()}. */
  public static PlanInputs from(JobConfig job) {
    DphmmConfig dphmm = job.dphmm() == null ? null : job.dphmm().build();
    MqmSpec q = job.mqm();
    MqmWindowPlan mqm = q == null ? null : q.build();
    RedactionPlan redaction = job.redaction() == null ? null : job.redaction().build();
    return new PlanInputs(dphmm, ledger(job.dphmmBudget()), mqm, job.model().numStates(),
        q != null && q.output() == MqmSpec.Output.FREQUENCIES, ledger(job.mqmBudget()), redaction,
        job.redaction() == null ? null : job.redaction().mechanism().configName(),
        job.redaction() == null ? 0 : (int) Math.min(Integer.MAX_VALUE, job.redaction().holdBackTicks()),
        Math.max(1, (DAY_MILLIS + job.time().tickMillis() - 1) / job.time().tickMillis()));
  }

  private static LedgerPolicy ledger(LedgerSpec spec) {
    return spec == null ? null : spec.build();
  }
}
