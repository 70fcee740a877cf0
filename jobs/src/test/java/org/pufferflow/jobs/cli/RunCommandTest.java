package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

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

  private static int run(StringWriter err, String... args) {
    CommandLine cl = CommandLines.create(new RunCommand());
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void anInvalidConfigurationExitsTwoWithAOneLineMessage(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, VALID.replace("[0.5, 0.5]]", "[0.5, 0.4]]"));
    StringWriter err = new StringWriter();
    assertThat(run(err, "--config", f.toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("error: model.transition[1]").contains("0.9").doesNotContain("\n\n");
    assertThat(err.toString().strip().lines().count()).isEqualTo(1);
  }

  @Test
  void aMissingFileExitsTwo(@TempDir Path dir) {
    StringWriter err = new StringWriter();
    assertThat(run(err, "--config", dir.resolve("nope.yaml").toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("error: ");
  }

  @Test
  void boundedRunOnTheEmbeddedBrokerFinishesByItself(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("job.yaml");
    Files.writeString(f, VALID);
    StringWriter err = new StringWriter();
    assertThat(run(err, "--config", f.toString(), "--bounded", "--checkpoint-interval", "500")).isZero();
  }
}
