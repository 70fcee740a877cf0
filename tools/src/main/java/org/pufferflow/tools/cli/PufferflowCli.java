package org.pufferflow.tools.cli;

import java.util.concurrent.Callable;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.cli.AnalyzeCommand;
import org.pufferflow.jobs.cli.CommandLines;
import org.pufferflow.jobs.cli.FeedCommand;
import org.pufferflow.jobs.cli.PlanCommand;
import org.pufferflow.jobs.cli.ReadCommand;
import org.pufferflow.jobs.cli.RunCommand;
import org.pufferflow.jobs.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code pufferflow} command (docs/cli.md): the root of every subcommand, run by the wrapper script at the
 * repository root through the fat jar. Exit codes follow {@link CommandLines}: 0 on success, 2 on invalid input with
 * a one-line message on stderr.
 */
@PublicEvolving
@Command(
    name = "pufferflow",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {RunCommand.class, FeedCommand.class, ReadCommand.class, DemoCommand.class, PlanCommand.class,
        AnalyzeCommand.class, LearnCommand.class, ExperimentCommand.class, BenchCommand.class},
    description = {
      "Publishes privacy-protected versions of per-subject time series: Apache Flink operators read observations"
          + " from Kafka, turn each into a state of a public Markov model and write DPHMM releases, MQM window"
          + " histograms and correlation-aware redactions back to Kafka.",
      ""
    },
    commandListHeading = "%nCommands:%n",
    footerHeading = "%n",
    footer = {
      CommandLines.FOOTER_CONFIG,
      "Run `pufferflow COMMAND --help` for the options of a command.",
      "",
      CommandLines.FOOTER_EXIT_CODES,
      "Options with --json print exactly one JSON object on stdout; logs go to stderr.",
      "Environment: JAVA_OPTS (JVM options, read by the wrapper script); the noise key variable named by"
          + " noise.keyEnv in the configuration."
    })
public final class PufferflowCli implements Callable<Integer> {

  @Spec CommandSpec spec;

  public static void main(String[] args) {
    System.exit(CommandLines.execute(new PufferflowCli(), args));
  }

  /** Without a command there is nothing to do: invalid input, exit 2. */
  @Override
  public Integer call() {
    throw CommandLines.missingCommand(spec);
  }
}
