package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.pipeline.JobTypes;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.operators.AcceptedRecord;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.ValidateObservations;

/**
 * docs/configuration.md, 'File mode': a CSV file through the real ingestion step into rejected.jsonl — each bad line is
 * rejected with its own reason, a malformed one as UNDECODABLE with the line itself as payload and its line number
 * as offset.
 */
@Timeout(180)
class FileInputsIngestionTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  @Test
  void badLinesReachTheRejectedFileWithTheirReasonLineNumberAndBytes(@TempDir Path dir) throws Exception {
    String csv = String.join("\n",
        "# meters of site 4",     // 1 comment: skipped, counted
        "subject,time,reading",   // 2 header after a comment
        "m1,1000,0.5",            // 3 accepted
        "m1,2000,oops",           // 4 malformed reading
        ",3000,0.5",              // 5 MISSING_SUBJECT
        "m2,,0.5",                // 6 MISSING_TIME
        "m2,4000,99",             // 7 READING_OUT_OF_RANGE
        "",                       // 8 blank: skipped (CsvRows), counted
        "m2,5000,NaN",            // 9 READING_NOT_FINITE
        "m3;6000;0.5",            // 10 malformed (wrong separator)
        "m3,7000,1.5",            // 11 accepted
        "  # m3,8000,0.5",        // 12 comment: skipped
        "meter-9,notatime,0.5",   // 13 malformed time
        "m4,9000",                // 14 malformed (field count)
        "\"m4\",9000,0.5",         // 15 malformed (quoted)
        "");
    Path in = Files.writeString(dir.resolve("meters.csv"), csv);
    JobConfig job = IoFixtures.bins();
    OutputConfig.Directory out = new OutputConfig.Directory(dir.resolve("out").toString(), OutputConfig.Format.JSONL);

    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(200);
    JobTypes.disableGenericTypes(env);
    SingleOutputStreamOperator<AcceptedRecord> valid = FileInputs.observations(env,
            new InputConfig.File(in.toString(), InputConfig.Format.CSV, null), job.discretizer(), "")
        .process(new ValidateObservations(IoFixtures.validator(job), CsvLineDiagnosis.ofFile(job.discretizer())))
        .name("validate");
    valid.sinkTo(new DiscardingSink<>());
    valid.getSideOutput(Rejections.TAG)
        .sinkTo(FileOutputs.sink(out, OutputKind.REJECTED, RejectedObservation.class)).name("rejected");
    env.execute("file-ingestion-it");
    FileOutputs.finish(out, Set.of(OutputKind.REJECTED));

    ObjectMapper json = new ObjectMapper();
    Map<Long, String> reasons = new TreeMap<>();
    Map<Long, String> undecodable = new TreeMap<>();
    for (String line : Files.readAllLines(FileOutputs.fileOf(out, OutputKind.REJECTED))) {
      JsonNode r = json.readTree(line);
      assertThat(r.get("sourceTopic").textValue()).isEqualTo("file:meters.csv");
      reasons.put(r.get("sourceOffset").longValue(), r.get("reasonCode").textValue());
      if ("UNDECODABLE".equals(r.get("reasonCode").textValue())) {
        undecodable.put(r.get("sourceOffset").longValue(), r.get("message").textValue() + " | "
            + new String(Base64.getDecoder().decode(r.get("rawPayload").textValue()), StandardCharsets.UTF_8));
      }
    }
    assertThat(reasons).containsExactlyEntriesOf(new TreeMap<>(Map.of(
        4L, "UNDECODABLE", 5L, "MISSING_SUBJECT", 6L, "MISSING_TIME", 7L, "READING_OUT_OF_RANGE",
        9L, "READING_NOT_FINITE", 10L, "UNDECODABLE", 13L, "UNDECODABLE", 14L, "UNDECODABLE", 15L, "UNDECODABLE")));
    assertThat(undecodable).containsExactlyEntriesOf(new TreeMap<>(Map.of(
        4L, "line 4, field reading: 'oops' is not a number (expected a decimal number such as 0.5 or -1.25e3)"
            + " | m1,2000,oops",
        10L, "line 10: fields separated by ';': separate the 3 fields subject,time,reading by commas | m3;6000;0.5",
        13L, "line 13, field time: 'notatime' is not a whole number (expected epoch milliseconds, a base-10 integer)"
            + " | meter-9,notatime,0.5",
        14L, "line 14: expected 3 fields subject,time,reading, got 2 | m4,9000",
        15L, "line 15: quoted fields are not supported: a comma always separates fields | \"m4\",9000,0.5")));
  }

  @Test
  void theTypedSinkRefusesAnotherRecordType(@TempDir Path dir) {
    OutputConfig.Directory out = new OutputConfig.Directory(dir.toString(), OutputConfig.Format.AVRO);
    assertThatThrownBy(() -> FileOutputs.sink(out, OutputKind.REJECTED, DphmmRelease.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("type = class org.pufferflow.avro.DphmmRelease");
  }
}
