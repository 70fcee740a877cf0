package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.kafka.KafkaOutputs;
import org.pufferflow.jobs.testing.ObservationRecords;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;

class KafkaOutputsTest {

  @TempDir Path dir;

  /**
   * An output record carries no timestamp, whatever the element's event time: the broker's time-based retention
   * counts from publication. With the event time (here 1970) as record timestamp, RescalingTest lost committed
   * outputs to the embedded broker's first retention check (30 s after its start).
   */
  @Test
  void outputRecordsCarryThePublicationTimeNotTheEventTime() throws Exception {
    JobConfig config = PipelineRuns.config(dir, "t", "in", "opt");
    KafkaRecordSerializationSchema<DphmmRelease> s =
        KafkaOutputs.recordSerializer(DphmmUnit.RELEASES, DphmmRelease.class, config.kafka());
    DphmmRelease r = new DphmmRelease("s7", 3L, 0L, List.of(0.5), 1.0, "k-norm", 2, 1.0, 1.0);
    ProducerRecord<byte[], byte[]> p = s.serialize(r, new KafkaRecordSerializationSchema.KafkaSinkContext() {
      @Override
      public int getParallelInstanceId() {
        return 0;
      }

      @Override
      public int getNumberOfParallelInstances() {
        return 1;
      }

      @Override
      public int[] getPartitionsForTopic(String topic) {
        return new int[] {0, 1};
      }
    }, 3_999L);
    assertThat(p.timestamp()).isNull();
    assertThat(p.topic()).isEqualTo("dphmm-t");
    assertThat(new String(p.key(), StandardCharsets.UTF_8)).isEqualTo("s7");
    assertThat(p.value()).isEqualTo(ObservationRecords.encode(r));
  }
}
