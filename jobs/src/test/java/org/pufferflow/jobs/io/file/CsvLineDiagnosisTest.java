package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.operators.AcceptedRecord;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.UndecodableDiagnosis;
import org.pufferflow.operators.ValidateObservations;

/**
 * docs/configuration.md, 'Observations from CSV': a malformed CSV line is rejected in the words of CSV — what is
 * wrong, where (the line number in file mode; the field), and the expected form — with the line's own bytes as payload,
 * through the real {@link ValidateObservations}, for the records of a CSV file ({@code run}) and of the input topic
 * ({@code feed}).
 */
class CsvLineDiagnosisTest {

  /** Each bad-line kind of a bins job and what is wrong with it. */
  private static final Map<String, String> BINS = Map.of(
      "meter-9,notatime,0.5",
      "field time: 'notatime' is not a whole number (expected epoch milliseconds, a base-10 integer)",
      "meter-9,1000,oops", "field reading: 'oops' is not a number (expected a decimal number such as 0.5 or -1.25e3)",
      "meter-9,1000", "expected 3 fields subject,time,reading, got 2",
      "meter-9,1000,0.5,7", "expected 3 fields subject,time,reading, got 4",
      "meter-9;1000;0.5", "fields separated by ';': separate the 3 fields subject,time,reading by commas",
      "\"meter-9\",1000,0.5", "quoted fields are not supported: a comma always separates fields");

  @Test
  void eachBadLineKindSaysWhatIsWrongWhereAndKeepsTheLine() throws Exception {
    JobConfig job = IoFixtures.bins();
    CsvObservations csv = CsvObservations.forDiscretizer(job.discretizer());
    long line = 10;
    for (Map.Entry<String, String> bad : BINS.entrySet()) {
      byte[] payload = csv.payload(bad.getKey());
      assertThat(csv.problem()).isEqualTo(bad.getValue());
      String sep = bad.getValue().startsWith("field ") ? ", " : ": ";

      RejectedObservation file = rejectOne(job, CsvLineDiagnosis.ofFile(job.discretizer()), line, payload);
      assertThat(file.getReasonCode()).isEqualTo("UNDECODABLE");
      assertThat(file.getMessage()).isEqualTo("line " + line + sep + bad.getValue());
      assertThat(file.getSourceOffset()).isEqualTo(line);
      assertThat(text(file)).isEqualTo(bad.getKey());

      RejectedObservation fed = rejectOne(job, CsvLineDiagnosis.ofTopic(job.discretizer()), 77, payload);
      assertThat(fed.getReasonCode()).isEqualTo("UNDECODABLE");
      assertThat(fed.getMessage()).isEqualTo("not an Avro Observation; as a CSV line" + sep + bad.getValue());
      assertThat(text(fed)).isEqualTo(bad.getKey());
      line++;
    }
  }

  @Test
  void gridAndCategoricalFieldsAreNamedByTheirColumn() {
    CsvObservations grid = CsvObservations.forDiscretizer(IoFixtures.grid().discretizer());
    grid.payload("m,1000,north,3");
    assertThat(grid.problem()).isEqualTo(
        "field lat: 'north' is not a number (expected a decimal number such as 0.5 or -1.25e3 in degrees)");
    grid.payload("m,1000,1.5,east");
    assertThat(grid.problem()).startsWith("field lon: 'east' is not a number");
    CsvObservations cat = CsvObservations.forDiscretizer(IoFixtures.categorical().discretizer());
    cat.payload("m,12:00,on");
    assertThat(cat.problem()).startsWith("field time: '12:00' is not a whole number");
    cat.payload("m,1000,on");
    assertThat(cat.problem()).isNull();
  }

  @Test
  void bytesThatAreNotACsvLineKeepTheAvroMessage() throws Exception {
    JobConfig job = IoFixtures.bins();
    UndecodableDiagnosis topic = CsvLineDiagnosis.ofTopic(job.discretizer());
    byte[] binary = {(byte) 0xff, 0x01, 0x02, (byte) 0xc3};
    assertThat(rejectOne(job, topic, 3, binary).getMessage()).startsWith("not an Avro Observation (4 bytes)");
    byte[] control = "m,\u0001,0.5".getBytes(StandardCharsets.UTF_8);
    assertThat(rejectOne(job, topic, 3, control).getMessage()).startsWith("not an Avro Observation");
    // without a diagnosis (an Avro file) the decoder's message stands
    byte[] line = "meter-9,notatime,0.5".getBytes(StandardCharsets.UTF_8);
    assertThat(rejectOne(job, null, 3, line).getMessage()).startsWith("not an Avro Observation (20 bytes)");
  }

  private static RejectedObservation rejectOne(JobConfig job, UndecodableDiagnosis diagnosis, long offset,
      byte[] payload) throws Exception {
    ValidateObservations fn = new ValidateObservations(IoFixtures.validator(job), diagnosis);
    try (OneInputStreamOperatorTestHarness<RawRecord, AcceptedRecord> h =
        ProcessFunctionTestHarnesses.forProcessFunction(fn)) {
      h.processElement(new RawRecord("file:m.csv", 0, offset, payload), 0);
      assertThat(h.extractOutputValues()).isEmpty();
      List<RejectedObservation> out = new ArrayList<>();
      for (StreamRecord<RejectedObservation> r : h.getSideOutput(Rejections.TAG)) {
        out.add(r.getValue());
      }
      assertThat(out).hasSize(1);
      return out.get(0);
    }
  }

  private static String text(RejectedObservation r) {
    byte[] b = new byte[r.getRawPayload().remaining()];
    r.getRawPayload().duplicate().get(b);
    return new String(b, StandardCharsets.UTF_8);
  }
}
