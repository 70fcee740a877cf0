package org.pufferflow.jobs.io.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.pufferflow.ingest.StrictAvroDecoder;

/**
 * Samples the newest records of a topic and checks that they are binary Avro records of the type the job reads or
 * writes there, so that a job pointed at the wrong topic (say, its input at an output topic) stops at start with one
 * line instead of rejecting every record or mixing record types on a topic. A sample in which at least one record
 * decodes passes: single poison records are the dead-letter topic's business, not a reason to refuse the job.
 * Decoding is strict (every byte consumed), which tells the job's record types apart in practice; it is a check of
 * the sample, not a proof about the topic.
 */
final class RecordTypeCheck {

  static final int SAMPLE_PER_PARTITION = 5;
  static final int MAX_PARTITIONS = 16;

  private RecordTypeCheck() {}

  /**
   * @return {@code null} when the sample passes (or the topic is empty), else the reason, for the key's message
   */
  static String check(String bootstrapServers, String topic, Class<? extends SpecificRecordBase> type,
      Duration timeout) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
    p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> parts = new ArrayList<>();
      for (PartitionInfo info : consumer.partitionsFor(topic, timeout)) {
        if (parts.size() < MAX_PARTITIONS) {
          parts.add(new TopicPartition(topic, info.partition()));
        }
      }
      consumer.assign(parts);
      Map<TopicPartition, Long> begin = consumer.beginningOffsets(parts, timeout);
      Map<TopicPartition, Long> end = consumer.endOffsets(parts, timeout);
      long wanted = 0;
      for (TopicPartition tp : parts) {
        long from = Math.max(begin.get(tp), end.get(tp) - SAMPLE_PER_PARTITION);
        consumer.seek(tp, from);
        wanted += end.get(tp) - from;
      }
      if (wanted == 0) {
        return null;
      }
      StrictAvroDecoder<? extends SpecificRecordBase> decoder = new StrictAvroDecoder<>(type, null);
      int seen = 0;
      String example = null;
      long deadline = System.nanoTime() + Math.min(timeout.toNanos(), Duration.ofSeconds(5).toNanos());
      while (seen < wanted && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          seen++;
          if (r.value() == null) {
            continue;
          }
          if (decoder.decode(r.value()) != null) {
            return null;
          }
          if (example == null) {
            example = "partition " + r.partition() + " offset " + r.offset() + ", " + r.value().length + " bytes";
          }
        }
      }
      return example == null ? null
          : "holds records that are not Avro " + type.getSimpleName() + " records (newest " + seen
              + " sampled, none decodes; e.g. " + example + "): is it the right topic?";
    }
  }
}
