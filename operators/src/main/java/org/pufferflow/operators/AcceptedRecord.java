package org.pufferflow.operators;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInfo;

/**
 * A record that passed the stateless checks ({@link org.pufferflow.ingest.ObservationValidator}): its subject, tick,
 * state and event time, plus its Kafka origin and raw bytes in case the per-subject ordering step still rejects it
 * ({@code DUPLICATE_TICK}, {@code TOO_LATE}). Serialized by {@link AcceptedRecordSerializer} (explicit type
 * information, no reflection). Private data: {@link #toString()} shows neither the state nor the payload.
 */
@PublicEvolving
@TypeInfo(StreamElementTypeInfo.AcceptedRecordFactory.class)
public class AcceptedRecord {
  public String subjectId;
  public long tick;
  public int state;
  public long eventTime;
  public String topic;
  public int partition;
  public long offset;
  public byte[] payload;

  public AcceptedRecord() {}

  public AcceptedRecord(String subjectId, long tick, int state, long eventTime, RawRecord origin) {
    this.subjectId = subjectId;
    this.tick = tick;
    this.state = state;
    this.eventTime = eventTime;
    this.topic = origin.topic;
    this.partition = origin.partition;
    this.offset = origin.offset;
    this.payload = origin.payload;
  }

  /**
   * Shows the subject, the tick and the Kafka origin only: the state and the payload are private and never appear in
   * logs or messages.
   */
  @Override
  public String toString() {
    return "AcceptedRecord{" + subjectId + ", tick " + tick + ", state hidden, " + topic + "-" + partition + "@"
        + offset + "}";
  }
}
