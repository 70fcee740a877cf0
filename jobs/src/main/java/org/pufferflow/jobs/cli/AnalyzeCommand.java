package org.pufferflow.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow analyze}: the container of the analysis commands ({@code analyze policy}, docs/cli.md), which show
 * what a configuration protects before it is deployed.
 */
@Internal
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    header = "Analyze what a configuration protects before deploying it.",
    versionProvider = VersionProvider.class,
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {AnalyzePolicyCommand.class},
    description = {
      "Analyze what a configuration protects before deploying it. `analyze policy` shows, for a DPHMM policy"
          + " graph under a constraint, the exposed states, the edges the repair adds, the sensitivity hull, each"
          + " state's degree of protection and both sensitivities.",
      ""
    },
    commandListHeading = "%nCommands:%n",
    footerHeading = "%n",
    footer = {
      "Example:",
      "  pufferflow analyze policy --query '[[0],[1],[2]]' --graph utility:1.5 --json",
      "Matrices are JSON arrays of rows; state indices are 0-based."
    })
public final class AnalyzeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "missing command (see pufferflow analyze --help)");
  }
}
