package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;

@Timeout(180)
class RunCommandTest {

  private static final String VALID = String.join("\n",
      "kafka: {bootstrapServers: embedded, inputTopic: in, rejectedTopic: rej}",
      "time: {tickMillis: 1000, allowedLatenessTicks: 1}",
      "model:",
      "  states: [a, b]",
      "  transition: [[0.5, 0.5], [0.5, 0.5]]",
      "discretizer: {type: categorical}",
      "");

  private static Run run(String... args) {
    return CliHarness.run(new RunCommand(), args);
  }

  @Test
  void anInvalidConfigurationExitsTwoWithAOneLineMessage(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, VALID.replace("[0.5, 0.5]]", "[0.5, 0.4]]"));
    Run r = run("--config", f.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("error: model.transition[1]").contains("0.9").doesNotContain("\n\n");
    assertThat(r.err().strip().lines().count()).isEqualTo(1);
  }

  @Test
  void aMissingFileExitsTwo(@TempDir Path dir) {
    Run r = run("--config", dir.resolve("nope.yaml").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("error: ");
  }

  /** A mechanism needs the noise key: its source is read at start, before any broker or Flink is started. */
  private static final String WITH_DPHMM = VALID
      + "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 10}}\n";

  @Test
  void aMissingKeyFileExitsTwoAtStartNamingNoiseKeyFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, WITH_DPHMM + "noise: {keyFile: secret-missing.key}\n");
    Run r = run("--config", f.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .isEqualTo("error: noise.keyFile: cannot be read (NoSuchFileException) (file name not shown)");
  }

  @Test
  void anUnsetKeyVariableExitsTwoAtStartNamingNoiseKeyEnv(@TempDir Path dir) throws Exception {
    String variable = "PUFFERFLOW_RUN_TEST_UNSET_KEY_5C1E";
    assertThat(System.getenv(variable)).isNull();
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, WITH_DPHMM + "noise: {keyEnv: " + variable + "}\n");
    Run r = run("--config", f.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("error: noise.keyEnv: is not set (variable name not shown)");
  }

  @Test
  void aKeyFileThatIsTooShortExitsTwo(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("short.key"), "00ff00ff\n");
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, WITH_DPHMM + "noise: {keyFile: short.key}\n");
    Run r = run("--config", f.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("error: noise.keyFile: key length 4 bytes: must be >= 32 bytes")
        .doesNotContain("short.key");
  }

  @Test
  void boundedRunOnTheEmbeddedBrokerFinishesByItself(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, VALID);
    Files.writeString(f, VALID + "flink: {checkpointIntervalMillis: 500}\n");
    assertThat(run("--config", f.toString(), "--bounded").code()).isZero();
  }

  /** An unreachable broker is one line within 30 s, never a job that retries forever. */
  @Test
  void anUnreachableBrokerExitsTwoWithOneLineWithinThirtySeconds(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, String.join("\n",
        "kafka: {bootstrapServers: \"127.0.0.1:1\", inputTopic: in, rejectedTopic: rej}",
        "time: {tickMillis: 60000}",
        "model: {states: [a, b], transition: [[0.9, 0.1], [0.2, 0.8]]}",
        "discretizer: {type: categorical}", ""));
    long start = System.nanoTime();
    Run r = run("--config", f.toString());
    assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofSeconds(30));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).startsWith("error: kafka.bootstrapServers: no Kafka broker answered at 127.0.0.1:1");
  }
}
