package org.pufferflow.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.flink.annotation.PublicEvolving;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The Main-Class of the slim job jar {@code pufferflow-job.jar} (docs/cluster.md): the commands a cluster needs —
 * {@code run} (what {@code flink run pufferflow-job.jar run --config FILE} executes), {@code feed}, {@code read},
 * {@code plan} and {@code analyze} — under the same name, options and exit codes ({@link CommandLines}) as the full
 * {@code pufferflow} command of the tools module, which registers these same command classes beside its tools (demo,
 * learn, experiment, bench).
 */
@PublicEvolving
@Command(
    name = "pufferflow",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {RunCommand.class, FeedCommand.class, ReadCommand.class, PlanCommand.class, AnalyzeCommand.class},
    description = {
      "The pufferflow job: reads observations from Kafka (or a file), turns each into a state of a public Markov"
          + " model and writes DPHMM releases, MQM window histograms and correlation-aware redactions. The tools"
          + " (demo, learn, experiment, bench) are in the pufferflow CLI's fat jar.",
      ""
    },
    commandListHeading = "%nCommands:%n",
    footerHeading = "%n",
    footer = {
      CommandLines.FOOTER_CONFIG,
      CommandLines.FOOTER_EXIT_CODES
    })
public final class JobCli implements Callable<Integer> {

  @Spec CommandSpec spec;

  public static void main(String[] args) {
    System.exit(CommandLines.execute(new JobCli(), args));
  }

  /** Without a command there is nothing to do: invalid input, exit 2. */
  @Override
  public Integer call() {
    throw CommandLines.missingCommand(spec);
  }
}
