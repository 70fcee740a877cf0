package org.pufferflow.operators;

import java.util.EnumMap;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.pufferflow.ingest.ReasonCode;

/**
 * Counts rejections by reason (docs/cli.md metric "rejects by reason"): a Flink counter
 * {@code pufferflow.rejects.<REASON>} in the operator's metric group, and a job accumulator
 * {@code rejected.<REASON>} that a bounded run (demo, tests) reads from the job result. Also the accepted count.
 */
public final class RejectCounters {

  /** Accumulator and metric name of accepted (emitted) observations. */
  public static final String ACCEPTED = "accepted";
  /** Prefix of the per-reason accumulators. */
  public static final String REJECTED_PREFIX = "rejected.";

  private final EnumMap<ReasonCode, Counter> counters = new EnumMap<>(ReasonCode.class);
  private final EnumMap<ReasonCode, LongCounter> accumulators = new EnumMap<>(ReasonCode.class);

  /** Registers the counters of {@code reasons} for the operator owning {@code context}. */
  public RejectCounters(RuntimeContext context, ReasonCode... reasons) {
    MetricGroup group = context.getMetricGroup().addGroup("pufferflow").addGroup("rejects");
    for (ReasonCode r : reasons) {
      counters.put(r, group.counter(r.name()));
      accumulators.put(r, context.getLongCounter(REJECTED_PREFIX + r.name()));
    }
  }

  public void count(ReasonCode reason) {
    counters.get(reason).inc();
    accumulators.get(reason).add(1L);
  }
}
