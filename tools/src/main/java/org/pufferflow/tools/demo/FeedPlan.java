package org.pufferflow.tools.demo;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.ingest.ObservationEncoder;
import org.pufferflow.ingest.ReasonCode;

/**
 * The records the demo feeds into one input topic, grouped in "rounds" (one simulated tick of the whole fleet) and
 * assigned to partitions, together with what the job must make of them: the number of accepted observations and
 * of rejections per reason. Offsets are known in advance (a non-transactional producer writes exactly these
 * records), so the job can be bounded at the plan's end offsets and run while the feed is still being produced.
 *
 * <p>The plan also keeps the true trace of every subject (the state of each accepted observation, by tick): the
 * demo is the data owner here, and its report (a local file) compares the releases with the truth. Opt-outs, if
 * any, go to the opt-out topic before the job starts.
 */
@Internal
public final class FeedPlan {

  /** One record to produce: partition, Kafka key (the subject, may be null) and value (may be null). */
  public record Entry(int partition, String key, byte[] value) {}

  /** One accepted observation of the true trace: its tick and the state the job will see. */
  public record TruePoint(long tick, int state) {}

  private final String topic;
  private final int partitions;
  private final List<List<Entry>> rounds = new ArrayList<>();
  private final long[] endOffsets;
  private final EnumMap<ReasonCode, Integer> expectedRejections = new EnumMap<>(ReasonCode.class);
  private int expectedAccepted;
  private final Map<String, List<TruePoint>> truth = new LinkedHashMap<>();
  private final List<OptOut> optOuts = new ArrayList<>();
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

  /** Adds an encoded observation that the job must accept (a new tick of its subject) in {@code state}. */
  public void addValid(int partition, Observation o, long tick, int state) {
    add(partition, o.getSubjectId(), encode(o));
    expectedAccepted++;
    truth.computeIfAbsent(o.getSubjectId(), s -> new ArrayList<>()).add(new TruePoint(tick, state));
  }

  /** Adds an opt-out; {@code refusal} is the reason the job must reject it with, or null if it is valid. */
  public void addOptOut(OptOut optOut, ReasonCode refusal) {
    optOuts.add(optOut);
    if (refusal != null) {
      expectedRejections.merge(refusal, 1, Integer::sum);
    }
  }

  /** The opt-outs to write to the opt-out topic before the job starts. */
  public List<OptOut> optOuts() {
    return optOuts;
  }

  /** Per subject (in feed order), its accepted observations sorted by tick. */
  public Map<String, List<TruePoint>> truth() {
    Map<String, List<TruePoint>> sorted = new LinkedHashMap<>();
    truth.forEach((s, points) -> {
      List<TruePoint> copy = new ArrayList<>(points);
      copy.sort((a, b) -> Long.compare(a.tick(), b.tick()));
      sorted.put(s, copy);
    });
    return sorted;
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
