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
 * <p>One admin client, closed before returning; nothing is created or changed on the broker.
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
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
    p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
    try (Admin admin = Admin.create(p)) {
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
}
