package org.pufferflow.jobs.io.kafka;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads a whole topic of Avro records of one type as a {@code read_committed} consumer, i.e. what a downstream user
 * sees of the job's transactional output: only committed records, each exactly once.
 */
@Internal
public final class AvroTopicReader {
  private AvroTopicReader() {}

  /**
   * Reads {@code topic} from its beginning until at least {@code expected} records were read and the consumer has
   * reached the end offsets (the last stable offsets, for read_committed), or fails after {@code timeout}.
   *
   * @throws IOException {@code "topic <t>: read <n> of <expected> expected <type> records within <s> s"}, or when a
   *     record does not decode as {@code type}
   */
  public static <T extends SpecificRecord> List<T> readAll(String bootstrapServers, String topic, Class<T> type,
      long expected, Duration timeout) throws IOException {
    SpecificDatumReader<T> reader = new SpecificDatumReader<>(type);
    BinaryDecoder decoder = null;
    List<T> out = new ArrayList<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    try (KafkaConsumer<byte[], byte[]> c = CommittedConsumers.open(bootstrapServers, null)) {
      List<TopicPartition> tps = CommittedConsumers.assignAll(c, List.of(topic), timeout);
      c.seekToBeginning(tps);
      Map<TopicPartition, Long> end = c.endOffsets(tps);
      while (out.size() < expected || !CommittedConsumers.atEnd(c, tps, end)) {
        if (System.nanoTime() > deadline) {
          throw new IOException(String.format(java.util.Locale.ROOT,
              "topic %s: read %d of %d expected %s records within %d s (%d records in the log, committed or not;"
              + " log from offsets %s, committed up to %s of %s written)", topic, out.size(), expected,
              type.getSimpleName(), timeout.toSeconds(), uncommitted(bootstrapServers, tps),
              c.beginningOffsets(tps).values(), c.endOffsets(tps).values(),
              logEnd(bootstrapServers, tps).values()));
        }
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(100))) {
          try {
            decoder = DecoderFactory.get().binaryDecoder(r.value(), decoder);
            out.add(reader.read(null, decoder));
          } catch (IOException | RuntimeException e) {
            throw new IOException("topic " + topic + ": offset " + r.offset() + " is not a " + type.getSimpleName()
                + " record", e);
          }
        }
        if (out.size() < expected && CommittedConsumers.atEnd(c, tps, end)) {
          end = c.endOffsets(tps); // more may have been committed since
        }
      }
    }
    return out;
  }

  /** The number of data records in the log, committed, aborted or open (read_uncommitted). */
  private static long uncommitted(String bootstrapServers, List<TopicPartition> tps) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
    long n = 0;
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      c.assign(tps);
      c.seekToBeginning(tps);
      Map<TopicPartition, Long> end = c.endOffsets(tps);
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (!CommittedConsumers.atEnd(c, tps, end) && System.nanoTime() < deadline) {
        n += c.poll(Duration.ofMillis(100)).count();
      }
    }
    return n;
  }

  /** The log end offsets (read_uncommitted): with {@code endOffsets} of read_committed, shows an open transaction. */
  private static Map<TopicPartition, Long> logEnd(String bootstrapServers, List<TopicPartition> tps) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      return c.endOffsets(tps);
    }
  }
}
