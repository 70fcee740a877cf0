package org.pufferflow.tools.cli;

import org.pufferflow.tools.bench.BenchMechanism;
import org.pufferflow.tools.bench.KeyedOperatorBench;
import picocli.CommandLine.Option;

/**
 * The workload options the operator and pipeline benchmarks share ({@code bench dphmm|mqm|redaction|pipeline}):
 * subjects, state backend, timed seconds, parallelism. A picocli mixin; its descriptions hold for every command that
 * has it (the number of states, whose default depends on the mechanism, is each command's own option).
 */
final class BenchWorkload {

  /** The state backend's names, as the configuration's {@code flink.stateBackend} spells them. */
  static final String HASHMAP = "hashmap";

  @Option(names = "--subjects", paramLabel = "M", defaultValue = "1000",
      description = "Subjects (keys) M (default 1000).")
  int subjects;

  @Option(names = "--state-backend", paramLabel = "BACKEND", defaultValue = HASHMAP,
      description = "hashmap | rocksdb, as flink.stateBackend in a configuration (default hashmap).")
  String stateBackend;

  @Option(names = "--seconds", paramLabel = "SECONDS", defaultValue = "10",
      description = "Timed seconds per measurement (default 10).")
  double seconds;

  @Option(names = "--parallelism", paramLabel = "P", defaultValue = "1",
      description = "Parallelism of the Flink jobs (default 1).")
  int parallelism;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
      description = "Timed runs of each job, after a warm-up; rates and ratios are reported as min/median/max"
          + " (default 3; a ratio needs at least 3).")
  int runs;

  /** The options of one benchmark of {@code m} with {@code states} states (null: the mechanism's default). */
  KeyedOperatorBench.Options options(BenchMechanism m, Integer states) {
    // "heap", the word of earlier versions, is still accepted for the hashmap backend
    String backend = "heap".equals(stateBackend) ? HASHMAP : stateBackend;
    return new KeyedOperatorBench.Options(m, states == null ? m.defaultStates() : states, subjects, backend,
        seconds, parallelism, runs, 0, 0.0, KeyedOperatorBench.DEFAULT_MANAGED_MIB);
  }
}
