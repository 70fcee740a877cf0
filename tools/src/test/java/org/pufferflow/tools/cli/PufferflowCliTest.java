package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.cli.CliHarness;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.config.ConfigLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class PufferflowCliTest {

  @Test
  void helpExplainsEachCommandAndTheExitCodes() {
    Run r = CliHarness.run(new PufferflowCli(), "--help");
    assertThat(r.code()).isZero();
    String help = r.out();
    assertThat(help).startsWith("Usage: pufferflow");
    assertThat(help).contains("Commands:", "plan", "Plan a mechanism", "analyze", "Analyze what a configuration");
    assertThat(help).contains("Exit codes: 0 success; 2 invalid input", "docs/configuration.md");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void parentCommandsHaveTheirOwnHelp() {
    Run plan = CliHarness.run(new PufferflowCli(), "plan", "--help");
    assertThat(plan.code()).isZero();
    assertThat(plan.out()).startsWith("Plan a mechanism").contains("Usage: pufferflow plan", "plan redaction");
    Run analyze = CliHarness.run(new PufferflowCli(), "analyze", "--help");
    assertThat(analyze.code()).isZero();
    assertThat(analyze.out()).contains("Usage: pufferflow analyze", "analyze policy");
  }

  @Test
  void theRootListsEveryCommandOfTheContract() {
    Run root = CliHarness.run(new PufferflowCli(), "--help");
    assertThat(root.code()).isZero();
    assertThat(root.out()).contains("  run ", "  demo ", "  plan ", "  analyze ");
    Run plan = CliHarness.run(new PufferflowCli(), "plan", "--help");
    assertThat(plan.code()).isZero();
    assertThat(plan.out()).contains("  mqm ", "  redaction ");
  }

  @Test
  void planMqmRunsThroughTheRootWithOneJsonObject() throws Exception {
    Run r = CliHarness.run(new PufferflowCli(), "plan", "mqm", "--epsilon", "1", "--window", "100",
        "--chain", "[[0.9,0.1],[0.2,0.8]]", "--json");
    assertThat(r.code()).isZero();
    var json = CliJson.MAPPER.readTree(r.out());
    assertThat(json.get("sigma").asDouble()).isPositive().isLessThan(100.0);
    assertThat(json.get("groupDpSigma").asDouble()).isEqualTo(100.0);
  }

  @Test
  void invalidInputOfASubcommandExitsTwoThroughTheRoot() {
    Run r = CliHarness.run(new PufferflowCli(), "plan", "redaction", "--alpha", "1.5", "--beta", "0.2",
        "--epsilon", "1", "--private", "3", "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("error: ").contains("alpha").doesNotContain("\n\n");
  }

  @Test
  void versionNamesTheProjectAndFlinkVersions() {
    Run r = CliHarness.run(new PufferflowCli(), "--version");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("pufferflow 0.").contains("Flink 2.", "Kafka 4.");
  }

  @Test
  void aMissingOrUnknownCommandExitsTwoWithOneLine() {
    Run none = CliHarness.run(new PufferflowCli());
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).isEqualTo("error: missing command (see pufferflow --help)" + System.lineSeparator());
    Run plan = CliHarness.run(new PufferflowCli(), "plan");
    assertThat(plan.code()).isEqualTo(2);
    assertThat(plan.err()).startsWith("error: missing command (see pufferflow plan --help)");
    Run unknown = CliHarness.run(new PufferflowCli(), "frobnicate");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).startsWith("error: Unmatched argument").doesNotContain("\n\n");
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
    Run r = CliHarness.run(new LoadCommand(), "--yaml", yaml);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo("error: model.transition[1]: row sums to 0.97, expected 1 (±1e-9)" + System.lineSeparator());
  }
}
