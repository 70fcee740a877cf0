package org.pufferflow.tools.demo;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Produces feed plans round by round, spread evenly over a wall-clock duration, so the job consumes a live stream.
 * Uses an idempotent, non-transactional producer with one in-flight batch order per partition, so every record
 * lands at exactly the offset the plan predicts.
 */
final class DemoFeeder implements Runnable {

  private final String bootstrapServers;
  private final List<FeedPlan> plans;
  private final long durationMillis;
  private final AtomicLong sent = new AtomicLong();
  private volatile Throwable failure;

  DemoFeeder(String bootstrapServers, List<FeedPlan> plans, long durationMillis) {
    this.bootstrapServers = bootstrapServers;
    this.plans = plans;
    this.durationMillis = durationMillis;
  }

  /** Records acknowledged so far. */
  public long sent() {
    return sent.get();
  }

  /** The error that stopped the feed, or null. */
  public Throwable failure() {
    return failure;
  }

  @Override
  public void run() {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
    int rounds = plans.stream().mapToInt(pl -> pl.rounds().size()).max().orElse(0);
    long start = System.nanoTime();
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
      for (int round = 0; round < rounds; round++) {
        for (FeedPlan plan : plans) {
          if (round < plan.rounds().size()) {
            for (FeedPlan.Entry e : plan.rounds().get(round)) {
              producer.send(new ProducerRecord<>(plan.topic(), e.partition(), e.key(), e.value()), (md, ex) -> {
                if (ex != null) {
                  failure = ex;
                } else {
                  sent.incrementAndGet();
                }
              });
            }
          }
        }
        long due = start + (round + 1) * durationMillis * 1_000_000L / Math.max(1, rounds);
        long wait = due - System.nanoTime();
        if (wait > 0) {
          producer.flush();
          Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
        }
        if (failure != null) {
          return;
        }
      }
      producer.flush();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = e;
    } catch (RuntimeException e) {
      failure = e;
    }
  }
}
