package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import picocli.CommandLine;

/** The slim job jar's root command (docs/cluster.md): the cluster's commands, the CLI's exit codes, no tools. */
class JobCliTest {

  @Test
  void listsTheClusterCommandsAndNoTools() {
    Run r = CliHarness.run(new JobCli(), "--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("Usage: pufferflow").contains("  run ", "  feed ", "  plan ", "  analyze ");
    assertThat(r.out()).doesNotContain("  demo ", "  learn ", "  experiment ", "  bench ");
  }

  @Test
  void parsesTheCommandLineTheComposeFileSubmits() {
    // docker/docker-compose.yml, service submit: flink run ... pufferflow-job.jar run --config FILE
    CommandLine.ParseResult parsed = new CommandLine(new JobCli()).parseArgs("run", "--config", "job.yaml");
    assertThat(parsed.subcommand().commandSpec().userObject()).isInstanceOf(RunCommand.class);
    assertThat(parsed.subcommand().matchedOptionValue("--config", (Object) null)).hasToString("job.yaml");
  }

  @Test
  void invalidInputExitsTwoAsInThePufferflowCli() {
    Run none = CliHarness.run(new JobCli());
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("missing command");
    Run demo = CliHarness.run(new JobCli(), "demo");
    assertThat(demo.code()).isEqualTo(2);
  }

  @Test
  void aConfigurationErrorIsInvalidInputWithItsYamlPath(@TempDir Path dir) throws Exception {
    // ConfigException is no UsageException (the configuration knows nothing of the CLI); the CLI still exits 2
    String job = Files.readString(RepositoryPaths.root().resolve("docker/config/job.yaml"));
    Path bad = Files.writeString(dir.resolve("bad.yaml"), job + "\nnoSuchSection: 1\n");
    Run plan = CliHarness.run(new JobCli(), "plan", "--config", bad.toString());
    assertThat(plan.code()).isEqualTo(2);
    assertThat(plan.err()).startsWith("error: noSuchSection").doesNotContain("Exception");
    Run ok = CliHarness.run(new JobCli(), "plan", "--config",
        RepositoryPaths.root().resolve("docker/config/job.yaml").toString(), "--json");
    assertThat(ok.code()).as(ok.err()).isZero();
  }
}
