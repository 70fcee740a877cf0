package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.io.OutputKind;

/**
 * Kafka connection and topic names (config section {@code kafka}). {@code bootstrapServers} is either a
 * {@code host:port[,host:port...]} list or {@value #EMBEDDED}, which starts the in-JVM KRaft broker.
 * {@code createTopics}: {@code run} creates the job's topics that do not exist yet (otherwise a missing topic stops
 * it at start, exit 2). {@code ledgerStoreTopic} is the deployment's durable privacy ledger, a compacted topic
 * (docs/privacy-noise.md, 'The durable ledger'). {@code outputTopics} maps each output's topic key inside the
 * section ({@link OutputKind#topicName()}, e.g. {@code dphmmTopic}) to its topic; an output absent from it has its
 * default topic.
 */
@PublicEvolving
public record KafkaConfig(
    String bootstrapServers,
    String inputTopic,
    String optOutTopic,
    Map<String, String> outputTopics,
    String ledgerStoreTopic,
    String transactionalIdPrefix,
    String groupId,
    boolean createTopics)
    implements Serializable {

  /** The value of {@code bootstrapServers} that asks for the embedded broker. */
  public static final String EMBEDDED = "embedded";

  /** One broker address: a host name, IPv4 or bracketed IPv6 address, a colon and a port. */
  private static final Pattern HOST_PORT = Pattern.compile("(?:\\[[0-9a-fA-F:.]+\\]|[^\\s:,\\[\\]]+):(\\d{1,5})");

  /**
   * Whether {@code server} (one entry of a {@code bootstrapServers} list, trimmed) is {@code host:port} with a port in
   * [1, 65535]: the one rule the configuration and the broker preflight apply before any Kafka client is made.
   */
  public static boolean isHostPort(String server) {
    Matcher m = HOST_PORT.matcher(server);
    if (!m.matches()) {
      return false;
    }
    int port = Integer.parseInt(m.group(1));
    return port >= 1 && port <= 65535;
  }

  public KafkaConfig {
    outputTopics = Map.copyOf(outputTopics);
  }

  /** The topic of {@code output}: the one the section names, else the output's default. */
  public String topic(OutputKind output) {
    return outputTopics.getOrDefault(output.topicName(), output.defaultTopic());
  }

  /** The dead-letter topic. */
  public String rejectedTopic() {
    return topic(OutputKind.REJECTED);
  }

  /** The topic of ledger events. */
  public String ledgerTopic() {
    return topic(OutputKind.LEDGER_EVENTS);
  }

  /** This configuration with another {@code ledgerStoreTopic} (benchmarks: a fresh deployment per run). */
  public KafkaConfig withLedgerStoreTopic(String topic) {
    return new KafkaConfig(bootstrapServers, inputTopic, optOutTopic, outputTopics, topic, transactionalIdPrefix,
        groupId, createTopics);
  }

  /** True when the job should start the embedded broker. */
  public boolean embedded() {
    return EMBEDDED.equals(bootstrapServers);
  }
}
