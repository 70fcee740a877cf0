package org.pufferflow.ingest;

import java.io.Serializable;
import org.pufferflow.avro.Observation;
import org.pufferflow.common.PufferPreconditions;

/**
 * Stateless checks of one decoded {@link Observation} (design.md §3, "validate + discretize"): a subject, an event
 * time with a non-negative tick, and a payload the {@link Discretizer} maps to a state. Checks run in this order and
 * the first failure decides the reason: {@link ReasonCode#MISSING_SUBJECT}, {@link ReasonCode#MISSING_TIME},
 * {@link ReasonCode#NEGATIVE_TIME}, then the discretizer's reasons.
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

  /** Accepts {@code o} as (subject, tick, state) or says why not. */
  public ValidationResult validate(Observation o) {
    String subject = o.getSubjectId();
    if (subject == null || subject.isEmpty()) {
      return new Rejection(ReasonCode.MISSING_SUBJECT,
          subject == null ? "subjectId is missing" : "subjectId is empty");
    }
    java.time.Instant instant = o.getEventTime();
    if (instant == null) {
      return new Rejection(ReasonCode.MISSING_TIME, "eventTime is missing");
    }
    long eventTime = instant.toEpochMilli();
    if (eventTime < 0) {
      return new Rejection(ReasonCode.NEGATIVE_TIME, "eventTime = " + eventTime + ": must be >= 0");
    }
    if (!clock.hasTick(eventTime)) {
      return new Rejection(ReasonCode.NEGATIVE_TIME,
          "eventTime = " + eventTime + ": before the configured epoch " + clock.epochMillis() + " (negative tick)");
    }
    int state = discretizer.discretize(o);
    if (state < 0) {
      ReasonCode reason = Discretizer.reasonOf(state);
      return new Rejection(reason, discretizer.explain(o, reason));
    }
    return new Accepted(subject, clock.tickOf(eventTime), state);
  }
}
