package org.pufferflow.jobs.mechanism.count;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.cli.PlanCommand;
import org.pufferflow.jobs.cli.RunCommand;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.Mechanisms;
import org.pufferflow.jobs.testing.KeyFiles;

/**
 * A mechanism is one unit (docs/design-notes.md, 'Adding a mechanism'): {@link LaplaceCountUnit}, a test-only
 * fourth mechanism registered by one line of this module's test resources, runs through {@code run} in file mode,
 * {@code plan --config} and the configuration's refusals, with no main file naming it.
 */
@Timeout(300)
class FourthMechanismTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Ticks 0..n−1 of s1 (a, b, a, b, …) and s2 (b always). */
  private static Path csv(Path dir, int n) throws IOException {
    StringBuilder b = new StringBuilder("subject,time,state\n");
    for (int i = 0; i < n; i++) {
      b.append("s1,").append(i * 1000L).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
      b.append("s2,").append(i * 1000L).append(",b\n");
    }
    return Files.writeString(dir.resolve("in.csv"), b.toString());
  }

  private static Path config(Path dir, Path key, Path csv, String out, String section) throws IOException {
    return Files.writeString(dir.resolve(out + ".yaml"), String.join("\n",
        "input: {file: " + csv + ", format: csv}",
        "output: {dir: " + out + ", format: jsonl}",
        "ledger: {dir: ledger-" + out + "}",
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 0}",
        "model: {states: [a, b], transition: [[0.7, 0.3], [0.4, 0.6]]}",
        "discretizer: {type: categorical}",
        section,
        "flink: {parallelism: 2, checkpointIntervalMillis: 100}",
        "noise: {keyFile: " + key + "}", ""));
  }

  private static List<JsonNode> records(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  @Test
  void theRegisteredUnitIsOneMoreSectionOutputAndTopic() {
    assertThat(Mechanisms.sections()).containsExactly("dphmm", "mqm", "redaction", "laplaceCount");
    assertThat(OutputKind.all()).contains(LaplaceCountUnit.COUNTS);
    KafkaConfig kafka = ConfigLoader.parse(String.join("\n",
        "kafka: {bootstrapServers: 'localhost:9092', laplaceCountTopic: my-counts}",
        "time: {tickMillis: 1000}",
        "model: {states: [a, b], transition: [[0.7, 0.3], [0.4, 0.6]]}",
        "discretizer: {type: categorical}",
        "laplaceCount: {window: 4, epsilon: 1.0, state: a}",
        "noise: {keyEnv: NOT_READ_BY_PARSE}", ""), Path.of(".")).kafka();
    assertThat(kafka.topic(LaplaceCountUnit.COUNTS)).isEqualTo("my-counts");
  }

  @Test
  void runsInFileModeWithKeyedNoiseThatAReplayRepeats(@TempDir Path dir) throws Exception {
    Path key = KeyFiles.write(dir, 3, 7);
    Path csv = csv(dir, 12);
    String section = "laplaceCount: {window: 4, epsilon: 1.0, state: a}";
    Run first = CliHarness.run(new RunCommand(), "--config", config(dir, key, csv, "out1", section).toString());
    assertThat(first.code()).as(first.err()).isZero();
    List<JsonNode> counts = records(dir.resolve("out1").resolve("laplace-counts.jsonl"));
    assertThat(counts).hasSize(6); // 2 subjects × 3 windows of 4 ticks
    for (JsonNode r : counts) {
      double noisy = r.get("noisyCounts").get(0).asDouble();
      long truth = r.get("subjectId").asText().equals("s1") ? 2 : 0;
      assertThat(noisy - truth).as("integer noise of %s", r).isEqualTo(Math.rint(noisy - truth));
      assertThat(r.get("windowEndTick").asLong() - r.get("windowStartTick").asLong()).isEqualTo(3);
    }
    Run second = CliHarness.run(new RunCommand(), "--config", config(dir, key, csv, "out2", section).toString());
    assertThat(second.code()).as(second.err()).isZero();
    assertThat(Files.readString(dir.resolve("out2").resolve("laplace-counts.jsonl")))
        .isEqualTo(Files.readString(dir.resolve("out1").resolve("laplace-counts.jsonl")));
  }

  @Test
  void planConfigExplainsItAndTheConfigurationRefusesAtItsPath(@TempDir Path dir) throws Exception {
    Path key = KeyFiles.write(dir, 3, 7);
    Path csv = csv(dir, 4);
    Run plan = CliHarness.run(new PlanCommand(), "--config",
        config(dir, key, csv, "p", "laplaceCount: {window: 4, epsilon: 0.5, state: b}").toString(), "--json");
    assertThat(plan.code()).as(plan.err()).isZero();
    assertThat(plan.json().get("laplaceCount").get("window").asInt()).isEqualTo(4);
    assertThat(plan.json().get("summary").get(0).asText()).startsWith("laplaceCount: each window of 4 ticks");
    Run text = CliHarness.run(new PlanCommand(), "--config",
        config(dir, key, csv, "t", "laplaceCount: {window: 4, epsilon: 0.5, state: b}").toString());
    assertThat(text.out()).contains("laplaceCount (state b)", "noise scale");
    Run refused = CliHarness.run(new PlanCommand(), "--config",
        config(dir, key, csv, "e", "laplaceCount: {window: 4, epsilon: 0, state: b}").toString());
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("laplaceCount.epsilon: epsilon = 0.0: must be finite and > 0");
    Run unknown = CliHarness.run(new PlanCommand(), "--config",
        config(dir, key, csv, "u", "laplaceCount: {window: 4, epsilon: 1, state: c}").toString());
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("laplaceCount.state");
  }
}
