package org.pufferflow.jobs.cli;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.kafka.common.TopicPartition;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.kafka.GroupOffsets;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.pipeline.JobAssembly;

/**
 * A local {@code run --bounded} started without state (docs/cli.md, 'run'): it reads from the group's committed
 * offsets up to the end offsets listed here when it starts, and commits those end offsets for the group once the job
 * finished. The source commits offsets with its checkpoints too, but the commit of the final checkpoint is
 * asynchronous and may not reach the broker before the finished source closes its consumer, so the next run would
 * read part of the input again.
 */
@Internal
final class BoundedRead {

  private final String bootstrapServers;
  private final String group;
  private final Map<TopicPartition, Long> input;
  private final Map<TopicPartition, Long> optOuts;

  private BoundedRead(String bootstrapServers, String group, Map<TopicPartition, Long> input,
      Map<TopicPartition, Long> optOuts) {
    this.bootstrapServers = bootstrapServers;
    this.group = group;
    this.input = input;
    this.optOuts = optOuts;
  }

  /** The end offsets of the job's Kafka input topics now (the opt-out topic's with redaction). */
  static BoundedRead atEndOffsets(JobConfig job, String bootstrapServers) {
    KafkaConfig kafka = job.kafka();
    Map<TopicPartition, Long> in = GroupOffsets.endOffsets(bootstrapServers, kafka.inputTopic(),
        KafkaPreflight.TIMEOUT);
    Map<TopicPartition, Long> opt = !job.readsOptOuts() ? Map.of()
        : GroupOffsets.endOffsets(bootstrapServers, kafka.optOutTopic(), KafkaPreflight.TIMEOUT);
    return new BoundedRead(bootstrapServers, kafka.groupId(), in, opt);
  }

  /** Bounds the job's sources at these end offsets. */
  void bound(JobAssembly.Builder b) {
    b.boundedAt(OffsetsInitializer.offsets(input),
        optOuts.isEmpty() ? OffsetsInitializer.latest() : OffsetsInitializer.offsets(optOuts));
  }

  /** The job finished: every record before the end offsets was read; commits them, or says in one line why not. */
  void commit(PrintStream err) {
    Map<TopicPartition, Long> all = new HashMap<>(input);
    all.putAll(optOuts);
    String problem = GroupOffsets.commit(bootstrapServers, group, all, KafkaPreflight.TIMEOUT);
    if (problem != null) {
      err.println("warning: could not commit the offsets read for group " + group + " (" + problem + "); the next"
          + " run without state reads these records again");
    }
  }
}
