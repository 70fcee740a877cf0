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
 * of the slowest (watermark alignment).
 *
 * @param tickMillis length of one chain step, > 0
 * @param epochMillis start of tick 0, >= 0
 * @param allowedLatenessTicks >= 0
 * @param idleTimeoutMillis >= 1
 * @param maxDriftTicks >= 1
 */
@PublicEvolving
public record TimeConfig(long tickMillis, long epochMillis, int allowedLatenessTicks, long idleTimeoutMillis,
    long maxDriftTicks) implements Serializable {

  /** Default of {@code time.idleTimeoutMillis}. */
  public static final long DEFAULT_IDLE_TIMEOUT_MILLIS = 5_000;
  /** Default of {@code time.maxDriftTicks}. */
  public static final long DEFAULT_MAX_DRIFT_TICKS = 100;

  /** With the defaults of {@code idleTimeoutMillis} and {@code maxDriftTicks}. */
  public TimeConfig(long tickMillis, long epochMillis, int allowedLatenessTicks) {
    this(tickMillis, epochMillis, allowedLatenessTicks, DEFAULT_IDLE_TIMEOUT_MILLIS, DEFAULT_MAX_DRIFT_TICKS);
  }

  /** The job's tick clock. */
  public TickClock clock() {
    return new TickClock(tickMillis, epochMillis);
  }

  /** {@code idleTimeoutMillis} as a duration. */
  public Duration idleTimeout() {
    return Duration.ofMillis(idleTimeoutMillis);
  }

  /** {@code maxDriftTicks} ticks as a duration, saturating at {@code Long.MAX_VALUE} ms. */
  public Duration maxDrift() {
    long millis = Math.multiplyHigh(maxDriftTicks, tickMillis) != 0 || maxDriftTicks * tickMillis < 0
        ? Long.MAX_VALUE : maxDriftTicks * tickMillis;
    return Duration.ofMillis(millis);
  }
}
