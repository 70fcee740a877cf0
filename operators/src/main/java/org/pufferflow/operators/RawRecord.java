package org.pufferflow.operators;

import java.util.Arrays;

/**
 * One Kafka record as read from the input topic, before decoding: where it came from and its value bytes exactly as
 * stored. Keeping the raw bytes lets any later rejection (even of undecodable input) carry the original payload to
 * the dead-letter topic. A Flink POJO.
 */
public class RawRecord {
  public String topic;
  public int partition;
  public long offset;
  /** The record value; null for a Kafka record without a value. */
  public byte[] payload;

  public RawRecord() {}

  public RawRecord(String topic, int partition, long offset, byte[] payload) {
    this.topic = topic;
    this.partition = partition;
    this.offset = offset;
    this.payload = payload;
  }

  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset + " (" + (payload == null ? "null" : payload.length + " bytes") + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RawRecord r && r.partition == partition && r.offset == offset
        && java.util.Objects.equals(r.topic, topic) && Arrays.equals(r.payload, payload);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(topic, partition, offset);
  }
}
