package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.operators.NoiseKeySource;

/**
 * The redaction function in a real Flink job (local MiniCluster, parallelism 2) with generic types disabled, so any
 * Kryo fallback in its inputs, output, side output or keyed state fails the job (docs/operators.md, 'Redaction
 * function'); the bounded input ends with the +∞ watermark, which drains every buffer.
 */
class RedactionFunctionJobTest {

  @TempDir Path dir;

  @Test
  void runsWithoutGenericTypesAndDrainsEveryBufferAtTheEndOfABoundedInput() throws Exception {
    Path keyFile = dir.resolve("noise.key");
    Files.writeString(keyFile, "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
    NoiseKeySource key = NoiseKeySource.file(keyFile.toAbsolutePath().toString());
    List<StateObservation> observations = new ArrayList<>();
    List<OptOut> optOuts = new ArrayList<>();
    for (int s = 0; s < 50; s++) {
      String subject = "s" + s;
      for (long t = 0; t < 40; t++) {
        if ((t + s) % 9 != 4) {
          observations.add(new StateObservation(subject, t, RedactionFunctionTest.state(subject, t)));
        }
      }
      optOuts.add(new OptOut(subject, 5L, 5L, null)); // honoured or too late, depending on arrival order
      optOuts.add(new OptOut(subject, 1000L, 1002L, null));
    }
    Configuration conf = new Configuration();
    conf.set(PipelineOptions.GENERIC_TYPES, false);
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.setParallelism(2);
    DataStream<StateObservation> in1 = env.fromData(observations, TypeInformation.of(StateObservation.class));
    DataStream<OptOut> in2 = env.fromData(optOuts, TypeInformation.of(OptOut.class));
    SingleOutputStreamOperator<RedactedRecord> out = in1.connect(in2)
        .keyBy(o -> o.subjectId, o -> o.getSubjectId())
        .process(new RedactionFunction(RedactionFunctionTest.SPEC, key, RedactionFunctionTest.CLOCK,
            OptOutPreload.NONE, false),
            TypeInformation.of(RedactedRecord.class));
    CloseableIterator<RedactedRecord> records = out.collectAsync();
    CloseableIterator<RejectedObservation> rejected = out.getSideOutput(MechanismOutputs.REJECTED).collectAsync();
    env.execute("redaction-job-test");

    Map<String, List<RedactedRecord>> bySubject = new HashMap<>();
    records.forEachRemaining(r -> bySubject.computeIfAbsent(r.getSubjectId(), k -> new ArrayList<>()).add(r));
    Set<String> tooLate = new HashSet<>();
    rejected.forEachRemaining(r -> {
      assertThat(r.getReasonCode()).isEqualTo("OPT_OUT_TOO_LATE");
      tooLate.add(OptOutSubject.of(r));
    });
    records.close();
    rejected.close();
    int total = 0;
    for (int s = 0; s < 50; s++) {
      String subject = "s" + s;
      List<RedactedRecord> got = bySubject.get(subject);
      List<Long> expectedTicks = new ArrayList<>();
      for (StateObservation o : observations) {
        if (o.subjectId.equals(subject)) {
          expectedTicks.add(o.tick);
        }
      }
      assertThat(got).extracting(RedactedRecord::getTick).containsExactlyElementsOf(expectedTicks);
      total += got.size();
      for (RedactedRecord r : got) {
        if (r.getValue() != null) {
          assertThat(r.getValue()).isEqualTo(RedactionFunctionTest.state(subject, r.getTick()));
        }
        if (r.getTick() == 5 && !tooLate.contains(subject)) {
          assertThat(r.getValue()).as("%s: an honoured opt-out redacts tick 5", subject).isNull();
        }
      }
    }
    assertThat(total).isEqualTo(observations.size());
  }

  /** The subject of a rejected opt-out, from its Avro payload. */
  private static final class OptOutSubject {
    static String of(RejectedObservation r) {
      try {
        byte[] payload = new byte[r.getRawPayload().remaining()];
        r.getRawPayload().duplicate().get(payload);
        var decoder = org.apache.avro.io.DecoderFactory.get().binaryDecoder(payload, null);
        return new org.apache.avro.specific.SpecificDatumReader<>(OptOut.class).read(null, decoder).getSubjectId();
      } catch (java.io.IOException e) {
        throw new AssertionError(e);
      }
    }
  }
}
