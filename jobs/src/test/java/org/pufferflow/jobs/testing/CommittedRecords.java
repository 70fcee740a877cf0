package org.pufferflow.jobs.testing;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.pufferflow.jobs.io.kafka.AvroTopicReader;

/**
 * Test helper: every committed record of a topic (isolation.level=read_committed), decoded as Avro {@code type}, in
 * partition then offset order; with the raw value bytes for byte-level comparisons.
 */
public final class CommittedRecords {
  private CommittedRecords() {}

  /** One committed record. */
  public record Rec<T>(int partition, long offset, byte[] key, byte[] value, T record) {}

  /** The committed records' values ({@link AvroTopicReader}, the demo's reader). */
  public static <T extends SpecificRecordBase> List<T> values(String bootstrap, String topic, Class<T> type)
      throws IOException {
    return AvroTopicReader.readAll(bootstrap, topic, type, 0, Duration.ofSeconds(60));
  }

  public static <T extends SpecificRecordBase> List<Rec<T>> read(String bootstrap, String topic, Class<T> type)
      throws IOException {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    List<Rec<T>> out = new ArrayList<>();
    SpecificDatumReader<T> reader = new SpecificDatumReader<>(type);
    BinaryDecoder decoder = null;
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> parts = new ArrayList<>();
      c.partitionsFor(topic, Duration.ofSeconds(30)).forEach(i -> parts.add(new TopicPartition(topic, i.partition())));
      parts.sort((a, b) -> Integer.compare(a.partition(), b.partition()));
      c.assign(parts);
      c.seekToBeginning(parts);
      Map<TopicPartition, Long> end = c.endOffsets(parts); // read_committed: the last stable offset
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("timed out reading " + topic);
        }
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          decoder = DecoderFactory.get().binaryDecoder(r.value(), decoder);
          out.add(new Rec<>(r.partition(), r.offset(), r.key(), r.value(), reader.read(null, decoder)));
        }
      }
    }
    out.sort((a, b) -> a.partition() != b.partition() ? Integer.compare(a.partition(), b.partition())
        : Long.compare(a.offset(), b.offset()));
    return out;
  }
}
