package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.operators.StateObservation;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;

/**
 * {@link MechanismStreams#attach} (docs/operators.md, 'Running the operators'): only the enabled mechanisms are
 * attached, under their stable uids with the prefix, with Avro output types, and generic types are turned off.
 */
class MechanismStreamsTest {

  @TempDir Path dir;

  private JobConfig config(String... sections) throws IOException {
    Path key = dir.resolve("k");
    Files.writeString(key, "00".repeat(32));
    return ConfigLoader.parse(String.join("\n",
        "kafka: {bootstrapServers: embedded, inputTopic: in, rejectedTopic: rej}",
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 0}",
        "model: {states: [\"off\", \"on\"], transition: [[0.8, 0.2], [0.3, 0.7]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        String.join("\n", sections),
        "noise: {keyFile: " + key.toAbsolutePath() + "}", ""), dir);
  }

  private static final String DPHMM = "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 10}}";
  private static final String MQM = "mqm: {window: 8, slide: 4, epsilon: 1.0, budget: {total: 10}}";
  private static final String REDACTION = "redaction: {alpha: 0.2, beta: 0.3, epsilon: 1.0, holdBackTicks: 40}";

  private static MechanismStreams attach(JobConfig c, StreamExecutionEnvironment env) {
    DataStream<StateObservation> in =
        env.fromData(List.of(new StateObservation("s", 0, 1)), TypeInformation.of(StateObservation.class));
    return MechanismStreams.attach(c, in.keyBy(o -> o.subjectId, Types.STRING), null, "job7");
  }

  private static String uid(DataStream<?> s) {
    return s.getTransformation().getUid();
  }

  @Test
  void attachesOnlyTheEnabledMechanisms() throws IOException {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    MechanismStreams m = attach(config(MQM), env);
    assertThat(m.<DphmmRelease>output(DphmmUnit.RELEASES)).isNull();
    assertThat(m.<RedactedRecord>output(RedactionUnit.RECORDS)).isNull();
    assertThat(uid(m.<WindowHistogram>output(MqmUnit.HISTOGRAMS))).isEqualTo("job7/mqm-window");
    assertThat(m.<WindowHistogram>output(MqmUnit.HISTOGRAMS).getType()).isEqualTo(TypeInformation.of(WindowHistogram.class));
    assertThat(m.ledgerEvents()).isNotNull();
    assertThat(m.rejected()).isNotNull();
    assertThat(JobTypes.genericTypesDisabled(env)).isTrue();
  }

  @Test
  void allThreeUnderStableUidsWithAvroTypes() throws IOException {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    MechanismStreams m = attach(config(DPHMM, MQM, REDACTION), env);
    assertThat(uid(m.<DphmmRelease>output(DphmmUnit.RELEASES))).isEqualTo("job7/dphmm-release");
    assertThat(uid(m.<WindowHistogram>output(MqmUnit.HISTOGRAMS))).isEqualTo("job7/mqm-window");
    assertThat(uid(m.<RedactedRecord>output(RedactionUnit.RECORDS))).isEqualTo("job7/redaction");
    assertThat(m.<DphmmRelease>output(DphmmUnit.RELEASES).getType()).isEqualTo(TypeInformation.of(DphmmRelease.class));
    assertThat(m.<RedactedRecord>output(RedactionUnit.RECORDS).getType()).isEqualTo(TypeInformation.of(RedactedRecord.class));
    for (DataStream<?> s : List.of(m.<DphmmRelease>output(DphmmUnit.RELEASES), m.<WindowHistogram>output(MqmUnit.HISTOGRAMS), m.<RedactedRecord>output(RedactionUnit.RECORDS), m.ledgerEvents(), m.rejected())) {
      assertThat(s.getType()).isNotInstanceOf(GenericTypeInfo.class);
    }
  }

  @Test
  void noMechanismNoStreams() throws IOException {
    MechanismStreams m = attach(config(), StreamExecutionEnvironment.getExecutionEnvironment());
    assertThat(m.<DphmmRelease>output(DphmmUnit.RELEASES)).isNull();
    assertThat(m.<WindowHistogram>output(MqmUnit.HISTOGRAMS)).isNull();
    assertThat(m.<RedactedRecord>output(RedactionUnit.RECORDS)).isNull();
    assertThat(m.ledgerEvents()).isNull();
    assertThat(m.rejected()).isNull();
  }
}
