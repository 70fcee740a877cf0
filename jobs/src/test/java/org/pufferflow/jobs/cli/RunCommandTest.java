package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.KeyFiles;

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
        .isEqualTo("error: noise.keyFile: " + dir.resolve("secret-missing.key") + ": no such file");
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
  void aBoundedRunOnTheEmbeddedBrokerWithoutFeedIsRefused(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, VALID);
    Run r = run("--config", f.toString(), "--bounded");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("error: --bounded: the embedded broker starts empty, so a bounded run would"
        + " read nothing; give the input with --feed FILE.csv (or run unbounded and feed it from another terminal)");
  }

  @Test
  void feedIsRefusedWithoutTheEmbeddedBrokerNamingPufferflowFeed(@TempDir Path dir) throws Exception {
    Path csv = Files.writeString(dir.resolve("in.csv"), "subject,time,state\ns1,0,a\n");
    Path external = Files.writeString(dir.resolve("external.yaml"),
        VALID.replace("bootstrapServers: embedded", "bootstrapServers: \"127.0.0.1:1\""));
    Run r = run("--config", external.toString(), "--feed", csv.toString(), "--bounded");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).startsWith("error: --feed: only with kafka.bootstrapServers: embedded")
        .contains("use pufferflow feed --config " + external);

    Path file = Files.writeString(dir.resolve("file.yaml"),
        VALID + "input: {file: in.csv, format: csv}\noutput: {dir: out, format: jsonl}\n");
    Run f = run("--config", file.toString(), "--feed", csv.toString());
    assertThat(f.code()).isEqualTo(2);
    assertThat(f.err().strip()).isEqualTo("error: --feed: only for a Kafka input on kafka.bootstrapServers: embedded;"
        + " this configuration reads input.file, which run reads by itself");

    Path embedded = Files.writeString(dir.resolve("embedded.yaml"), VALID);
    Run missing = run("--config", embedded.toString(), "--feed", dir.resolve("nope.csv").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err().strip()).startsWith("error: --feed: ").endsWith("nope.csv: no such file");
  }

  /**
   * The smart-meter example as shipped (embedded broker) with a test key file: {@code --feed} writes the data set
   * into the input topic once the broker is up, and the bounded run reads all of it. Only what was read and accepted
   * is checked here; what the mechanisms release is ExamplesRunTest's.
   */
  @Test
  void aBoundedRunOnTheEmbeddedBrokerReadsTheFedFile(@TempDir Path dir) throws Exception {
    Path examples = RepositoryPaths.root().resolve("examples");
    Path key = KeyFiles.write(dir, 7, 3);
    String yaml = Files.readString(examples.resolve("smart-meters.yaml"))
        .replace("keyEnv: PUFFERFLOW_NOISE_KEY", "keyFile: " + key);
    assertThat(yaml).contains("bootstrapServers: embedded").contains("keyFile: ");
    Path f = Files.writeString(dir.resolve("smart-meters.yaml"), yaml);
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Run r = CliHarness.run(RunCommand::new, new PrintStream(progress, true, StandardCharsets.UTF_8), "--config",
        f.toString(), "--bounded", "--feed", examples.resolve("data/smart-meters.csv").toString());
    String err = progress.toString(StandardCharsets.UTF_8);
    assertThat(r.code()).as(r.err() + err).isZero();
    assertThat(err).contains("fed 384 records (0 malformed lines sent as-is;").doesNotContain("feed it from another");
    assertThat(err).containsPattern("records read +384\\b").containsPattern("accepted +384\\b");
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
