package org.pufferflow.tools.cli;

import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow bench}: the container of in-process measurements (docs/cli.md). {@code bench calibration} times one
 * MQM calibration; {@code bench dphmm|mqm|redaction} measure the keyed operators on a local MiniCluster
 * ({@link BenchOperatorCommand}); {@code bench pipeline} measures the whole job through Kafka
 * ({@link BenchPipelineCommand}); the mechanisms' own micro-benchmarks are JMH benchmarks (docs/benchmarks.md).
 */
@Internal
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    header = "Measure a mechanism in-process.",
    versionProvider = VersionProvider.class,
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {BenchCalibrationCommand.class, BenchOperatorCommand.Dphmm.class, BenchOperatorCommand.Mqm.class,
      BenchOperatorCommand.Redaction.class, BenchPipelineCommand.class},
    description = {"Measure a mechanism in-process: `bench calibration` times one MQM noise calibration;"
        + " `bench dphmm|mqm|redaction` push synthetic records through a keyed operator on a local Flink cluster;"
        + " `bench pipeline` runs the whole job through the embedded Kafka broker beside a Kafka pass-through job.",
      ""},
    commandListHeading = "%nCommands:%n",
    footerHeading = "%n",
    footer = {
      "Example:",
      "  pufferflow bench calibration --chain '[[0.95,0.05],[0.1,0.9]]' --window 100 \\",
      "      --epsilon 1 --mode exact-any-initial --json",
      "  pufferflow bench mqm --states 10 --subjects 1000 --state-backend hashmap \\",
      "      --seconds 10 --json",
      "  pufferflow bench pipeline --mechanism dphmm --states 100 --seconds 10 --json"
    })
public final class BenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "missing command (see pufferflow bench --help)");
  }
}
