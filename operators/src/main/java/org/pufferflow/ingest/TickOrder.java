package org.pufferflow.ingest;

import org.pufferflow.common.PufferPreconditions;

/**
 * The per-subject event-time rule (docs/configuration.md, 'Event time and lateness'): records may arrive out of order
 * by up to {@code allowedLateness} ticks; they are buffered and processed in tick order, one state per tick. For a
 * record of tick t arriving when the subject's newest tick seen so far is {@code maxSeen} and its last processed tick
 * is {@code lastProcessed}:
 * <ol>
 *   <li>t &lt; maxSeen − allowedLateness: {@link ReasonCode#TOO_LATE};</li>
 *   <li>t is already buffered, or t == lastProcessed: {@link ReasonCode#DUPLICATE_TICK};</li>
 *   <li>t &lt; lastProcessed: {@link ReasonCode#TOO_LATE} (the subject's chain has moved past t);</li>
 *   <li>otherwise the record is buffered.</li>
 * </ol>
 * Rules 1 and 2 depend only on the subject's own records in their arrival order. Rule 3 can only fire for a record
 * that arrives behind the stream's watermark (the job released later ticks of the subject because the stream as a
 * whole moved on); the rules are ordered so that every other record gets the same verdict in every run.
 * Immutable; no allocation.
 */
public final class TickOrder implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** Value of {@code lastProcessed} / {@code maxSeen} before the subject's first record. */
  public static final long NONE = Long.MIN_VALUE;

  private final int allowedLateness;

  public TickOrder(int allowedLateness) {
    this.allowedLateness = (int) PufferPreconditions.checkAtLeast("allowedLatenessTicks", allowedLateness, 0);
  }

  public int allowedLateness() {
    return allowedLateness;
  }

  /** The reason to reject a record of {@code tick}, or null to buffer it. */
  public ReasonCode check(long tick, boolean buffered, long lastProcessed, long maxSeen) {
    if (maxSeen != NONE && tick < maxSeen - allowedLateness) {
      return ReasonCode.TOO_LATE;
    }
    if (buffered || (lastProcessed != NONE && tick == lastProcessed)) {
      return ReasonCode.DUPLICATE_TICK;
    }
    if (lastProcessed != NONE && tick < lastProcessed) {
      return ReasonCode.TOO_LATE;
    }
    return null;
  }

  /** The message for a rejection returned by {@link #check}. */
  public String explain(ReasonCode reason, long tick, long lastProcessed, long maxSeen) {
    if (reason == ReasonCode.DUPLICATE_TICK) {
      return "tick " + tick + ": the subject already has a record for this tick";
    }
    if (maxSeen != NONE && tick < maxSeen - allowedLateness) {
      return "tick " + tick + ": more than " + allowedLateness + " tick(s) behind the subject's newest tick " + maxSeen;
    }
    return "tick " + tick + ": before the subject's last processed tick " + lastProcessed;
  }
}
