package org.pufferflow.jobs.config;

import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Kafka connection and topic names (config section {@code kafka}). {@code bootstrapServers} is either a
 * {@code host:port[,host:port...]} list or {@value #EMBEDDED}, which starts the in-JVM KRaft broker.
 * {@code createTopics}: {@code run} creates the job's topics that do not exist yet (otherwise a missing topic stops
 * it at start, exit 2).
 */
@PublicEvolving
public record KafkaConfig(
    String bootstrapServers,
    String inputTopic,
    String rejectedTopic,
    String dphmmTopic,
    String mqmTopic,
    String redactedTopic,
    String ledgerTopic,
    String optOutTopic,
    String fleetTopic,
    String transactionalIdPrefix,
    String groupId,
    boolean createTopics)
    implements Serializable {

  /** The value of {@code bootstrapServers} that asks for the embedded broker. */
  public static final String EMBEDDED = "embedded";

  /** True when the job should start the embedded broker. */
  public boolean embedded() {
    return EMBEDDED.equals(bootstrapServers);
  }
}
