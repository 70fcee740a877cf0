package org.pufferflow.jobs.cli;

import org.pufferflow.jobs.bench.BenchMechanism;
import org.pufferflow.jobs.bench.KeyedOperatorBench;
import picocli.CommandLine.Option;

/**
 * The workload options the operator and pipeline benchmarks share ({@code bench dphmm|mqm|redaction|pipeline}): model
 * size, subjects, state backend, timed seconds, parallelism. A picocli mixin.
 */
final class BenchWorkload {

  @Option(names = "--states", description = "Model states N (default: dphmm 100, mqm 10, redaction 2).")
  Integer states;

  @Option(names = "--subjects", defaultValue = "1000", description = "Subjects (keys) M (default 1000).")
  int subjects;

  @Option(names = "--state-backend", defaultValue = "heap", description = "heap | rocksdb (default heap).")
  String stateBackend;

  @Option(names = "--seconds", defaultValue = "10", description = "Timed seconds per measurement (default 10).")
  double seconds;

  @Option(names = "--parallelism", defaultValue = "1",
      description = "Parallelism of the jobs (and partitions of bench pipeline's input topic; default 1).")
  int parallelism;

  /** The options of one benchmark of {@code m}. */
  KeyedOperatorBench.Options options(BenchMechanism m) {
    return new KeyedOperatorBench.Options(m, states == null ? m.defaultStates() : states, subjects, stateBackend,
        seconds, parallelism);
  }
}
