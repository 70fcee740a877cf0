package org.pufferflow.jobs.pipeline;

import java.util.Collection;
import java.util.Map;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * The starting offsets of a bounded Kafka source: each partition's beginning offset, resolved to a number by the
 * source's enumerator. {@link OffsetsInitializer#earliest()} instead hands the readers a sentinel that each reader
 * resolves itself, and a reader that meets the split's stopping offset before its own position lookup has settled
 * marks the split empty: about one bounded run in ten on a fresh topic then read nothing at all (seen with
 * {@code run --bounded}; the reader logs "These assigning splits are empty"). With numbers on both ends the reader
 * has nothing to resolve.
 */
final class ResolvedEarliest implements OffsetsInitializer {
  private static final long serialVersionUID = 1L;

  @Override
  public Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions,
      PartitionOffsetsRetriever retriever) {
    return retriever.beginningOffsets(partitions);
  }

  @Override
  public OffsetResetStrategy getAutoOffsetResetStrategy() {
    return OffsetResetStrategy.EARLIEST;
  }
}
