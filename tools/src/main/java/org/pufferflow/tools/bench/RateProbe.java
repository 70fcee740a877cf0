package org.pufferflow.tools.bench;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.accumulators.LongMaximum;
import org.apache.flink.api.common.accumulators.LongMinimum;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * Times the records entering the measured keyed operator: chained directly in front of it (after the keyBy; in
 * {@code bench pipeline}, right after the Kafka source), it
 * passes each record through unchanged and notes the {@link System#nanoTime()} of the first and the last record it
 * saw and how many. The job's rate is the record count over the span from the earliest first record to the latest
 * last record (Flink accumulators merge the subtasks), which leaves out job start-up and shutdown. Both the
 * operator job and the pass-through job carry the same probe, so its cost (one clock read per record) is on both
 * sides of the ratio.
 */
final class RateProbe<T> extends RichMapFunction<T, T> {
  private static final long serialVersionUID = 1L;

  static final String RECORDS = "bench.records";
  static final String FIRST_NANOS = "bench.firstNanos";
  static final String LAST_NANOS = "bench.lastNanos";
  /** Prefix of the accumulators of an end probe (see {@link #atEnd()}). */
  static final String END = "end.";

  private final String prefix;

  /** The probe whose records are counted and timed. */
  RateProbe() {
    this("");
  }

  private RateProbe(String prefix) {
    this.prefix = prefix;
  }

  /**
   * A probe further down the job, after a shuffle and a buffering operator: its last record, when later than the
   * main probe's, ends the timed span ({@link BenchCluster#run}), so records still in flight or buffered when the
   * source read its last record are timed too. Its count is not the job's.
   */
  static <T> RateProbe<T> atEnd() {
    return new RateProbe<>(END);
  }

  private transient LongCounter records;
  private transient LongMinimum first;
  private transient LongMaximum last;
  private transient long count;
  private transient long firstNanos;
  private transient long lastNanos;

  @Override
  public void open(OpenContext context) {
    records = new LongCounter();
    first = new LongMinimum();
    last = new LongMaximum();
    getRuntimeContext().addAccumulator(prefix + RECORDS, records);
    getRuntimeContext().addAccumulator(prefix + FIRST_NANOS, first);
    getRuntimeContext().addAccumulator(prefix + LAST_NANOS, last);
  }

  @Override
  public T map(T value) {
    long now = System.nanoTime();
    if (count++ == 0) {
      firstNanos = now;
    }
    lastNanos = now;
    return value;
  }

  @Override
  public void close() {
    if (count > 0) {
      records.add(count);
      first.add(firstNanos);
      last.add(lastNanos);
    }
  }
}
