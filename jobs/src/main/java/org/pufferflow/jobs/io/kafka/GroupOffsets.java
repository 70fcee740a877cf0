package org.pufferflow.jobs.io.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The consumer group's offsets, through an Admin client whose every request answers within a bounded time. Where a
 * Kafka job begins reading, in the one line per topic that {@code run} prints before the job starts (docs/cli.md,
 * 'run'): without state from the group's committed offsets ({@link KafkaInputs#COMMITTED}); with
 * {@code --from-savepoint} from the offsets in the savepoint. And the end offsets a bounded run stops at, which it
 * commits for the group once it finished.
 */
@Internal
public final class GroupOffsets {

  private GroupOffsets() {}

  /**
   * {@code reading topic T as group G from committed offsets (2 partitions: 0→120, 1→earliest)}, or {@code ... as new
   * group G from the earliest offsets}; a broker that does not answer within {@code timeout} is said in the line.
   */
  public static String line(String bootstrapServers, String group, String topic, Duration timeout) {
    long ms = timeout.toMillis();
    try (Admin admin = Admin.create(KafkaPreflight.adminProperties(bootstrapServers, timeout))) {
      Map<TopicPartition, OffsetAndMetadata> all =
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(ms, TimeUnit.MILLISECONDS);
      int partitions = admin.describeTopics(List.of(topic)).allTopicNames()
          .get(ms, TimeUnit.MILLISECONDS).get(topic).partitions().size();
      return line(group, topic, partitions, all);
    } catch (TimeoutException | ExecutionException e) {
      String why = e instanceof TimeoutException ? "no answer within " + timeout.toSeconds() + " s" : cause(e);
      return "reading topic " + topic + " as group " + group + " from its committed offsets (the earliest where it"
          + " has none); could not list them: " + why;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while listing the committed offsets of group " + group, e);
    }
  }

  /** The line of {@code topic} of {@code partitions} partitions, given all the offsets {@code group} committed. */
  static String line(String group, String topic, int partitions, Map<TopicPartition, OffsetAndMetadata> all) {
    Map<Integer, Long> committed = new TreeMap<>();
    all.forEach((tp, o) -> {
      if (o != null && tp.topic().equals(topic)) {
        committed.put(tp.partition(), o.offset());
      }
    });
    if (committed.isEmpty()) {
      return all.isEmpty()
          ? "reading topic " + topic + " as new group " + group + " from the earliest offsets"
          : "reading topic " + topic + " as group " + group + ": no committed offsets, from the earliest offsets";
    }
    StringBuilder s = new StringBuilder("reading topic " + topic + " as group " + group + " from committed offsets ("
        + partitions + (partitions == 1 ? " partition: " : " partitions: "));
    for (int p = 0; p < partitions; p++) {
      Long o = committed.get(p);
      s.append(p == 0 ? "" : ", ").append(p).append('→').append(o == null ? "earliest" : o.toString());
    }
    return s.append(')').toString();
  }

  /** The line of a job restored from {@code savepoint}: its sources resume at the offsets stored there. */
  public static String fromSavepoint(String group, String topic, String savepoint) {
    return "reading topic " + topic + " as group " + group + " from the offsets in the savepoint " + savepoint;
  }

  /**
   * The end offsets of {@code topic} as the job's read-committed source sees them (the last stable offsets); a broker
   * that does not answer within {@code timeout} is one line naming the topic.
   */
  public static Map<TopicPartition, Long> endOffsets(String bootstrapServers, String topic, Duration timeout) {
    long ms = timeout.toMillis();
    try (Admin admin = Admin.create(KafkaPreflight.adminProperties(bootstrapServers, timeout))) {
      int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get(ms, TimeUnit.MILLISECONDS).get(topic)
          .partitions().size();
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
      }
      Map<TopicPartition, Long> ends = new HashMap<>();
      admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
          .get(ms, TimeUnit.MILLISECONDS).forEach((tp, info) -> ends.put(tp, info.offset()));
      return ends;
    } catch (TimeoutException | ExecutionException e) {
      throw new IllegalArgumentException("kafka.bootstrapServers: could not list the end offsets of topic " + topic
          + " at " + bootstrapServers + " within " + timeout.toSeconds() + " s: " + cause(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while listing the end offsets of topic " + topic, e);
    }
  }

  /**
   * Commits {@code offsets} for {@code group} (a group without active members, as the job's source leaves it); null
   * when committed, otherwise why not, in a few words.
   */
  public static String commit(String bootstrapServers, String group, Map<TopicPartition, Long> offsets,
      Duration timeout) {
    Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
    offsets.forEach((tp, o) -> commit.put(tp, new OffsetAndMetadata(o)));
    try (Admin admin = Admin.create(KafkaPreflight.adminProperties(bootstrapServers, timeout))) {
      admin.alterConsumerGroupOffsets(group, commit).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return null;
    } catch (TimeoutException | ExecutionException e) {
      return e instanceof TimeoutException ? "no answer within " + timeout.toSeconds() + " s" : cause(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  private static String cause(Exception e) {
    return e instanceof ExecutionException && e.getCause() != null ? e.getCause().getMessage() : "no answer";
  }
}
