package org.pufferflow.tools.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.tools.bench.BenchMechanism;
import org.pufferflow.tools.bench.BenchResult;
import org.pufferflow.tools.bench.FilePipelineBench;
import org.pufferflow.tools.bench.KeyedOperatorBench;
import org.pufferflow.tools.bench.PipelineBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow bench pipeline} (docs/cli.md, 'bench pipeline'; docs/benchmarks.md, 'Pipeline, end to end'): the
 * whole job on the embedded broker and a local Flink cluster beside a Kafka → Kafka pass-through job and the keyed
 * operator without Kafka, in one run ({@link PipelineBench}). {@code --json} prints one object with the fields of
 * the other bench commands ({@link BenchOperatorCommand#toJson}) — {@code recordsPerSecond} is the whole job's rate,
 * {@code passThroughRecordsPerSecond} the Kafka pass-through's, {@code mechanismRecordsPerSecond} the keyed operator's
 * without Kafka — plus {@code pipeline: true}, the pass-through run's records and seconds, the outputs the timed
 * pipeline run produced, the checkpoint interval and the load average at the start.
 */
@Command(name = "pipeline", mixinStandardHelpOptions = true,
    header = "End-to-end throughput of the whole job beside a Kafka pass-through job.",
    description = {
      "End-to-end throughput of the whole job (Kafka in, ingestion, the mechanism, Kafka out, exactly-once)"
          + " on the embedded broker, beside a Kafka -> map -> Kafka pass-through job and the keyed operator"
          + " without Kafka. The input topic has --parallelism partitions."})
final class BenchPipelineCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--mechanism", paramLabel = "MECHANISM", defaultValue = "mqm",
      description = "mqm | dphmm (default mqm).")
  String mechanism;

  @Option(names = "--states", paramLabel = "N", description = "Model states N (default: 10 for mqm, 100 for dphmm).")
  Integer states;

  @Mixin BenchWorkload workload;

  @Option(names = "--checkpoint-millis", paramLabel = "MS", defaultValue = "5000",
      description = "Checkpoint interval of both Kafka jobs in ms (default 5000, as a local run).")
  long checkpointMillis;

  @Option(names = "--file", description = "File mode instead of Kafka: a CSV in, the MQM job with its fleet"
      + " histogram, JSON-lines files out (merged as run does), beside a CSV -> ingestion -> JSON-lines"
      + " pass-through job.")
  boolean file;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    BenchMechanism m = switch (mechanism) {
      case "mqm" -> BenchMechanism.MQM;
      case "dphmm" -> BenchMechanism.DPHMM;
      default -> {
        PufferPreconditions.checkArgument(false, "--mechanism = %s: must be mqm or dphmm", mechanism);
        yield null;
      }
    };
    PipelineBench.Options options = new PipelineBench.Options(workload.options(m, states), checkpointMillis);
    PrintWriter err = spec.commandLine().getErr();
    Consumer<String> progress = line -> {
      err.println(line);
      err.flush();
    };
    PipelineBench.Result r = file ? new FilePipelineBench(options).run(progress)
        : new PipelineBench(options).run(progress);
    BenchResult b = r.bench();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      ObjectNode out = BenchReport.toJson(b);
      out.put("pipeline", true);
      out.put("io", file ? "file" : "kafka");
      out.put("outputRecords", r.outputRecords());
      out.put("checkpointMillis", checkpointMillis);
      out.set("loadAverage", CliJson.number(r.loadAverage()));
      w.println(CliJson.write(out));
    } else {
      w.printf("%s pipeline (%s): N = %d, %d subjects, %s state, parallelism %d, checkpoints every %d ms; %s%n",
          m.cliName(), file ? "file mode" : "Kafka", b.states(), b.subjects(), b.stateBackend(), b.parallelism(),
          checkpointMillis, BenchReport.runs(b));
      BenchReport.rateLine(w, file ? "whole job (files)" : "whole job (Kafka in/out)", b.recordsPerSecond());
      BenchReport.rateLine(w, file ? "file pass-through" : "Kafka pass-through", b.passThroughRecordsPerSecond());
      if (!file) {
        BenchReport.rateLine(w, "operator without Kafka", b.mechanismRecordsPerSecond());
      }
      BenchReport.ratioLine(w, "whole job / pass-through", b.ratioToPassThrough());
      BenchReport.ratioLine(w, "whole job / operator", b.ratioToMechanism());
      w.printf("  %-26s %12.2f%n", "load average at start", r.loadAverage());
    }
    w.flush();
    return 0;
  }
}
