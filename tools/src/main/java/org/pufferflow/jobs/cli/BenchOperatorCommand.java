package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.pufferflow.jobs.bench.BenchMechanism;
import org.pufferflow.jobs.bench.BenchResult;
import org.pufferflow.jobs.bench.KeyedOperatorBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow bench dphmm|mqm|redaction} (docs/cli.md; docs/benchmarks.md, 'Keyed operators'): synthetic
 * records through the mechanism's keyed operator on a local MiniCluster, beside a pass-through keyed job on the same
 * input and the bare mechanism in a loop, in one run ({@link KeyedOperatorBench}). {@code --json} prints one object
 * with {@code recordsPerSecond}, {@code passThroughRecordsPerSecond}, {@code mechanismRecordsPerSecond},
 * {@code stateBytesPerSubject}, {@code releaseToProduct} (DPHMM: one bare release ÷ one sparse p·M),
 * {@code subjects}, {@code states}, {@code stateBackend} and the two ratios.
 */
abstract class BenchOperatorCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin BenchWorkload workload;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  abstract BenchMechanism mechanism();

  /** The {@code --states} option of this command (null: the mechanism's default). */
  abstract Integer states();

  @Override
  public Integer call() throws Exception {
    BenchMechanism m = mechanism();
    KeyedOperatorBench.Options options = workload.options(m, states());
    BenchResult r = new KeyedOperatorBench(options).run();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(toJson(r)));
    } else {
      w.printf("%s operator: N = %d, %d subjects, %s state, parallelism %d, %d records%n", m.cliName(), r.states(),
          r.subjects(), r.stateBackend(), r.parallelism(), r.records());
      w.printf("  operator      %12.0f records/s%n", r.recordsPerSecond());
      w.printf("  pass-through  %12.0f records/s  (operator / pass-through = %.2f)%n",
          r.passThroughRecordsPerSecond(), r.ratioToPassThrough());
      w.printf("  bare mechanism%12.0f records/s  (operator / mechanism = %.2f)%n", r.mechanismRecordsPerSecond(),
          r.ratioToMechanism());
      w.printf("  keyed state   %12.1f bytes per subject (checkpointed)%n", r.stateBytesPerSubject());
      if (!Double.isNaN(r.releaseToProduct())) {
        w.printf("  bare release  %12.2f × one sparse p·M on the same posteriors%n", r.releaseToProduct());
      }
    }
    w.flush();
    return 0;
  }

  static ObjectNode toJson(BenchResult r) {
    ObjectNode out = CliJson.object();
    out.put("mechanism", r.mechanism().cliName());
    out.set("recordsPerSecond", CliJson.number(r.recordsPerSecond()));
    out.set("passThroughRecordsPerSecond", CliJson.number(r.passThroughRecordsPerSecond()));
    out.set("mechanismRecordsPerSecond", CliJson.number(r.mechanismRecordsPerSecond()));
    out.set("ratioToPassThrough", CliJson.number(r.ratioToPassThrough()));
    out.set("ratioToMechanism", CliJson.number(r.ratioToMechanism()));
    out.set("stateBytesPerSubject", CliJson.number(r.stateBytesPerSubject()));
    if (!Double.isNaN(r.releaseToProduct())) {
      out.set("releaseToProduct", CliJson.number(r.releaseToProduct()));
    }
    out.put("subjects", r.subjects());
    out.put("states", r.states());
    out.put("stateBackend", r.stateBackend());
    out.put("parallelism", r.parallelism());
    out.put("records", r.records());
    out.set("seconds", CliJson.number(r.seconds()));
    return out;
  }

  /** {@code bench dphmm}. */
  @Command(name = "dphmm", mixinStandardHelpOptions = true,
      description = "Throughput of the DPHMM release operator beside pass-through and the bare releaser.")
  static final class Dphmm extends BenchOperatorCommand {
    @Option(names = "--states", paramLabel = "N",
        description = "Model states N, 2 … 10000 (default 100; a square N is a √N × √N grid).")
    Integer states;

    @Override
    BenchMechanism mechanism() {
      return BenchMechanism.DPHMM;
    }

    @Override
    Integer states() {
      return states;
    }
  }

  /** {@code bench mqm}. */
  @Command(name = "mqm", mixinStandardHelpOptions = true,
      description = "Throughput of the MQM window operator beside pass-through and the bare window release.")
  static final class Mqm extends BenchOperatorCommand {
    @Option(names = "--states", paramLabel = "N", description = "Model states N (default 10).")
    Integer states;

    @Override
    BenchMechanism mechanism() {
      return BenchMechanism.MQM;
    }

    @Override
    Integer states() {
      return states;
    }
  }

  /** {@code bench redaction}. */
  @Command(name = "redaction", mixinStandardHelpOptions = true,
      description = "Throughput of the redaction operator beside pass-through and the bare redaction rule.")
  static final class Redaction extends BenchOperatorCommand {
    @Option(names = "--states", paramLabel = "N", description = "Model states N (default 2).")
    Integer states;

    @Override
    BenchMechanism mechanism() {
      return BenchMechanism.REDACTION;
    }

    @Override
    Integer states() {
      return states;
    }
  }
}
