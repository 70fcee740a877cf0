package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ObservationEncoder;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.AvroTopicReader;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.operators.StateObservation;

/**
 * The ingestion half end to end: a real KRaft broker in the JVM, three inputs (bins, categorical, grid
 * discretizers) with valid records and every reason code, one Flink job on a MiniCluster with 2 slots, exactly-once
 * sinks. Asserts the exact committed contents of the rejected topics and the exact accepted observations.
 */
@Timeout(180)
class IngestPipelineIntegrationTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK =
      new MiniClusterExtension(
          new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  private static EmbeddedKafka kafka;

  @BeforeAll
  static void startKafka() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(2, "obs-bins");
    kafka.createTopics(1, "obs-cat", "obs-grid", "rej-bins", "rej-cat", "rej-grid");
  }

  @AfterAll
  static void stopKafka() {
    if (kafka != null) {
      kafka.close();
    }
  }

  private static JobConfig config(String input, String rejected, String states, String transition, String discretizer) {
    String yaml = String.join("\n",
        "kafka:",
        "  bootstrapServers: embedded",
        "  inputTopic: " + input,
        "  rejectedTopic: " + rejected,
        "  transactionalIdPrefix: it-" + input,
        "  groupId: it-" + input,
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 2}",
        "model:",
        "  states: " + states,
        "  transition: " + transition,
        "discretizer: " + discretizer,
        "");
    return ConfigLoader.parse(yaml, Path.of("."));
  }

  static byte[] encode(Observation o) {
    return new ObservationEncoder().encode(o);
  }

  private static Observation.Builder obs(String subject, Long time) {
    return Observation.newBuilder().setSubjectId(subject).setEventTime(time == null ? null : Instant.ofEpochMilli(time));
  }

  private static byte[] reading(String subject, Long time, Double reading) {
    return encode(obs(subject, time).setReading(reading).build());
  }

  /** What was produced, by "topic-partition@offset". */
  private static final Map<String, byte[]> PRODUCED = new java.util.HashMap<>();

  /** Produces the records in order, in one transaction, each to the given partition. */
  private static void produce(String topic, int partition, List<byte[]> values) {
    for (int i = 0; i < values.size(); i++) {
      PRODUCED.put(topic + "-" + partition + "@" + i, values.get(i) == null ? new byte[0] : values.get(i));
    }
    Properties p = kafka.clientProperties();
    p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "it-producer-" + topic + "-" + partition);
    try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
      producer.initTransactions();
      producer.beginTransaction();
      for (byte[] v : values) {
        producer.send(new ProducerRecord<>(topic, partition, null, v));
      }
      producer.commitTransaction();
    }
  }

  private static final byte[] GARBAGE = "\u0000garbage\u00ff".getBytes(StandardCharsets.UTF_8);

  @Test
  void rejectsEachInvalidRecordWithItsReasonAndEmitsTheRestInTickOrder() throws Exception {
    long started = System.nanoTime();
    // bins, partition 0: subject m1, ordering cases; thresholds [0.2, 1.0] in [0, 50]
    produce("obs-bins", 0, List.of(
        reading("m1", 500L, 0.1),            // 0: tick 0 -> 0
        reading("m1", 1500L, 0.5),           // 1: tick 1 -> 1
        reading("m1", 3500L, 2.0),           // 2: tick 3 -> 2
        reading("m1", 2500L, 0.3),           // 3: tick 2 -> 1, out of order within the lateness
        reading("m1", 3700L, 0.0),           // 4: DUPLICATE_TICK (tick 3 buffered)
        reading("m1", 6500L, 0.05),          // 5: tick 6 -> 0 (gap of 3)
        reading("m1", 3900L, 0.6),           // 6: TOO_LATE (3 < 6 - 2)
        GARBAGE,                             // 7: UNDECODABLE
        reading("m1", 7500L, Double.NaN),    // 8: READING_NOT_FINITE
        reading("m1", 7600L, 99.0),          // 9: READING_OUT_OF_RANGE
        reading("m1", 7700L, null),          // 10: MISSING_VALUE
        reading("m1", 7800L, 0.7)));         // 11: tick 7 -> 1
    // bins, partition 1: subject m2 and stateless rejections; event times behind partition 0's
    produce("obs-bins", 1, java.util.Arrays.asList(
        reading("m2", 200L, 1.5),            // 0: tick 0 -> 2
        reading(null, 300L, 0.1),            // 1: MISSING_SUBJECT
        reading("m2", null, 0.1),            // 2: MISSING_TIME
        reading("m2", -5L, 0.1),             // 3: NEGATIVE_TIME
        reading("m2", 1200L, 0.2),           // 4: tick 1 -> 1
        reading("m2", 1300L, 0.3),           // 5: DUPLICATE_TICK
        reading("", 1400L, 0.3),             // 6: MISSING_SUBJECT (empty)
        reading("m2", 2400L, 50.0),          // 7: tick 2 -> 2 (max edge of the range)
        null,                                // 8: UNDECODABLE (no value)
        // 9: UNDECODABLE, a malformed line as `feed` sends it: worded as CSV (docs/configuration.md,
        // 'Observations from CSV')
        "m2,notatime,0.5".getBytes(StandardCharsets.UTF_8)));
    produce("obs-cat", 0, List.of(
        encode(obs("c1", 0L).setStateLabel("home").build()),      // 0: tick 0 -> 1
        encode(obs("c1", 1000L).setStateLabel("HOME").build()),   // 1: UNKNOWN_LABEL
        encode(obs("c1", 2000L).build()),                         // 2: MISSING_VALUE
        encode(obs("c1", 2000L).setStateLabel("busy").build()))); // 3: tick 2 -> 2
    produce("obs-grid", 0, List.of(
        encode(obs("g1", 0L).setLat(40.5).setLon(10.5).build()),  // 0: tick 0 -> cell 0
        encode(obs("g1", 1000L).setLat(95.0).setLon(10.0).build()), // 1: LATLON_OUT_OF_RANGE
        encode(obs("g1", 1000L).setLat(41.5).setLon(14.0).build()), // 2: OUTSIDE_GRID
        encode(obs("g1", 1000L).setLat(41.5).setLon(12.5).build()), // 3: tick 1 -> cell 5
        encode(obs("g1", 2000L).setLat(41.0).build())));            // 4: MISSING_VALUE

    String m3 = "[[0.8,0.15,0.05],[0.1,0.8,0.1],[0.05,0.25,0.7]]";
    JobConfig bins = config("obs-bins", "rej-bins", "[away, home, busy]", m3,
        "{type: bins, thresholds: [0.2, 1.0], min: 0.0, max: 50.0}");
    JobConfig cat = config("obs-cat", "rej-cat", "[away, home, busy]", m3, "{type: categorical}");
    JobConfig grid = config("obs-grid", "rej-grid", "[a, b, c, d, e, f]",
        "[[1,0,0,0,0,0],[0,1,0,0,0,0],[0,0,1,0,0,0],[0,0,0,1,0,0],[0,0,0,0,1,0],[0,0,0,0,0,1]]",
        "{type: grid, minLat: 40, maxLat: 42, minLon: 10, maxLon: 13, rows: 2, cols: 3}");

    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(500, CheckpointingMode.EXACTLY_ONCE);
    DataStream<StateObservation> accepted = null;
    for (JobConfig c : List.of(bins, cat, grid)) {
      IngestStreams streams = JobAssembly.builder(c).bootstrapServers(kafka.bootstrapServers()).bounded(true)
          .id(c.kafka().inputTopic()).build(env).ingest();
      accepted = accepted == null ? streams.observations() : accepted.union(streams.observations());
    }
    List<StateObservation> out = new ArrayList<>();
    try (CloseableIterator<StateObservation> it = accepted.executeAndCollect("ingestion-it")) {
      it.forEachRemaining(out::add);
    }
    out.sort(Comparator.comparing((StateObservation s) -> s.subjectId).thenComparingLong(s -> s.tick));
    assertThat(out).containsExactly(
        new StateObservation("c1", 0, 1), new StateObservation("c1", 2, 2),
        new StateObservation("g1", 0, 0), new StateObservation("g1", 1, 5),
        new StateObservation("m1", 0, 0), new StateObservation("m1", 1, 1), new StateObservation("m1", 2, 1),
        new StateObservation("m1", 3, 2), new StateObservation("m1", 6, 0), new StateObservation("m1", 7, 1),
        new StateObservation("m2", 0, 2), new StateObservation("m2", 1, 1), new StateObservation("m2", 2, 2));

    List<String> rejected = new ArrayList<>();
    Map<String, Integer> reasons = new TreeMap<>();
    for (String topic : List.of("rej-bins", "rej-cat", "rej-grid")) {
      List<RejectedObservation> rs = AvroTopicReader.readAll(kafka.bootstrapServers(), topic,
          RejectedObservation.class, 0, Duration.ofSeconds(60));
      rs.sort(Comparator.comparing((RejectedObservation r) -> r.getSourcePartition()).thenComparingLong(r -> r.getSourceOffset()));
      for (RejectedObservation r : rs) {
        rejected.add(describe(r));
        byte[] raw = new byte[r.getRawPayload().remaining()];
        r.getRawPayload().duplicate().get(raw);
        assertThat(raw).as("raw payload of %s", describe(r))
            .isEqualTo(PRODUCED.get(r.getSourceTopic() + "-" + r.getSourcePartition() + "@" + r.getSourceOffset()));
        reasons.merge(r.getReasonCode(), 1, Integer::sum);
      }
    }
    assertThat(rejected).containsExactly(
        "obs-bins-0@4 DUPLICATE_TICK: tick 3: the subject already has a record for this tick",
        "obs-bins-0@6 TOO_LATE: tick 3: more than 2 tick(s) behind the subject's newest tick 6",
        "obs-bins-0@7 UNDECODABLE: not an Avro Observation (10 bytes): ArrayIndexOutOfBoundsException",
        "obs-bins-0@8 READING_NOT_FINITE: reading = NaN: must be finite",
        "obs-bins-0@9 READING_OUT_OF_RANGE: reading = 99.0: outside the configured range [0.0, 50.0]",
        "obs-bins-0@10 MISSING_VALUE: reading is missing (bins discretizer)",
        "obs-bins-1@1 MISSING_SUBJECT: subjectId is missing",
        "obs-bins-1@2 MISSING_TIME: eventTime is missing",
        "obs-bins-1@3 NEGATIVE_TIME: eventTime = -5: must be >= 0",
        "obs-bins-1@5 DUPLICATE_TICK: tick 1: the subject already has a record for this tick",
        "obs-bins-1@6 MISSING_SUBJECT: subjectId is empty",
        "obs-bins-1@8 UNDECODABLE: the record has no value (null payload)",
        "obs-bins-1@9 UNDECODABLE: not an Avro Observation; as a CSV line, field time: 'notatime' is not a whole"
            + " number (expected epoch milliseconds, a base-10 integer)",
        "obs-cat-0@1 UNKNOWN_LABEL: stateLabel = \"HOME\": not one of [away, home, busy]",
        "obs-cat-0@2 MISSING_VALUE: stateLabel is missing (categorical discretizer)",
        "obs-grid-0@1 LATLON_OUT_OF_RANGE: (lat, lon) = (95.0, 10.0): lat must lie in [-90, 90] and lon in [-180, 180]",
        "obs-grid-0@2 OUTSIDE_GRID: (lat, lon) = (41.5, 14.0): outside the grid [40.0, 42.0] x [10.0, 13.0]",
        "obs-grid-0@4 MISSING_VALUE: (lat, lon) = (41.0, null): lat and lon are both required (grid discretizer)");
    for (ReasonCode r : ReasonCode.values()) {
      if (r == ReasonCode.OPT_OUT_TOO_LATE || r == ReasonCode.OPT_OUT_REFUSED || r == ReasonCode.ALREADY_RELEASED) {
        continue; // the mechanism functions' codes, not ingestion's
      }
      assertThat(reasons).as("every ingestion reason code occurs").containsKey(r.name());
    }
    System.err.printf("IngestPipelineIntegrationTest: %d accepted, %d rejected, %.1f s%n", out.size(), rejected.size(),
        (System.nanoTime() - started) / 1e9);
  }


  private static String describe(RejectedObservation r) {
    return r.getSourceTopic() + "-" + r.getSourcePartition() + "@" + r.getSourceOffset() + " " + r.getReasonCode()
        + ": " + r.getMessage();
  }
}
