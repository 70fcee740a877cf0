package org.pufferflow.tools.demo;

import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.plan.BudgetHorizon;
import org.pufferflow.jobs.plan.JobPlan;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;

/**
 * One of the demo's pipelines (docs/cli.md, 'demo'): its configuration (a resource equal to an examples/ file), its
 * feed plan with the true traces, and what each output must hold after a complete run.
 *
 * @param id the pipeline's uid/name prefix in the shared Flink job ({@code meters}, {@code locations},
 *     {@code presence})
 * @param title a human-readable name for the report
 */
@Internal
public record DemoPipeline(String id, String title, JobConfig config, FeedPlan plan) {

  /**
   * The number of records {@code kind} must hold after the run: exact for the rejected topic (rejections per
   * reason are planned), the redacted records (one per accepted observation), the DPHMM releases (one per accepted
   * observation until the subject's total budget is spent), the MQM window histograms (one per full window of each
   * subject until its budget is spent) and the fleet histograms (one per window the subjects share); 0 for the
   * ledger events (a lower bound: they appear when a budget runs out). Budgets are counted with the ledger's own
   * arithmetic ({@link BudgetHorizon}); a per-period DPHMM budget must pay for a release at every tick of a
   * period (the demo's does: {@code DemoConfigsTest}).
   */
  public long expected(OutputKind kind) {
    if (kind == OutputKind.REJECTED) {
      return plan.expectedRejections().values().stream().mapToLong(Integer::longValue).sum();
    }
    if (kind == RedactionUnit.RECORDS) {
      return plan.expectedAccepted();
    }
    if (kind == DphmmUnit.RELEASES) {
      long total = budget(true).releasesUntilExhaustion();
      return plan.truth().values().stream().mapToLong(t -> Math.min(t.size(), total)).sum();
    }
    if (kind == MqmUnit.HISTOGRAMS) {
      long total = budget(false).releasesUntilExhaustion();
      return plan.truth().values().stream().mapToLong(t -> Math.min(windows(t.size()), total)).sum();
    }
    if (kind == MqmUnit.FLEET) {
      long total = budget(false).releasesUntilExhaustion();
      return plan.truth().values().stream().mapToLong(t -> Math.min(windows(t.size()), total)).max().orElse(0);
    }
    return 0; // ledger events
  }

  /** How long the DPHMM ({@code dphmm}) or the MQM budget lasts, from the configuration's plan. */
  BudgetHorizon budget(boolean dphmm) {
    JobPlan p = JobPlanner.plan(config);
    return dphmm ? p.mechanism("dphmm").budget().horizon() : p.mechanism("mqm").budget().horizon();
  }

  /** Full windows of {@code n} consecutive observations. */
  long windows(int n) {
    int w = config.description(MqmWindowPlan.class).window();
    int s = config.description(MqmWindowPlan.class).slide();
    return n < w ? 0 : (n - w) / s + 1;
  }

  /** The records read back from one output, by kind. */
  public record Outputs(DemoPipeline pipeline, java.util.Map<OutputKind, List<? extends SpecificRecord>> records) {
    /** The records of {@code kind} (empty if the pipeline has no such output). */
    @SuppressWarnings("unchecked")
    public <T extends SpecificRecord> List<T> of(OutputKind kind, Class<T> type) {
      List<? extends SpecificRecord> r = records.get(kind);
      if (r == null) {
        return List.of();
      }
      if (!type.equals(kind.recordClass())) {
        throw new IllegalArgumentException("type = " + type.getSimpleName() + ": not the record type of " + kind);
      }
      return (List<T>) r;
    }
  }
}
