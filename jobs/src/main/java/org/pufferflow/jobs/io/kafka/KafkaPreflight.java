package org.pufferflow.jobs.io.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.ClientDnsLookup;
import org.apache.kafka.clients.ClientUtils;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.jobs.config.KafkaConfig;

/**
 * Checks, before a job is submitted, that the configured Kafka broker answers and that the topics the job reads
 * and writes exist, so that a wrong address or a missing topic reaches the user as one clear line within a bounded
 * time instead of a job that retries forever (docs/cli.md, 'run').
 *
 * <p>{@link #check} uses one admin client, closed before returning, and changes nothing on the broker.
 * {@link #prepare} checks a whole job: broker, topics (creating the missing ones when the configuration says
 * {@code kafka.createTopics: true}) and the record types found on them ({@link RecordTypeCheck}).
 */
@Internal
public final class KafkaPreflight {

  /** How long the broker has to answer. */
  public static final Duration TIMEOUT = Duration.ofSeconds(15);

  private KafkaPreflight() {}

  /**
   * @param topics the topics that must exist, each with the configuration key that names it (key, topic, key,
   *     topic, …)
   * @throws IllegalArgumentException one line naming the configuration key: no broker answered within
   *     {@code timeout}, or a topic does not exist
   */
  public static void check(String bootstrapServers, Duration timeout, List<String> topics) {
    checkAddress(bootstrapServers);
    try (Admin admin = Admin.create(adminProperties(bootstrapServers, timeout))) {
      Set<String> existing = existingTopics(admin, bootstrapServers, timeout);
      for (int i = 0; i + 1 < topics.size(); i += 2) {
        requireTopic(existing, "kafka." + topics.get(i), topics.get(i + 1), bootstrapServers);
      }
    }
  }

  /**
   * Checks everything a job needs of the broker, with one admin client: it answers within {@code timeout}; every
   * topic of {@code plan} exists, or is created ({@code create}) with {@code partitions} partitions; sampled records
   * of every topic are of the topic's record type.
   *
   * @return the topics created
   * @throws IllegalArgumentException one line naming the configuration key
   */
  public static List<String> prepare(String bootstrapServers, Duration timeout, TopicPlan plan, boolean create,
      int partitions) {
    checkAddress(bootstrapServers);
    Map<String, String> byKey = new TreeMap<>(plan.topics());
    List<String> created = new ArrayList<>();
    try (Admin admin = Admin.create(adminProperties(bootstrapServers, timeout))) {
      Set<String> existing = new HashSet<>(existingTopics(admin, bootstrapServers, timeout));
      if (create) {
        List<NewTopic> missing = new ArrayList<>();
        for (String topic : new TreeSet<>(byKey.values())) {
          if (!existing.contains(topic)) {
            // LogAppendTime: records are kept by the time they reached the broker, whatever timestamp their
            // producer set (an old data set's event times would otherwise fall to the time retention at once)
            missing.add(new NewTopic(topic, partitions, (short) -1).configs(
                topic.equals(plan.topics().get(TopicPlan.LEDGER_STORE_KEY)) ? LEDGER_STORE_CONFIG
                    : Map.of("message.timestamp.type", "LogAppendTime")));
            created.add(topic);
          }
        }
        createTopics(admin, bootstrapServers, timeout, missing);
        existing.addAll(created);
      }
      for (var e : byKey.entrySet()) {
        requireTopic(existing, e.getKey(), e.getValue(), bootstrapServers);
      }
      String store = byKey.get(TopicPlan.LEDGER_STORE_KEY);
      if (store != null) {
        requireCompacted(admin, store, bootstrapServers, timeout);
      }
    }
    for (var e : byKey.entrySet()) {
      String why = RecordTypeCheck.check(bootstrapServers, e.getValue(), plan.types().get(e.getKey()), timeout);
      if (why != null) {
        throw new IllegalArgumentException(e.getKey() + ": topic " + e.getValue() + " " + why);
      }
    }
    return created;
  }

  /**
   * Checks, before any client is made, that {@code bootstrapServers} is a comma-separated list of {@code HOST:PORT}
   * of which at least one host resolves (the configuration loader checks the same form): a Kafka client would otherwise
   * fail at construction with a long {@code KafkaException} (docs/cli.md, 'run').
   *
   * @throws InvalidParameterException on {@code kafka.bootstrapServers}, one line: the entry that is not
   *     {@code HOST:PORT}, or that no host resolves
   */
  public static void checkAddress(String bootstrapServers) {
    List<String> urls = new ArrayList<>();
    for (String u : (bootstrapServers == null ? "" : bootstrapServers).split(",")) {
      if (!u.isBlank()) {
        urls.add(u.trim());
      }
    }
    if (urls.isEmpty()) {
      throw badAddress("is empty (give a comma-separated host:port list)");
    }
    for (String u : urls) {
      if (!KafkaConfig.isHostPort(u)) {
        throw badAddress("\"" + u + "\" is not host:port (give a comma-separated host:port list)");
      }
    }
    try {
      ClientUtils.parseAndValidateAddresses(urls, ClientDnsLookup.USE_ALL_DNS_IPS);
    } catch (org.apache.kafka.common.config.ConfigException e) {
      throw badAddress("no host of " + String.join(",", urls) + " resolves (is the host name right?)");
    }
  }

  private static InvalidParameterException badAddress(String reason) {
    return new InvalidParameterException("kafka.bootstrapServers", "kafka.bootstrapServers: " + reason, reason);
  }

  /**
   * The durable ledger's topic keeps the latest entry of every key forever: compaction alone
   * ({@code cleanup.policy=compact}); with {@code delete} too, retention would drop a quiet subject's entry and with
   * it its spend.
   */
  public static final Map<String, String> LEDGER_STORE_CONFIG = Map.of("cleanup.policy", "compact");

  private static void requireCompacted(Admin admin, String topic, String bootstrapServers, Duration timeout) {
    ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    long deadline = System.nanoTime() + timeout.toNanos();
    String policy = null;
    while (policy == null) {
      try {
        Config c = admin.describeConfigs(List.of(r)).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS).get(r);
        ConfigEntry entry = c == null ? null : c.get("cleanup.policy");
        policy = entry == null ? "delete" : entry.value();
      } catch (ExecutionException e) {
        // a topic created a moment ago may not be known to every part of the broker yet: ask again
        if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
          throw new IllegalArgumentException(TopicPlan.LEDGER_STORE_KEY + ": the broker at " + bootstrapServers
              + " did not describe topic " + topic + ": " + e.getCause().getMessage());
        }
        pause();
      } catch (TimeoutException e) {
        throw new IllegalArgumentException(TopicPlan.LEDGER_STORE_KEY + ": the broker at " + bootstrapServers
            + " did not describe topic " + topic + " within " + timeout.toSeconds() + " s");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while checking the ledger topic", e);
      }
    }
    if (!"compact".equals(policy.replace(" ", ""))) {
      throw new IllegalArgumentException(TopicPlan.LEDGER_STORE_KEY + ": topic " + topic + " has cleanup.policy="
          + policy + "; the durable ledger needs cleanup.policy=compact (retention would delete the spend of quiet"
          + " subjects): kafka-configs --alter --entity-type topics --entity-name " + topic
          + " --add-config cleanup.policy=compact");
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while checking the ledger topic", e);
    }
  }

  private static void requireTopic(Set<String> existing, String key, String topic, String bootstrapServers) {
    if (!existing.contains(topic)) {
      throw new IllegalArgumentException(key + ": topic " + topic + " does not exist on the broker at "
          + bootstrapServers + " (create it, or name an existing topic)");
    }
  }

  /** Admin client settings: every request answered or failed within {@code timeout}. */
  static Properties adminProperties(String bootstrapServers, Duration timeout) {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
    p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
    return p;
  }

  /** The broker's topics; no answer within {@code timeout} is the one-line message of {@code bootstrapServers}. */
  private static Set<String> existingTopics(Admin admin, String bootstrapServers, Duration timeout) {
    try {
      admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      String reason = "no Kafka broker answered at " + bootstrapServers + " within " + timeout.toSeconds()
          + " s (is the broker running and the address right?)";
      throw new InvalidParameterException("kafka.bootstrapServers", "kafka.bootstrapServers: " + reason, reason);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while checking the Kafka broker", e);
    }
  }

  private static void createTopics(Admin admin, String bootstrapServers, Duration timeout, List<NewTopic> topics) {
    if (topics.isEmpty()) {
      return;
    }
    try {
      admin.createTopics(topics).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new IllegalArgumentException("kafka.createTopics: the broker at " + bootstrapServers
            + " refused to create " + topics.get(0).name() + ": " + e.getCause().getMessage());
      }
    } catch (TimeoutException e) {
      throw new IllegalArgumentException("kafka.createTopics: the broker at " + bootstrapServers
          + " did not create the topics within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topics", e);
    }
  }
}
