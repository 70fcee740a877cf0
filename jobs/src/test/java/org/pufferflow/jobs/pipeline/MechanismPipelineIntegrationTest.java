package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.operators.StateObservation;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * The three keyed mechanisms in one Flink job on a MiniCluster (issue "Keyed streaming operators", item 9;
 * docs/operators.md, 'Running the operators'): a bounded source of 600 subjects with gaps, DPHMM, MQM and
 * redaction all configured from one YAML document and attached by {@link MechanismStreams}, generic types
 * disabled. Checks the exact number of outputs of each kind, byte-identical output (Avro encodings) across two
 * runs, and identical per-subject output at parallelism 1 and 2.
 */
@Timeout(300)
class MechanismPipelineIntegrationTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK =
      new MiniClusterExtension(
          new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  static final int SUBJECTS = 600;
  static final int WINDOW = 8;
  static final int SLIDE = 4;

  @TempDir static Path dir;
  static JobConfig config;

  @BeforeAll
  static void configure() throws IOException {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 32; i++) {
      hex.append(String.format("%02x", 3 * i + 1));
    }
    Path key = dir.resolve("noise.key");
    Files.writeString(key, hex);
    config = ConfigLoader.parse(String.join("\n",
        "kafka: {bootstrapServers: embedded, inputTopic: in, rejectedTopic: rej}",
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 0}",
        "model:",
        "  states: [\"off\", \"on\"]",
        "  transition: [[0.8, 0.2], [0.3, 0.7]]",
        "  query: [[0.0], [1.0]]",
        "discretizer: {type: categorical}",
        "dphmm:",
        "  epsilon: 1.0",
        "  policyGraph: {type: complete}",
        "  budget: {total: 1000.0}",
        "mqm:",
        "  window: " + WINDOW,
        "  slide: " + SLIDE,
        "  epsilon: 1.0",
        "  fleet: true",
        "  budget: {total: 1000.0}",
        "redaction:",
        "  alpha: 0.2",
        "  beta: 0.3",
        "  epsilon: 1.0",
        "  holdBackTicks: 40",
        "noise: {keyFile: " + key.toAbsolutePath() + "}",
        ""), dir);
    assertThat(config.description(DphmmConfig.class)).isNotNull();
    assertThat(config.description(MqmWindowPlan.class)).isNotNull();
    assertThat(config.description(RedactionPlan.class)).isNotNull();
  }

  /** Observed ticks of subject {@code s}: 4 + s mod 17 of them, with gaps for every third subject. */
  static List<StateObservation> input() {
    List<StateObservation> out = new ArrayList<>();
    for (int s = 0; s < SUBJECTS; s++) {
      int n = 4 + s % 17;
      for (int k = 0; k < n; k++) {
        long tick = s % 3 == 0 ? 3L * k + (k > 5 ? 1_000_000_000L : 0) : k;
        out.add(new StateObservation("subject-" + s, tick, (int) ((s * 7L + k * 3L + k / 4) % 2)));
      }
    }
    return out;
  }

  /** Per fleet window "start-end": how many subjects released a histogram of it (from the same schedule). */
  static Map<String, Integer> fleetWindows() {
    Map<String, Integer> windows = new TreeMap<>();
    for (int s = 0; s < SUBJECTS; s++) {
      int n = 4 + s % 17;
      List<Long> ticks = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        ticks.add(s % 3 == 0 ? 3L * k + (k > 5 ? 1_000_000_000L : 0) : k);
      }
      for (int end = WINDOW - 1; end < n; end += SLIDE) {
        windows.merge(ticks.get(end - WINDOW + 1) + "-" + ticks.get(end), 1, Integer::sum);
      }
    }
    return windows;
  }

  static long observations() {
    long total = 0;
    for (int s = 0; s < SUBJECTS; s++) {
      total += 4 + s % 17;
    }
    return total;
  }

  /** Windows of W observed ticks every S: released at the W-th observation and every S after it. */
  static long windows() {
    long total = 0;
    for (int s = 0; s < SUBJECTS; s++) {
      int n = 4 + s % 17;
      total += n >= WINDOW ? 1 + (n - WINDOW) / SLIDE : 0;
    }
    return total;
  }

  /** Runs the job; returns, per "kind subject", the hex Avro encodings of its outputs in arrival order. */
  static Map<String, List<String>> run(int parallelism) throws Exception {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(parallelism);
    DataStream<StateObservation> observations =
        env.fromData(input(), TypeInformation.of(StateObservation.class)).setParallelism(1)
            // as ingestion gives them: the timestamp is the end of the tick (no watermarks until the input ends)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<StateObservation>noWatermarks()
                .withTimestampAssigner((o, previous) -> (o.tick + 1) * 1000L))
            .setParallelism(1);
    MechanismStreams m = MechanismStreams.attach(config,
        observations.keyBy(o -> o.subjectId, Types.STRING), null, "it");
    assertThat(JobTypes.genericTypesDisabled(env)).isTrue();
    DataStream<String> all = m.<DphmmRelease>output(DphmmUnit.RELEASES).map(new Encode<>("dphmm", DphmmRelease::getSubjectId), Types.STRING)
        .union(m.<WindowHistogram>output(MqmUnit.HISTOGRAMS).map(new Encode<>("mqm", WindowHistogram::getSubjectId), Types.STRING),
            m.<RedactedRecord>output(RedactionUnit.RECORDS).map(new Encode<>("redaction", RedactedRecord::getSubjectId), Types.STRING),
            m.ledgerEvents().map(new Encode<>("ledger", LedgerEvent::getSubjectId), Types.STRING),
            m.rejected().map(new Encode<>("rejected", RejectedObservation::getReasonCode), Types.STRING),
            m.<FleetHistogram>output(MqmUnit.FLEET).map(new Encode<>("fleet", f -> f.getWindowStartTick() + "-" + f.getWindowEndTick()
                + "-" + f.getSubjects()), Types.STRING));
    Map<String, List<String>> bySubject = new TreeMap<>();
    try (CloseableIterator<String> it = all.executeAndCollect("mechanisms-it-p" + parallelism)) {
      while (it.hasNext()) {
        String[] line = it.next().split(" ", 3);
        bySubject.computeIfAbsent(line[0] + " " + line[1], k -> new ArrayList<>()).add(line[2]);
      }
    }
    return bySubject;
  }

  /** "kind subject hex(Avro binary encoding)". */
  static final class Encode<T extends SpecificRecordBase> implements MapFunction<T, String> {
    private static final long serialVersionUID = 1L;
    private final String kind;
    private final SubjectOf<T> subject;

    Encode(String kind, SubjectOf<T> subject) {
      this.kind = kind;
      this.subject = subject;
    }

    @Override
    public String map(T record) throws IOException {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
      new SpecificDatumWriter<T>(record.getSchema()).write(record, encoder);
      encoder.flush();
      return kind + " " + subject.of(record) + " " + HexFormat.of().formatHex(bytes.toByteArray());
    }
  }

  interface SubjectOf<T> extends java.io.Serializable {
    String of(T record);
  }

  static long count(Map<String, List<String>> out, String kind) {
    return out.entrySet().stream().filter(e -> e.getKey().startsWith(kind + " "))
        .mapToLong(e -> e.getValue().size()).sum();
  }

  @Test
  void exactCountsByteIdenticalRunsAndTheSameOutputAtParallelismOneAndTwo() throws Exception {
    Map<String, List<String>> first = run(2);
    assertThat(count(first, "dphmm")).as("one DPHMM release per observation").isEqualTo(observations());
    assertThat(count(first, "redaction")).as("one redacted record per observation").isEqualTo(observations());
    assertThat(count(first, "mqm")).as("one histogram per completed window").isEqualTo(windows());
    assertThat(count(first, "ledger")).as("no budget is exhausted").isZero();
    assertThat(count(first, "rejected")).isZero();
    // one fleet histogram per distinct window, counting exactly the subjects that released it
    Map<String, Integer> fleet = new TreeMap<>();
    first.keySet().stream().filter(k -> k.startsWith("fleet ")).forEach(k -> {
      String[] parts = k.substring("fleet ".length()).split("-");
      fleet.put(parts[0] + "-" + parts[1], Integer.parseInt(parts[2]));
    });
    assertThat(fleet).isEqualTo(fleetWindows());
    assertThat(fleet.values().stream().mapToLong(Integer::longValue).sum()).isEqualTo(windows());
    assertThat(first.keySet().stream().filter(k -> k.startsWith("dphmm ")).count()).isEqualTo(SUBJECTS);

    Map<String, List<String>> second = run(2);
    assertThat(second).as("byte-identical output across two runs").isEqualTo(first);

    Map<String, List<String>> serial = run(1);
    assertThat(serial).as("the same per-subject output at parallelism 1 and 2").isEqualTo(first);
  }
}
