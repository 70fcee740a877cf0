package org.pufferflow.operators;

import java.util.Arrays;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.ingest.EventTimes;

/**
 * One Kafka record as read from the input topic, before decoding: where it came from, its value bytes exactly as
 * stored, and its event time as read from those bytes ({@link org.pufferflow.ingest.EventTimes}; the source's
 * timestamp, see {@link TickWatermarks}). Keeping the raw bytes lets any later rejection (even of undecodable input)
 * carry the original payload to the dead-letter topic. A Flink POJO.
 */
@PublicEvolving
public class RawRecord {
  public String topic;
  public int partition;
  public long offset;
  /** The record value; null for a Kafka record without a value. */
  public byte[] payload;
  /** The event time in the value, or {@link EventTimes#NONE} (none, or not read: file inputs). */
  public long eventTime = EventTimes.NONE;

  public RawRecord() {}

  public RawRecord(String topic, int partition, long offset, byte[] payload) {
    this(topic, partition, offset, payload, EventTimes.NONE);
  }

  public RawRecord(String topic, int partition, long offset, byte[] payload, long eventTime) {
    this.topic = topic;
    this.partition = partition;
    this.offset = offset;
    this.payload = payload;
    this.eventTime = eventTime;
  }

  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset + " (" + (payload == null ? "null" : payload.length + " bytes") + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RawRecord r && r.partition == partition && r.offset == offset && r.eventTime == eventTime
        && java.util.Objects.equals(r.topic, topic) && Arrays.equals(r.payload, payload);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(topic, partition, offset);
  }
}
