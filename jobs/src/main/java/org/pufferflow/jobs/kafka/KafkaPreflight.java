package org.pufferflow.jobs.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * Checks, before a job is submitted, that the configured Kafka broker answers and that the topics the job reads
 * and writes exist, so that a wrong address or a missing topic reaches the user as one clear line within a bounded
 * time instead of a job that retries forever (docs/cli.md, 'run').
 *
 * <p>{@link #check} uses one admin client, closed before returning, and changes nothing on the broker.
 * {@link #prepare} checks a whole job: broker, topics (creating the missing ones when the configuration says
 * {@code kafka.createTopics: true}) and the record types found on them ({@link RecordTypeCheck}).
 */
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
    try (Admin admin = Admin.create(adminProperties(bootstrapServers, timeout))) {
      Set<String> existing;
      try {
        admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        existing = admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        throw new IllegalArgumentException("kafka.bootstrapServers: no Kafka broker answered at " + bootstrapServers
            + " within " + timeout.toSeconds() + " s (is the broker running and the address right?)");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while checking the Kafka broker", e);
      }
      for (int i = 0; i + 1 < topics.size(); i += 2) {
        if (!existing.contains(topics.get(i + 1))) {
          throw new IllegalArgumentException("kafka." + topics.get(i) + ": topic " + topics.get(i + 1)
              + " does not exist on the broker at " + bootstrapServers + " (create it, or name an existing topic)");
        }
      }
    }
  }

  /**
   * Checks everything a job needs of the broker: it answers within {@code timeout}; every topic of {@code plan}
   * exists, or is created ({@code create}) with {@code partitions} partitions; sampled records of every topic are of
   * the topic's record type.
   *
   * @return the topics created
   * @throws IllegalArgumentException one line naming the configuration key
   */
  public static List<String> prepare(String bootstrapServers, Duration timeout, TopicPlan plan, boolean create,
      int partitions) {
    List<String> keysAndTopics = new java.util.ArrayList<>();
    List<String> created = new java.util.ArrayList<>();
    if (create) {
      check(bootstrapServers, timeout, List.of());
      Set<String> existing = existingTopics(bootstrapServers, timeout);
      List<org.apache.kafka.clients.admin.NewTopic> missing = new java.util.ArrayList<>();
      for (String topic : new java.util.TreeSet<>(plan.topics().values())) {
        if (!existing.contains(topic)) {
          // LogAppendTime: records are kept by the time they reached the broker, whatever timestamp their producer
          // set (an old data set's event times would otherwise fall to the time retention at once)
          missing.add(new org.apache.kafka.clients.admin.NewTopic(topic, partitions, (short) -1)
              .configs(java.util.Map.of("message.timestamp.type", "LogAppendTime")));
          created.add(topic);
        }
      }
      createTopics(bootstrapServers, timeout, missing);
    }
    for (var e : new java.util.TreeMap<>(plan.topics()).entrySet()) {
      keysAndTopics.add(e.getKey().substring("kafka.".length()));
      keysAndTopics.add(e.getValue());
    }
    check(bootstrapServers, timeout, keysAndTopics);
    for (var e : new java.util.TreeMap<>(plan.topics()).entrySet()) {
      String why = RecordTypeCheck.check(bootstrapServers, e.getValue(), plan.types().get(e.getKey()), timeout);
      if (why != null) {
        throw new IllegalArgumentException(e.getKey() + ": topic " + e.getValue() + " " + why);
      }
    }
    return created;
  }

  private static Properties adminProperties(String bootstrapServers, Duration timeout) {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
    p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
    return p;
  }

  private static Set<String> existingTopics(String bootstrapServers, Duration timeout) {
    try (Admin admin = Admin.create(adminProperties(bootstrapServers, timeout))) {
      return admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      throw new IllegalArgumentException("kafka.bootstrapServers: the broker at " + bootstrapServers
          + " did not list its topics within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while checking the Kafka broker", e);
    }
  }

  private static void createTopics(String bootstrapServers, Duration timeout,
      List<org.apache.kafka.clients.admin.NewTopic> topics) {
    if (topics.isEmpty()) {
      return;
    }
    try (Admin admin = Admin.create(adminProperties(bootstrapServers, timeout))) {
      admin.createTopics(topics).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
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
