package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * Kafka connection and topic names (config section {@code kafka}). {@code bootstrapServers} is either a
 * {@code host:port[,host:port...]} list or {@value #EMBEDDED}, which starts the in-JVM KRaft broker.
 */
public record KafkaConfig(
    String bootstrapServers,
    String inputTopic,
    String rejectedTopic,
    String dphmmTopic,
    String mqmTopic,
    String redactedTopic,
    String ledgerTopic,
    String optOutTopic,
    String transactionalIdPrefix,
    String groupId)
    implements Serializable {

  /** The value of {@code bootstrapServers} that asks for the embedded broker. */
  public static final String EMBEDDED = "embedded";

  /** True when the job should start the embedded broker. */
  public boolean embedded() {
    return EMBEDDED.equals(bootstrapServers);
  }
}
