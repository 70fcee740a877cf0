package org.pufferflow.jobs.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(180)
class EmbeddedKafkaTest {

  @Test
  void servesTransactionsOnLoopbackAndShutsDownWithoutLeftovers() throws Exception {
    Set<Long> before = nonDaemonThreadIds();
    Path dir;
    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      dir = kafka.dataDirectory();
      assertThat(dir).isDirectory();
      assertThat(kafka.bootstrapServers()).matches("127\\.0\\.0\\.1:\\d+");
      kafka.createTopics(1, "t");
      kafka.createTopics(1, "t"); // idempotent

      Properties pp = kafka.clientProperties();
      pp.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "test-tx");
      try (KafkaProducer<String, String> p = new KafkaProducer<>(pp, new StringSerializer(), new StringSerializer())) {
        p.initTransactions();
        p.beginTransaction();
        p.send(new ProducerRecord<>("t", "k", "committed"));
        p.commitTransaction();
        p.beginTransaction();
        p.send(new ProducerRecord<>("t", "k", "aborted"));
        p.flush();
        p.abortTransaction();
      }

      Properties cp = kafka.clientProperties();
      cp.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
      List<String> values = new ArrayList<>();
      try (KafkaConsumer<String, String> c = new KafkaConsumer<>(cp, new StringDeserializer(), new StringDeserializer())) {
        TopicPartition tp = new TopicPartition("t", 0);
        c.assign(List.of(tp));
        c.seekToBeginning(List.of(tp));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (c.position(tp) < c.endOffsets(List.of(tp)).get(tp) && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
            values.add(r.value());
          }
        }
      }
      assertThat(values).containsExactly("committed");
    }
    assertThat(Files.exists(dir)).as("data directory deleted").isFalse();
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    Set<String> leftover;
    do {
      leftover = leftoverThreads(before);
      if (leftover.isEmpty()) {
        break;
      }
      Thread.sleep(100);
    } while (System.nanoTime() < deadline);
    assertThat(leftover).as("non-daemon threads left by the broker").isEmpty();
  }

  @Test
  void closeIsIdempotent() {
    EmbeddedKafka kafka = EmbeddedKafka.start();
    kafka.close();
    kafka.close();
    assertThat(Files.exists(kafka.dataDirectory())).isFalse();
  }

  private static Set<Long> nonDaemonThreadIds() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> !t.isDaemon() && t.isAlive())
        .map(Thread::getId)
        .collect(Collectors.toSet());
  }

  private static Set<String> leftoverThreads(Set<Long> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> !t.isDaemon() && t.isAlive() && !before.contains(t.getId()))
        .map(Thread::getName)
        .collect(Collectors.toSet());
  }
}
