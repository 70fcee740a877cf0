package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.plan.JobPlan;
import org.pufferflow.jobs.plan.JobPlanner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow plan}: the container of the planning commands ({@code plan mqm}, {@code plan redaction},
 * docs/cli.md), which compute a mechanism's calibration from public parameters only, before any data is seen; and,
 * with {@code --config FILE.yaml}, the plan of a whole job: per configured mechanism a plain-language summary, the
 * noise, the expected error and the budget in words, plus warnings (docs/cli.md, "plan --config"; {@link JobPlanner},
 * {@link PlanConfigText}).
 */
@Internal
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
          + " redaction bands and probabilities of the 3R and MQ mechanisms for a binary chain. `plan --config`"
          + " plans a whole job configuration: per configured mechanism a sentence saying what is protected, for"
          + " how long and at which epsilon, then the noise, the expected error and the epsilon spent per release,"
          + " per day and in all (in days of data), with warnings where the error exceeds the signal or a day"
          + " spends more than docs/choosing-parameters.md calls meaningful. --json gives the exact values.",
      ""
    },
    commandListHeading = "%nCommands:%n",
    footerHeading = "%n",
    footer = {
      "Examples:",
      "  pufferflow plan --config examples/smart-meters.yaml --json",
      "  pufferflow plan mqm --epsilon 1 --window 24 \\",
      "      --chain '[[0.9,0.1],[0.2,0.8]]' --json",
      "  pufferflow plan redaction --alpha 0.1 --beta 0.2 --epsilon 1 --private 5 \\",
      "      --json",
      "Matrices are JSON arrays of rows; indices are 0-based except --private (1-based, as in the paper)."
    })
public final class PlanCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", paramLabel = "FILE",
      description = "Plan every mechanism of a job configuration (YAML) instead of running a COMMAND.")
  Path config;

  @Option(names = "--json",
      description = "With --config: print exactly one JSON object on stdout (every value exact).")
  boolean json;

  @Override
  public Integer call() {
    if (config == null) {
      throw new ParameterException(spec.commandLine(),
          "missing command (see pufferflow plan --help), or give --config FILE");
    }
    JobConfig job = ConfigLoader.load(config);
    JobPlan plan = JobPlanner.plan(job);
    ObjectNode out = PlanConfigText.toJson(plan);
    LedgerOutlook ledger = LedgerOutlook.of(job);
    if (ledger.store() != null) {
      out.set("ledger", ledger.toJson());
    }
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(out));
    } else {
      w.println("plan of " + config);
      PlanConfigText.print(w, plan);
      ledger.print(w);
    }
    w.flush();
    return 0;
  }
}
