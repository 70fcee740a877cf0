package org.pufferflow.jobs.io.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What the readers of the job's committed output share ({@link AvroTopicReader}, {@link OutputTopicReader}): a
 * {@code read_committed} consumer without a group (nothing is committed on the broker), assigned every partition of
 * its topics, and the test whether it has reached given end offsets.
 */
final class CommittedConsumers {

  private CommittedConsumers() {}

  /** A read_committed byte-array consumer of the broker at {@code bootstrapServers}, auto-commit off. */
  static KafkaConsumer<byte[], byte[]> open(String bootstrapServers, Duration apiTimeout) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    if (apiTimeout != null) {
      p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) apiTimeout.toMillis());
    }
    return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /** Assigns {@code c} every partition of {@code topics}, in topic then partition order, and returns them. */
  static List<TopicPartition> assignAll(KafkaConsumer<?, ?> c, Collection<String> topics, Duration timeout) {
    List<TopicPartition> tps = new ArrayList<>();
    for (String topic : topics) {
      for (PartitionInfo info : c.partitionsFor(topic, timeout)) {
        tps.add(new TopicPartition(topic, info.partition()));
      }
    }
    c.assign(tps);
    return tps;
  }

  /** Whether {@code c} has reached {@code end} on every partition of {@code tps}. */
  static boolean atEnd(KafkaConsumer<?, ?> c, List<TopicPartition> tps, Map<TopicPartition, Long> end) {
    for (TopicPartition tp : tps) {
      if (c.position(tp) < end.get(tp)) {
        return false;
      }
    }
    return true;
  }
}
