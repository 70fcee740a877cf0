package org.pufferflow.jobs.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.pufferflow.jobs.kafka.EmbeddedKafka;

/**
 * Test helper: a real Kafka broker ({@link EmbeddedKafka}) for the tests of one class, with its topics created
 * before the first test and the broker closed after the last. Register it as a static field with
 * {@code @RegisterExtension}.
 */
public final class EmbeddedKafkaExtension implements BeforeAllCallback, AfterAllCallback {
  private final Map<String, Integer> topics = new LinkedHashMap<>();
  private EmbeddedKafka kafka;

  /** A topic of {@code partitions} partitions, created when the broker starts. */
  public EmbeddedKafkaExtension topic(String name, int partitions) {
    topics.put(name, partitions);
    return this;
  }

  public String bootstrapServers() {
    return kafka.bootstrapServers();
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    kafka = EmbeddedKafka.start();
    topics.forEach((name, partitions) -> kafka.createTopics(partitions, name));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (kafka != null) {
      kafka.close();
    }
  }
}
