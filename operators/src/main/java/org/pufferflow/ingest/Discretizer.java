package org.pufferflow.ingest;

import java.io.Serializable;
import org.pufferflow.avro.Observation;

/**
 * Maps the payload of an {@link Observation} to a state index in {@code [0, numStates())} (docs/configuration.md, 'Data
 * model'): the {@code categorical}, {@code bins} and {@code grid} discretizers of the job configuration.
 *
 * <p>{@link #discretize} is on the per-record hot path and allocates nothing: it returns the state index, or a
 * negative code {@link #rejected(ReasonCode)} naming the reason; only then does the caller ask for the
 * {@link #explain explanation}. Implementations are immutable and serializable (they travel inside Flink functions).
 */
public interface Discretizer extends Serializable {

  /** Number N of states this discretizer produces. */
  int numStates();

  /**
   * The state index of {@code observation}'s payload, or {@link #rejected(ReasonCode)} when the payload is missing
   * or invalid. Subject and time are not looked at.
   */
  int discretize(Observation observation);

  /** A one-line message saying why {@code observation} was rejected with {@code reason}, naming the value. */
  String explain(Observation observation, ReasonCode reason);

  /** The negative return value of {@link #discretize} that stands for {@code reason}. */
  static int rejected(ReasonCode reason) {
    return -1 - reason.ordinal();
  }

  /** The reason encoded by a negative {@link #discretize} result. */
  static ReasonCode reasonOf(int code) {
    if (code >= 0) {
      throw new IllegalArgumentException("code = " + code + ": a state index, not a rejection");
    }
    return ReasonCode.values()[-1 - code];
  }
}
