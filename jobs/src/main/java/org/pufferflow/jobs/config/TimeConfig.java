package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.time.Duration;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.ingest.TickClock;

/**
 * Event time (docs/configuration.md, 'time'; docs/configuration.md, 'Event time and lateness'):
 * {@code tick = floor((eventTime - epochMillis) / tickMillis)}. Per subject, records up to
 * {@code allowedLatenessTicks} ticks late are buffered and processed in order; later ones are rejected. The Kafka
 * sources keep one watermark per partition, trailing its newest record by the allowed lateness; a partition quiet for
 * {@code idleTimeoutMillis} stops holding the others back, and no partition runs more than {@code maxDriftTicks} ahead
 * of the slowest (watermark alignment, whose sources compare watermarks every {@code alignmentUpdateMillis}: event time
 * advances by at most about {@code maxDriftTicks} per comparison, so the two together cap how fast a backlog is read).
 *
 * @param tickMillis length of one chain step, > 0
 * @param epochMillis start of tick 0, >= 0
 * @param allowedLatenessTicks >= 0
 * @param idleTimeoutMillis >= 1
 * @param maxDriftTicks >= 1
 * @param alignmentUpdateMillis >= {@value #MIN_ALIGNMENT_UPDATE_MILLIS}
 */
@PublicEvolving
public record TimeConfig(long tickMillis, long epochMillis, int allowedLatenessTicks, long idleTimeoutMillis,
    long maxDriftTicks, long alignmentUpdateMillis) implements Serializable {

  /** Default of {@code time.idleTimeoutMillis}. */
  public static final long DEFAULT_IDLE_TIMEOUT_MILLIS = 5_000;
  /** Default of {@code time.maxDriftTicks}. */
  public static final long DEFAULT_MAX_DRIFT_TICKS = 100;
  /**
   * Default of {@code time.alignmentUpdateMillis}. Flink pauses a source on its watermark against the slowest one
   * announced at the last comparison, so between two comparisons event time advances by at most about the drift: with
   * 100 ticks every 200 ms (the earlier value) a fleet of 1,000 subjects with 1 s ticks could not be read faster than
   * about 500,000 records/s whatever the machine (docs/benchmarks.md, 'Pipeline, end to end').
   */
  public static final long DEFAULT_ALIGNMENT_UPDATE_MILLIS = 20;
  /** Least {@code time.alignmentUpdateMillis}: each comparison is a message per source subtask both ways. */
  public static final long MIN_ALIGNMENT_UPDATE_MILLIS = 10;

  /** With the defaults of {@code idleTimeoutMillis}, {@code maxDriftTicks} and {@code alignmentUpdateMillis}. */
  public TimeConfig(long tickMillis, long epochMillis, int allowedLatenessTicks) {
    this(tickMillis, epochMillis, allowedLatenessTicks, DEFAULT_IDLE_TIMEOUT_MILLIS, DEFAULT_MAX_DRIFT_TICKS,
        DEFAULT_ALIGNMENT_UPDATE_MILLIS);
  }

  /** The job's tick clock. */
  public TickClock clock() {
    return new TickClock(tickMillis, epochMillis);
  }

  /** {@code idleTimeoutMillis} as a duration. */
  public Duration idleTimeout() {
    return Duration.ofMillis(idleTimeoutMillis);
  }

  /** {@code alignmentUpdateMillis} as a duration. */
  public Duration alignmentUpdate() {
    return Duration.ofMillis(alignmentUpdateMillis);
  }

  /** {@code maxDriftTicks} ticks as a duration, saturating at {@code Long.MAX_VALUE} ms. */
  public Duration maxDrift() {
    long millis = Math.multiplyHigh(maxDriftTicks, tickMillis) != 0 || maxDriftTicks * tickMillis < 0
        ? Long.MAX_VALUE : maxDriftTicks * tickMillis;
    return Duration.ofMillis(millis);
  }
}
