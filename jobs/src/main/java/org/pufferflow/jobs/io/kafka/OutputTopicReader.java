package org.pufferflow.jobs.io.kafka;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.OutputRecords;

/**
 * Reads output topics of a job as a {@code read_committed} consumer without a group (nothing is committed on the
 * broker), decoding each value with the published specific schema of its output: what {@code pufferflow read} does
 * for a Kafka configuration (docs/cli.md, 'read'). Records of one partition come in offset order; the partitions
 * and topics interleave.
 *
 * <p>Without {@code follow} it stops once every partition has reached the end offset it had at the start (for
 * read_committed, the last stable offset), or after {@link #QUIET} without a record while the end is not reached
 * (an open transaction holds the last stable offset back), so it terminates on a quiet topic. With {@code follow}
 * it reads until the thread is interrupted or the process stops.
 */
@Internal
public final class OutputTopicReader {

  /** How long a bounded read waits for the next record before it takes what it has. */
  public static final Duration QUIET = Duration.ofSeconds(10);

  private OutputTopicReader() {}

  /** Where reading starts. */
  public enum Start { BEGINNING, END }

  /**
   * Reads {@code topics} (topic → its output) on the broker at {@code bootstrapServers} and hands each record to
   * {@code handler} until it returns false, {@code max} records were read, or (without {@code follow}) the end.
   *
   * @return whether a bounded read stopped because the topics were quiet before their end offsets
   * @throws IllegalArgumentException one line, when a record does not decode as its output's type
   */
  public static boolean read(String bootstrapServers, Map<String, OutputKind> topics, Start start, boolean follow,
      long max, boolean withGroup, OutputRecords.Handler handler) throws IOException {
    Map<String, SpecificDatumReader<SpecificRecordBase>> readers = new HashMap<>();
    topics.forEach((t, k) -> readers.put(t, new SpecificDatumReader<>(
        org.apache.avro.specific.SpecificData.get().getSchema(k.recordClass()))));
    BinaryDecoder decoder = null;
    long read = 0;
    try (KafkaConsumer<byte[], byte[]> c = CommittedConsumers.open(bootstrapServers, KafkaPreflight.TIMEOUT)) {
      List<TopicPartition> tps = CommittedConsumers.assignAll(c, topics.keySet(), KafkaPreflight.TIMEOUT);
      if (start == Start.BEGINNING) {
        c.seekToBeginning(tps);
      } else {
        c.seekToEnd(tps);
      }
      Map<TopicPartition, Long> end = c.endOffsets(tps);
      long quietSince = System.nanoTime();
      while (follow || !CommittedConsumers.atEnd(c, tps, end)) {
        if (Thread.currentThread().isInterrupted()) {
          return false;
        }
        if (!follow && System.nanoTime() - quietSince > QUIET.toNanos()) {
          return true;
        }
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          quietSince = System.nanoTime();
          OutputKind kind = topics.get(r.topic());
          SpecificRecordBase value;
          try {
            decoder = DecoderFactory.get().binaryDecoder(r.value(), decoder);
            value = readers.get(r.topic()).read(null, decoder);
          } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(kind.topicKey() + ": topic " + r.topic() + " partition "
                + r.partition() + " offset " + r.offset() + " is not an Avro "
                + kind.recordClass().getSimpleName() + " record: is it the right topic?", e);
          }
          read++;
          if (!handler.record(kind, OutputRecords.json(value), withGroup ? OutputRecords.group(value) : null)
              || read >= max) {
            return false;
          }
        }
      }
    }
    return false;
  }
}
