package org.pufferflow.jobs.io.kafka;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.operators.LedgerStore;

/**
 * The durable ledger of a Kafka deployment (docs/privacy-noise.md, 'The durable ledger'): the compacted topic
 * {@code kafka.ledgerStoreTopic}, one {@link LedgerEntry} per record, keyed by {@link #key} (mechanism and subject),
 * written by the job's exactly-once sink in the checkpoints' transactions ({@link KafkaOutputs#ledgerSink}). Compaction
 * keeps the latest entry of every key; every entry of one key lies in one partition, in the order written.
 *
 * <p>{@link #read} is a {@code read_committed} consumer without a group, from the beginning of every partition to
 * its end offsets at the call (the last stable offsets: an open transaction's entries are not read), within
 * {@link #TIMEOUT}; it fails with one line naming the topic.
 */
@Internal
public final class KafkaLedgerStore implements LedgerStore {
  private static final long serialVersionUID = 1L;

  /** How long a read may take before it fails (the broker answers, the topic exists: checked before the job). */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final String bootstrapServers;
  private final String topic;

  public KafkaLedgerStore(String bootstrapServers, String topic) {
    this.bootstrapServers = PufferPreconditions.checkNotNull("bootstrapServers", bootstrapServers);
    this.topic = PufferPreconditions.checkNotNull("topic", topic);
  }

  /** The record key of {@code mechanism}'s entry of {@code subject}: {@code <mechanism>|<subject>} in UTF-8. */
  public static byte[] key(CharSequence mechanism, CharSequence subject) {
    return (mechanism + "|" + subject).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void read(String mechanism, Predicate<String> subjects, Consumer<LedgerEntry> entries) {
    SpecificDatumReader<LedgerEntry> reader = new SpecificDatumReader<>(LedgerEntry.class);
    BinaryDecoder decoder = null;
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    try (KafkaConsumer<byte[], byte[]> c = CommittedConsumers.open(bootstrapServers, TIMEOUT)) {
      List<TopicPartition> tps = CommittedConsumers.assignAll(c, List.of(topic), TIMEOUT);
      c.seekToBeginning(tps);
      Map<TopicPartition, Long> end = c.endOffsets(tps, TIMEOUT);
      while (!CommittedConsumers.atEnd(c, tps, end)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("kafka.ledgerStoreTopic: topic " + topic + " at " + bootstrapServers
              + " was not read to its end within " + TIMEOUT.toSeconds() + " s");
        }
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          if (r.value() == null) {
            continue; // a tombstone: nothing is ever deleted by the job, but compaction tools may write one
          }
          LedgerEntry e;
          try {
            decoder = DecoderFactory.get().binaryDecoder(r.value(), decoder);
            e = reader.read(null, decoder);
          } catch (IOException | RuntimeException ex) {
            throw new IllegalStateException("kafka.ledgerStoreTopic: topic " + topic + ", partition "
                + r.partition() + ", offset " + r.offset() + " is not a LedgerEntry record");
          }
          if (mechanism.contentEquals(e.getMechanism()) && subjects.test(e.getSubjectId().toString())) {
            entries.accept(e);
          }
        }
      }
    } catch (KafkaException ex) {
      throw new IllegalStateException("kafka.ledgerStoreTopic: topic " + topic + " at " + bootstrapServers
          + " cannot be read: " + ex.getMessage());
    }
  }

  @Override
  public String toString() {
    return "kafka.ledgerStoreTopic " + topic;
  }
}
