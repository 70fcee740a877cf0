package org.pufferflow.ingest;

import java.io.Serializable;
import org.pufferflow.avro.Observation;
import org.pufferflow.common.PufferPreconditions;

/**
 * Stateless checks of one decoded {@link Observation} (docs/configuration.md, 'Event time and lateness', "validate +
 * discretize"): a subject, an event time with a non-negative tick, and a payload the {@link Discretizer} maps to a
 * state. Checks run in this order and the first failure decides the reason: {@link ReasonCode#MISSING_SUBJECT},
 * {@link ReasonCode#MISSING_TIME}, {@link ReasonCode#NEGATIVE_TIME}, then the discretizer's reasons.
 *
 * <p>Checks that need the subject's history ({@link ReasonCode#DUPLICATE_TICK}, {@link ReasonCode#TOO_LATE}) are
 * made later, per subject, by {@link TickOrder}. Immutable and serializable.
 */
public final class ObservationValidator implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Discretizer discretizer;
  private final TickClock clock;

  public ObservationValidator(Discretizer discretizer, TickClock clock) {
    this.discretizer = PufferPreconditions.checkNotNull("discretizer", discretizer);
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
  }

  public Discretizer discretizer() {
    return discretizer;
  }

  public TickClock clock() {
    return clock;
  }

  /**
   * The check of {@code o}, allocation-free for the per-record hot path: the state index of {@code o} if it
   * passes every check, else the negative code {@link Discretizer#rejected(ReasonCode)} of the first failed check
   * (then {@link #reject} builds the message). On success, subject and tick are {@code o.getSubjectId()} and
   * {@code clock().tickOf(o.getEventTime().toEpochMilli())}.
   */
  public int check(Observation o) {
    String subject = o.getSubjectId();
    if (subject == null || subject.isEmpty()) {
      return Discretizer.rejected(ReasonCode.MISSING_SUBJECT);
    }
    java.time.Instant instant = o.getEventTime();
    if (instant == null) {
      return Discretizer.rejected(ReasonCode.MISSING_TIME);
    }
    long eventTime = instant.toEpochMilli();
    if (eventTime < 0 || !clock.hasTick(eventTime)) {
      return Discretizer.rejected(ReasonCode.NEGATIVE_TIME);
    }
    return discretizer.discretize(o);
  }

  /** The rejection for a negative {@link #check} result, with a message naming the offending value. */
  public Rejection reject(Observation o, int code) {
    ReasonCode reason = Discretizer.reasonOf(code);
    String message = switch (reason) {
      case MISSING_SUBJECT -> o.getSubjectId() == null ? "subjectId is missing" : "subjectId is empty";
      case MISSING_TIME -> "eventTime is missing";
      case NEGATIVE_TIME -> {
        long t = o.getEventTime().toEpochMilli();
        yield t < 0
            ? "eventTime = " + t + ": must be >= 0"
            : "eventTime = " + t + ": before the configured epoch " + clock.epochMillis() + " (negative tick)";
      }
      default -> discretizer.explain(o, reason);
    };
    return new Rejection(reason, message);
  }
}
