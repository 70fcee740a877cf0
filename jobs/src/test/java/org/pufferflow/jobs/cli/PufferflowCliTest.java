package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.config.ConfigLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class PufferflowCliTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(Object command, String... args) {
    CommandLine cl = CommandLines.create(command);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void helpExplainsEachCommandAndTheExitCodes() {
    assertThat(run(new PufferflowCli(), "--help")).isZero();
    String help = out.toString();
    assertThat(help).startsWith("Usage: pufferflow");
    assertThat(help).contains("Commands:", "plan", "Plan a mechanism", "analyze", "Analyze what a configuration");
    assertThat(help).contains("Exit codes: 0 success; 2 invalid input", "docs/configuration.md");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void parentCommandsHaveTheirOwnHelp() {
    assertThat(run(new PufferflowCli(), "plan", "--help")).isZero();
    assertThat(out.toString()).startsWith("Plan a mechanism").contains("Usage: pufferflow plan", "plan redaction");
    out.getBuffer().setLength(0);
    assertThat(run(new PufferflowCli(), "analyze", "--help")).isZero();
    assertThat(out.toString()).contains("Usage: pufferflow analyze", "analyze policy");
  }

  @Test
  void theRootListsEveryCommandOfTheContract() {
    assertThat(run(new PufferflowCli(), "--help")).isZero();
    assertThat(out.toString()).contains("  run ", "  demo ", "  plan ", "  analyze ");
    out.getBuffer().setLength(0);
    assertThat(run(new PufferflowCli(), "plan", "--help")).isZero();
    assertThat(out.toString()).contains("  mqm ", "  redaction ");
  }

  @Test
  void planMqmRunsThroughTheRootWithOneJsonObject() throws Exception {
    assertThat(run(new PufferflowCli(), "plan", "mqm", "--epsilon", "1", "--window", "100",
        "--chain", "[[0.9,0.1],[0.2,0.8]]", "--json")).isZero();
    var json = CliJson.MAPPER.readTree(out.toString());
    assertThat(json.get("sigma").asDouble()).isPositive().isLessThan(100.0);
    assertThat(json.get("groupDpSigma").asDouble()).isEqualTo(100.0);
  }

  @Test
  void invalidInputOfASubcommandExitsTwoThroughTheRoot() {
    assertThat(run(new PufferflowCli(), "plan", "redaction", "--alpha", "1.5", "--beta", "0.2",
        "--epsilon", "1", "--private", "3", "--json")).isEqualTo(2);
    assertThat(err.toString()).startsWith("error: ").contains("alpha").doesNotContain("\n\n");
  }

  @Test
  void versionNamesTheProjectAndFlinkVersions() {
    assertThat(run(new PufferflowCli(), "--version")).isZero();
    assertThat(out.toString()).startsWith("pufferflow 0.").contains("Flink 2.", "Kafka 4.");
  }

  @Test
  void aMissingOrUnknownCommandExitsTwoWithOneLine() {
    assertThat(run(new PufferflowCli())).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("error: missing command (see pufferflow --help)" + System.lineSeparator());
    err.getBuffer().setLength(0);
    assertThat(run(new PufferflowCli(), "plan")).isEqualTo(2);
    assertThat(err.toString()).startsWith("error: missing command (see pufferflow plan --help)");
    err.getBuffer().setLength(0);
    assertThat(run(new PufferflowCli(), "frobnicate")).isEqualTo(2);
    assertThat(err.toString()).startsWith("error: Unmatched argument").doesNotContain("\n\n");
  }

  /** A command that loads a configuration, as {@code run} does. */
  @Command(name = "load")
  static final class LoadCommand implements Runnable {
    @Option(names = "--yaml")
    String yaml;

    @Override
    public void run() {
      ConfigLoader.parse(yaml, Path.of("."));
    }
  }

  @Test
  void anInvalidConfigurationExitsTwoWithThePathAndTheReason() {
    String yaml =
        """
        kafka: {bootstrapServers: embedded}
        time: {tickMillis: 1000}
        model:
          states: [a, b]
          transition: [[0.9, 0.1], [0.25, 0.72]]
        discretizer: {type: categorical}
        """;
    assertThat(run(new LoadCommand(), "--yaml", yaml)).isEqualTo(2);
    assertThat(err.toString())
        .isEqualTo("error: model.transition[1]: row sums to 0.97, expected 1 (±1e-9)" + System.lineSeparator());
  }
}
