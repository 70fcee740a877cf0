package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ObservationEncoder;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.operators.StateObservation;

/**
 * Issue "Keyed streaming operators", item 7 (docs/operators.md, 'Running the operators'): the job runs with Flink's
 * generic types disabled, so no element or state of the ingestion half falls back to Kryo; and the switch is really
 * on — a deliberately generic type in the same kind of environment fails when the job is built.
 */
@Timeout(180)
class GenericTypesDisabledTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK =
      new MiniClusterExtension(
          new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  /** Not a POJO (no no-argument constructor, private final field): Flink can only treat it as a generic type. */
  static final class Opaque {
    private final long tick;

    Opaque(long tick) {
      this.tick = tick;
    }

    long tick() {
      return tick;
    }
  }

  @Test
  void ingestionRunsOnAMiniClusterWithGenericTypesDisabled() throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      kafka.createTopics(2, "gt-obs");
      kafka.createTopics(1, "gt-rej");
      Properties p = kafka.clientProperties();
      p.put("transactional.id", "gt-producer");
      try (KafkaProducer<String, byte[]> producer =
          new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
        producer.initTransactions();
        producer.beginTransaction();
        for (int subject = 0; subject < 4; subject++) {
          for (int tick = 0; tick < 5; tick++) {
            Observation o = Observation.newBuilder().setSubjectId("s" + subject)
                .setEventTime(Instant.ofEpochMilli(tick * 1000L + 10)).setStateLabel(tick % 2 == 0 ? "a" : "b").build();
            producer.send(new ProducerRecord<>("gt-obs", subject % 2, null, new ObservationEncoder().encode(o)));
          }
        }
        producer.send(new ProducerRecord<>("gt-obs", 0, null, new byte[] {1, 2, 3})); // undecodable: rejected path
        producer.commitTransaction();
      }
      JobConfig config = ConfigLoader.parse(String.join("\n",
          "kafka: {bootstrapServers: embedded, inputTopic: gt-obs, rejectedTopic: gt-rej, transactionalIdPrefix: gt,"
              + " groupId: gt}",
          "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 1}",
          "model: {states: [a, b], transition: [[0.9, 0.1], [0.2, 0.8]]}",
          "discretizer: {type: categorical}", ""), Path.of("."));

      StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
      env.setParallelism(2);
      assertThat(JobTypes.genericTypesDisabled(env)).as("the default environment allows Kryo").isFalse();
      env.enableCheckpointing(500, CheckpointingMode.EXACTLY_ONCE);
      IngestStreams streams =
          JobAssembly.builder(config).bootstrapServers(kafka.bootstrapServers()).bounded(true).build(env).ingest();
      assertThat(JobTypes.genericTypesDisabled(env)).isTrue();
      assertThat(streams.observations().getType()).isNotInstanceOf(GenericTypeInfo.class);

      List<StateObservation> out = new ArrayList<>();
      try (CloseableIterator<StateObservation> it = streams.observations().executeAndCollect("generic-types-off")) {
        it.forEachRemaining(out::add);
      }
      out.sort(Comparator.comparing((StateObservation s) -> s.subjectId).thenComparingLong(s -> s.tick));
      assertThat(out).hasSize(20);
      assertThat(out.get(0)).isEqualTo(new StateObservation("s0", 0, 0));
      assertThat(out.get(19)).isEqualTo(new StateObservation("s3", 4, 0));
    }
  }

  @Test
  void aGenericTypeFailsTheJobWhenGenericTypesAreDisabled() {
    StreamExecutionEnvironment env = JobTypes.disableGenericTypes(StreamExecutionEnvironment.getExecutionEnvironment());
    TypeInformation<Opaque> opaque = TypeInformation.of(Opaque.class);
    assertThat(opaque).isInstanceOf(GenericTypeInfo.class);
    env.fromData(new StateObservation("s", 1, 0)).map(o -> new Opaque(o.tick)).returns(opaque)
        .map(Opaque::tick).print();
    assertThatThrownBy(env::execute).hasStackTraceContaining("Generic types have been disabled");
  }
}
