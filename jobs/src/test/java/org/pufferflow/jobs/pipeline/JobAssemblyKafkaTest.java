package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.KeyFiles;
import org.pufferflow.jobs.testing.ObservationRecords;
import org.pufferflow.jobs.testing.ObservationRecords.Keyed;

/**
 * The whole job of one configuration on a real broker and a MiniCluster ({@link JobAssembly}): Kafka in, the three
 * mechanisms plus the fleet histogram, every output on its topic with exactly-once transactions, read back
 * read_committed; a poison observation and a poison opt-out go to the rejected topic and the job goes on.
 */
@Timeout(240)
class JobAssemblyKafkaTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());

  static final int SUBJECTS = 20;
  static final int TICKS = 30;

  @TempDir static Path dir;
  static EmbeddedKafka kafka;
  static JobConfig config;

  @BeforeAll
  static void start() throws Exception {
    kafka = EmbeddedKafka.start();
    config = ConfigLoader.parse(yaml(dir), dir);
    KafkaPreflight.prepare(kafka.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, 2);
  }

  @AfterAll
  static void stop() {
    if (kafka != null) {
      kafka.close();
    }
  }

  static String yaml(Path dir) throws Exception {
    Path key = KeyFiles.write(dir, 5, 7);
    return String.join("\n",
        "kafka: {bootstrapServers: embedded, inputTopic: in, rejectedTopic: rej, optOutTopic: opt}",
        "time: {tickMillis: 1000}",
        "model: {states: [\"off\", \"on\"], transition: [[0.8, 0.2], [0.3, 0.7]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 1000.0}}",
        "mqm: {window: 8, slide: 4, epsilon: 1.0, fleet: true, budget: {total: 1000.0}}",
        "redaction: {alpha: 0.2, beta: 0.3, epsilon: 1.0, holdBackTicks: 40}",
        "noise: {keyFile: " + key.toAbsolutePath() + "}", "");
  }

  @Test
  void everyOutputReachesItsTopicOnceAndPoisonRecordsAreRejected() throws Exception {
    List<Keyed> input = new ArrayList<>();
    for (int t = 0; t < TICKS; t++) {
      for (int s = 0; s < SUBJECTS; s++) {
        Observation o = Observation.newBuilder().setSubjectId("s" + s).setEventTime(java.time.Instant.ofEpochMilli(t * 1000L + 500))
            .setStateLabel((s + t / 3) % 2 == 0 ? "off" : "on").build();
        input.add(new Keyed("s" + s, ObservationRecords.encode(o)));
      }
      if (t % 10 == 0) {
        input.add(new Keyed("poison", new byte[] {(byte) 0xff, 1, 2}));
      }
    }
    ObservationRecords.produce(kafka.bootstrapServers(), "in", input);
    ObservationRecords.produce(kafka.bootstrapServers(), "opt", List.of(
        new Keyed("s0", ObservationRecords.encode(new OptOut("s0", 5L, 8L, java.time.Instant.ofEpochMilli(5_000)))),
        new Keyed("x", new byte[] {9, 9, 9, 9, 9})));

    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(300, CheckpointingMode.EXACTLY_ONCE);
    Assembled a = JobAssembly.builder(config).bootstrapServers(kafka.bootstrapServers()).bounded(true).build(env);
    assertThat(a.outputs()).containsExactly(org.pufferflow.jobs.mechanism.dphmm.DphmmUnit.RELEASES,
        org.pufferflow.jobs.mechanism.mqm.MqmUnit.HISTOGRAMS, org.pufferflow.jobs.mechanism.mqm.MqmUnit.FLEET,
        org.pufferflow.jobs.mechanism.redaction.RedactionUnit.RECORDS, OutputKind.LEDGER_EVENTS,
        OutputKind.REJECTED);
    var result = env.execute("assembly");

    String b = kafka.bootstrapServers();
    List<RejectedObservation> rejected = CommittedRecords.values(b, "rej", RejectedObservation.class);
    assertThat(rejected).hasSize(4).allMatch(r -> r.getReasonCode().equals("UNDECODABLE"));
    assertThat(rejected).filteredOn(r -> r.getSourceTopic().equals("opt")).hasSize(1);
    assertThat(CommittedRecords.values(b, "dphmm-releases", DphmmRelease.class)).hasSize(SUBJECTS * TICKS);
    List<RedactedRecord> redacted = CommittedRecords.values(b, "redacted-records", RedactedRecord.class);
    assertThat(redacted).hasSize(SUBJECTS * TICKS);
    List<WindowHistogram> windows = CommittedRecords.values(b, "mqm-histograms", WindowHistogram.class);
    assertThat(windows).hasSize(SUBJECTS * 6);
    List<FleetHistogram> fleet = CommittedRecords.values(b, "fleet-histograms", FleetHistogram.class);
    assertThat(fleet).hasSize(6);
    assertThat(CommittedRecords.values(b, "ledger-events", LedgerEvent.class)).isEmpty();
    // keyed by subject: one subject's records in one partition
    Map<String, Integer> partitionOf = new HashMap<>();
    for (var r : CommittedRecords.read(b, "dphmm-releases", DphmmRelease.class)) {
      String subject = new String(r.key(), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(partitionOf.putIfAbsent(subject, r.partition())).isIn(null, r.partition());
    }
    // progress counters
    Map<String, Long> c = ProgressCounters.of(result.getAllAccumulatorResults(), a.id(), a.outputs());
    assertThat(c.get(ProgressCounters.READ)).isEqualTo(input.size());
    assertThat(c.get(ProgressCounters.ACCEPTED)).isEqualTo((long) SUBJECTS * TICKS);
    assertThat(c.get(OutputKind.REJECTED.fileStem())).isEqualTo(4);
  }

  @Test
  void aBuilderRefusesConflictingOrMissingSettings() {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    assertThatThrownBy(() -> JobAssembly.builder(config).build(env))
        .hasMessageContaining("bootstrapServers = null: required");
    assertThatThrownBy(() -> JobAssembly.builder(config).bounded(true).boundedAt(
        org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer.latest()))
        .hasMessageContaining("conflicts");
  }
}
