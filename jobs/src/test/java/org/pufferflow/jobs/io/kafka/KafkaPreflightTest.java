package org.pufferflow.jobs.io.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.kafka.EmbeddedKafka;

/**
 * An unreachable broker or a missing topic reaches the user as one line naming the configuration key, in bounded
 * time (docs/cli.md, 'run'), checked against nothing listening on a loopback port and against a real embedded broker.
 */
class KafkaPreflightTest {

  @Test
  void anUnreachableBrokerIsOneLineWithinTheTimeout() {
    long start = System.nanoTime();
    assertThatThrownBy(() -> KafkaPreflight.check("127.0.0.1:1", Duration.ofSeconds(3), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kafka.bootstrapServers: no Kafka broker answered at 127.0.0.1:1 within 3 s (is the broker"
            + " running and the address right?)");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
  }

  @Test
  void aMissingTopicIsNamedByItsKeyAndExistingTopicsPass() throws Exception {
    try (EmbeddedKafka broker = EmbeddedKafka.start()) {
      broker.createTopics(1, "present");
      KafkaPreflight.check(broker.bootstrapServers(), Duration.ofSeconds(20), List.of("inputTopic", "present"));
      assertThatThrownBy(() -> KafkaPreflight.check(broker.bootstrapServers(), Duration.ofSeconds(20),
          List.of("inputTopic", "present", "rejectedTopic", "absent")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("kafka.rejectedTopic: topic absent does not exist on the broker at ");
    }
  }

  /**
   * Topics the job creates keep records by the time they reached the broker: an old data set's event times, set as
   * record timestamps by some producer, must not fall to the time retention (docs/configuration.md, 'Kafka record
   * timestamps').
   */
  @Test
  void createdTopicsUseLogAppendTime() throws Exception {
    try (EmbeddedKafka broker = EmbeddedKafka.start()) {
      TopicPlan plan = new TopicPlan(java.util.Map.of("kafka.inputTopic", "made"),
          java.util.Map.of("kafka.inputTopic", org.pufferflow.avro.Observation.class));
      assertThat(KafkaPreflight.prepare(broker.bootstrapServers(), Duration.ofSeconds(20), plan, true, 2))
          .containsExactly("made");
      var resource = new org.apache.kafka.common.config.ConfigResource(
          org.apache.kafka.common.config.ConfigResource.Type.TOPIC, "made");
      var config = broker.admin().describeConfigs(List.of(resource)).all().get().get(resource);
      assertThat(config.get("message.timestamp.type").value()).isEqualTo("LogAppendTime");
      assertThat(KafkaPreflight.prepare(broker.bootstrapServers(), Duration.ofSeconds(20), plan, true, 2)).isEmpty();
    }
  }
}
