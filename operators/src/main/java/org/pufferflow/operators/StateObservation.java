package org.pufferflow.operators;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInfo;

/**
 * The output of the ingestion half (docs/configuration.md, 'Data model'–§3): subject {@code subjectId} was in state
 * {@code state} (index 0..N−1) at tick {@code tick}. Per subject, observations are emitted in strictly increasing tick
 * order, at most one per tick; a gap between ticks means the chain advanced unobserved. The stream is keyed by subject,
 * and its Flink timestamp is the end of the tick. Private data: mechanisms consume it, it is never published as is.
 *
 * <p>Public fields and a no-argument constructor, so keyed operators of the mechanisms can use it directly;
 * serialized by {@link StateObservationSerializer} (explicit type information, no reflection).
 */
@PublicEvolving
@TypeInfo(StreamElementTypeInfo.StateObservationFactory.class)
public class StateObservation {
  public String subjectId;
  public long tick;
  public int state;

  public StateObservation() {}

  public StateObservation(String subjectId, long tick, int state) {
    this.subjectId = subjectId;
    this.tick = tick;
    this.state = state;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StateObservation s && s.tick == tick && s.state == state
        && Objects.equals(s.subjectId, subjectId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(subjectId, tick, state);
  }

  /** Shows the subject and tick only: the state is private and never appears in logs or messages. */
  @Override
  public String toString() {
    return "StateObservation(" + subjectId + ", tick " + tick + ", state hidden)";
  }
}
