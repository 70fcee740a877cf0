package org.pufferflow.jobs.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow plan}: the container of the planning commands ({@code plan mqm}, {@code plan redaction},
 * cli.md), which compute a mechanism's calibration from public parameters only, before any data is seen.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    header = "Plan a mechanism from public parameters before deploying it.",
    versionProvider = VersionProvider.class,
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {PlanMqmCommand.class, PlanRedactionCommand.class},
    description = {
      "Plan a mechanism before deploying it: compute, from public parameters only (never from data), the noise"
          + " or redaction a configuration implies and the privacy it buys. `plan mqm` gives the Laplace scale of"
          + " windowed MQM histograms for a window, slide, epsilon and class of chains; `plan redaction` gives the"
          + " redaction bands and probabilities of the 3R and MQ mechanisms for a binary chain.",
      ""
    },
    commandListHeading = "%nCommands:%n",
    footerHeading = "%n",
    footer = {
      "Examples:",
      "  pufferflow plan mqm --epsilon 1 --window 24 --chain '[[0.9,0.1],[0.2,0.8]]' --json",
      "  pufferflow plan redaction --alpha 0.1 --beta 0.2 --epsilon 1 --private 5 --json",
      "Matrices are JSON arrays of rows; indices are 0-based except --private (1-based, as in the paper)."
    })
public final class PlanCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "missing command (see pufferflow plan --help)");
  }
}
