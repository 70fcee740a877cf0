package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.bench.BenchMechanism;
import org.pufferflow.jobs.bench.BenchResult;
import org.pufferflow.jobs.bench.KeyedOperatorBench;
import org.pufferflow.jobs.bench.PipelineBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
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
    PipelineBench.Result r = new PipelineBench(options).run(line -> {
      err.println(line);
      err.flush();
    });
    BenchResult b = r.bench();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      ObjectNode out = BenchOperatorCommand.toJson(b);
      out.put("pipeline", true);
      out.put("passThroughRecords", r.passThroughRecords());
      out.set("passThroughSeconds", CliJson.number(r.passThroughSeconds()));
      out.put("outputRecords", r.outputRecords());
      out.put("checkpointMillis", checkpointMillis);
      out.set("loadAverage", CliJson.number(r.loadAverage()));
      w.println(CliJson.write(out));
    } else {
      w.printf("%s pipeline: N = %d, %d subjects, %s state, parallelism %d, checkpoints every %d ms%n",
          m.cliName(), b.states(), b.subjects(), b.stateBackend(), b.parallelism(), checkpointMillis);
      w.printf("  whole job (Kafka in/out)  %12.0f records/s  (%d records, %d outputs)%n", b.recordsPerSecond(),
          b.records(), r.outputRecords());
      w.printf("  Kafka pass-through        %12.0f records/s  (whole job / pass-through = %.2f)%n",
          b.passThroughRecordsPerSecond(), b.ratioToPassThrough());
      w.printf("  operator without Kafka    %12.0f records/s  (whole job / operator = %.2f)%n",
          b.mechanismRecordsPerSecond(), b.ratioToMechanism());
      w.printf("  load average at start     %12.2f%n", r.loadAverage());
    }
    w.flush();
    return 0;
  }
}
