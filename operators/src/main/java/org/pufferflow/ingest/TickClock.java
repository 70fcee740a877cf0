package org.pufferflow.ingest;

import java.io.Serializable;
import org.pufferflow.common.PufferPreconditions;

/**
 * The chain's time step (docs/configuration.md, 'Data model'): {@code tick = floor((eventTime - epoch) / tickMillis)};
 * tick t covers the event times {@code [epoch + t·tickMillis, epoch + (t+1)·tickMillis)}. Event times before the epoch
 * have no tick.
 */
public final class TickClock implements Serializable {
  private static final long serialVersionUID = 1L;

  private final long tickMillis;
  private final long epochMillis;

  /** @param tickMillis length of a tick, {@code > 0}; @param epochMillis start of tick 0, {@code >= 0} */
  public TickClock(long tickMillis, long epochMillis) {
    this.tickMillis = PufferPreconditions.checkAtLeast("tickMillis", tickMillis, 1);
    this.epochMillis = PufferPreconditions.checkAtLeast("epochMillis", epochMillis, 0);
  }

  public long tickMillis() {
    return tickMillis;
  }

  public long epochMillis() {
    return epochMillis;
  }

  /** Whether {@code eventTime} is at or after the epoch (so it has a tick). */
  public boolean hasTick(long eventTime) {
    return eventTime >= epochMillis;
  }

  /** The tick of an event time at or after the epoch. */
  public long tickOf(long eventTime) {
    if (eventTime < epochMillis) { // not checkArgument: its varargs would box two longs per record
      PufferPreconditions.checkArgument(false, "eventTime = %d: before the epoch %d", eventTime, epochMillis);
    }
    return (eventTime - epochMillis) / tickMillis; // non-negative, so division is floor
  }

  /** The first event time of tick {@code tick}, saturating at {@link Long#MAX_VALUE}. */
  public long startOf(long tick) {
    PufferPreconditions.checkAtLeast("tick", tick, 0);
    long offset = Math.multiplyHigh(tick, tickMillis) != 0 ? Long.MAX_VALUE : tick * tickMillis;
    if (offset < 0 || offset > Long.MAX_VALUE - epochMillis) {
      return Long.MAX_VALUE;
    }
    return epochMillis + offset;
  }

  /** The last event time of tick {@code tick} (an event-time timer for the tick fires here), saturating. */
  public long endOf(long tick) {
    long next = startOf(tick + 1 < 0 ? Long.MAX_VALUE : tick + 1);
    return next == Long.MAX_VALUE ? Long.MAX_VALUE : next - 1;
  }
}
