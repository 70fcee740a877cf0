package org.pufferflow.jobs.demo;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ObservationEncoder;
import org.pufferflow.ingest.ReasonCode;

/**
 * The records the demo feeds into one input topic, grouped in "rounds" (one simulated tick of the whole fleet) and
 * assigned to partitions, together with what the job must make of them: the number of accepted observations and
 * of rejections per reason. Offsets are known in advance (a non-transactional producer writes exactly these
 * records), so the job can be bounded at the plan's end offsets and run while the feed is still being produced.
 */
public final class FeedPlan {

  /** One record to produce: partition, Kafka key (the subject, may be null) and value (may be null). */
  public record Entry(int partition, String key, byte[] value) {}

  private final String topic;
  private final int partitions;
  private final List<List<Entry>> rounds = new ArrayList<>();
  private final long[] endOffsets;
  private final EnumMap<ReasonCode, Integer> expectedRejections = new EnumMap<>(ReasonCode.class);
  private int expectedAccepted;
  private final ObservationEncoder encoder = new ObservationEncoder();

  public FeedPlan(String topic, int partitions) {
    this.topic = topic;
    this.partitions = partitions;
    this.endOffsets = new long[partitions];
  }

  public String topic() {
    return topic;
  }

  public int partitions() {
    return partitions;
  }

  /** Starts a new round; subsequent {@code add} calls go into it. */
  public void newRound() {
    rounds.add(new ArrayList<>());
  }

  /** Adds an encoded observation that the job must accept (a new tick of its subject). */
  public void addValid(int partition, Observation o) {
    add(partition, o.getSubjectId(), encode(o));
    expectedAccepted++;
  }

  /** Adds an encoded observation that the job must reject with {@code reason}. */
  public void addInvalid(int partition, Observation o, ReasonCode reason) {
    addInvalidBytes(partition, o.getSubjectId(), encode(o), reason);
  }

  /** Adds raw bytes that the job must reject with {@code reason}. */
  public void addInvalidBytes(int partition, String key, byte[] value, ReasonCode reason) {
    add(partition, key, value);
    expectedRejections.merge(reason, 1, Integer::sum);
  }

  private void add(int partition, String key, byte[] value) {
    rounds.get(rounds.size() - 1).add(new Entry(partition, key, value));
    endOffsets[partition]++;
  }

  public List<List<Entry>> rounds() {
    return rounds;
  }

  /** Offset after the last planned record, per partition. */
  public long endOffset(int partition) {
    return endOffsets[partition];
  }

  public long totalRecords() {
    long n = 0;
    for (long e : endOffsets) {
      n += e;
    }
    return n;
  }

  public int expectedAccepted() {
    return expectedAccepted;
  }

  public Map<ReasonCode, Integer> expectedRejections() {
    return expectedRejections;
  }

  byte[] encode(Observation o) {
    return encoder.encode(o);
  }
}
