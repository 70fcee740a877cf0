package org.pufferflow.tools.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.tools.bench.BenchMechanism;
import org.pufferflow.tools.bench.BenchResult;
import org.pufferflow.tools.bench.KeyedOperatorBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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

  /** τ of the DPHMM support constraint (0: the exact support; only {@code bench dphmm} has the option). */
  double truncation() {
    return 0.0;
  }

  @Option(names = "--baseline-subjects", paramLabel = "M0",
      description = "Also time the operator with M0 subjects in every run and report the per-record cost at"
          + " --subjects against it (e.g. 1000 beside --subjects 1000000).")
  Integer baselineSubjects;

  @Option(names = "--managed-memory", paramLabel = "MIB",
      defaultValue = "" + KeyedOperatorBench.DEFAULT_MANAGED_MIB,
      description = "Managed memory of the local task manager in MiB, RocksDB's cache and write buffers"
          + " (default ${DEFAULT-VALUE}; size it to the keyed state, as in a deployment).")
  int managedMemory;

  @Override
  public Integer call() throws Exception {
    BenchMechanism m = mechanism();
    KeyedOperatorBench.Options o = workload.options(m, states());
    KeyedOperatorBench.Options options = new KeyedOperatorBench.Options(o.mechanism(), o.states(), o.subjects(),
        o.stateBackend(), o.seconds(), o.parallelism(), o.runs(), baselineSubjects == null ? 0 : baselineSubjects,
        truncation(), managedMemory);
    PrintWriter err = spec.commandLine().getErr();
    BenchResult r = new KeyedOperatorBench(options).run(line -> {
      err.println(line);
      err.flush();
    });
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      ObjectNode o2 = BenchReport.toJson(r);
      if (m == BenchMechanism.DPHMM) {
        o2.put("constraint", options.constraint().toString());
      }
      o2.put("managedMiB", options.managedMiB());
      w.println(CliJson.write(o2));
    } else {
      w.printf("%s operator: N = %d, %d subjects, %s state, parallelism %d%s; %s%n", m.cliName(), r.states(),
          r.subjects(), r.stateBackend(), r.parallelism(),
          m == BenchMechanism.DPHMM ? ", constraint " + options.constraint() : "", BenchReport.runs(r));
      BenchReport.rateLine(w, "operator", r.recordsPerSecond());
      BenchReport.rateLine(w, "pass-through", r.passThroughRecordsPerSecond());
      BenchReport.rateLine(w, "bare mechanism", r.mechanismRecordsPerSecond());
      BenchReport.ratioLine(w, "operator / pass-through", r.ratioToPassThrough());
      BenchReport.ratioLine(w, "operator / bare mechanism", r.ratioToMechanism());
      BenchReport.ratioLine(w, "cost at " + r.subjects() + " / at " + r.baselineSubjects() + " subjects",
          r.scaling());
      w.printf("  %-26s %12.1f bytes per subject (serialized)%n", "keyed state", r.stateBytesPerSubject());
      if (r.releaseToProduct() != null) {
        w.printf("  %-26s %12.2f × one sparse p·M on the same posteriors (min %.2f, max %.2f)%n", "bare release",
            r.releaseToProduct().median(), r.releaseToProduct().min(), r.releaseToProduct().max());
      }
    }
    w.flush();
    return 0;
  }

  /** {@code bench dphmm}. */
  @Command(name = "dphmm", mixinStandardHelpOptions = true,
      description = "Throughput of the DPHMM release operator beside pass-through and the bare releaser.")
  static final class Dphmm extends BenchOperatorCommand {
    @Option(names = "--states", paramLabel = "N",
        description = "Model states N, 2 … 10000 (default 100; a square N is a √N × √N grid).")
    Integer states;

    @Option(names = "--truncation", paramLabel = "TAU", defaultValue = "0",
        description = "Truncation τ of the support constraint, in [0, 1), as in the configuration: 0 (default)"
            + " is the exact support; τ > 0 the opt-in relaxation that keeps posteriors sparse.")
    double truncation;

    @Override
    double truncation() {
      return truncation;
    }

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
