package org.pufferflow.jobs.io.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** docs/cli.md, 'run': the line saying where a Kafka job without state starts reading a topic. */
class GroupOffsetsTest {

  @Test
  void committedOffsetsPerPartitionAndEarliestWhereTheGroupHasNone() {
    Map<TopicPartition, OffsetAndMetadata> all = Map.of(new TopicPartition("meter-readings", 0),
        new OffsetAndMetadata(120), new TopicPartition("meter-readings", 1), new OffsetAndMetadata(98),
        new TopicPartition("other", 2), new OffsetAndMetadata(7));
    assertThat(GroupOffsets.line("pufferflow", "meter-readings", 3, all)).isEqualTo("reading topic meter-readings as"
        + " group pufferflow from committed offsets (3 partitions: 0→120, 1→98, 2→earliest)");
  }

  @Test
  void aGroupWithoutOffsetsOfTheTopicReadsFromTheEarliest() {
    assertThat(GroupOffsets.line("pufferflow", "meter-readings", 3, Map.of()))
        .isEqualTo("reading topic meter-readings as new group pufferflow from the earliest offsets");
    assertThat(GroupOffsets.line("pufferflow", "meter-readings", 1,
        Map.of(new TopicPartition("other", 0), new OffsetAndMetadata(7)))).isEqualTo("reading topic meter-readings"
        + " as group pufferflow: no committed offsets, from the earliest offsets");
  }
}
