package org.pufferflow.tools.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;

/**
 * The job configurations of {@code bench pipeline} (docs/benchmarks.md, 'Pipeline, end to end'): the models of
 * {@link BenchModels} written as a job file, so the whole job ({@link org.pufferflow.jobs.pipeline.JobAssembly})
 * runs the same mechanism as the keyed-operator benchmark. Categorical discretizer over the labels
 * {@code c0 … c(N−1)}, one tick per second; only the measured mechanism is enabled. DPHMM: the lazy grid walk,
 * uniform p0, f = cell coordinates, utility graph r = 1.5, support constraint, strict repair, K-norm; MQM: the sticky
 * uniform chain, W = {@value BenchModels#WINDOW}, S = {@value BenchModels#SLIDE}, exact-any-initial, counts. Budgets
 * are never exhausted.
 */
final class PipelineConfigs {

  /** Milliseconds per tick of the benchmark's event time. */
  static final long TICK_MILLIS = 1000;
  static final String PASS_THROUGH_TOPIC = "bench-pass-through";

  private PipelineConfigs() {}

  /** The state label of state {@code k}. */
  static String label(int k) {
    return "c" + k;
  }

  /** The job configuration for {@code mechanism} with N = {@code states}; the key file is read by the operators. */
  static JobConfig of(BenchMechanism mechanism, int states, Path keyFile, Path baseDir) {
    return ConfigLoader.parse(yaml(mechanism, states, keyFile), baseDir);
  }

  /**
   * The file-mode job of {@code bench pipeline --file}: MQM (with the fleet histogram) on {@code csv}, one JSON-lines
   * file per output under {@code outDir}; no Kafka.
   */
  static JobConfig file(int states, Path keyFile, Path csv, Path outDir, Path baseDir) {
    String kafka = "kafka: {bootstrapServers: embedded, transactionalIdPrefix: bench, groupId: bench}\n";
    String y = yaml(BenchMechanism.MQM, states, keyFile).replace(kafka,
        "input: {file: \"" + csv.toAbsolutePath() + "\", format: csv}\n"
            + "output: {dir: \"" + outDir.toAbsolutePath() + "\", format: jsonl}\n"
            // the durable ledger of the run (never committed by the bench, which measures the job alone)
            + "ledger: {dir: \"" + outDir.toAbsolutePath() + "-ledger\"}\n")
        .replace(", budget:", ", fleet: true, budget:");
    return ConfigLoader.parse(y, baseDir);
  }

  static String yaml(BenchMechanism mechanism, int states, Path keyFile) {
    PufferPreconditions.checkArgument(mechanism != BenchMechanism.REDACTION,
        "--mechanism = %s: must be mqm or dphmm", mechanism.cliName());
    SyntheticPath path = new SyntheticPath(states);
    List<String> labels = new ArrayList<>(states);
    for (int k = 0; k < states; k++) {
      labels.add("\"" + label(k) + "\"");
    }
    double[][] transition = mechanism == BenchMechanism.DPHMM ? BenchModels.lazyWalk(path)
        : BenchModels.stickyUniform(states);
    StringBuilder y = new StringBuilder();
    y.append("kafka: {bootstrapServers: embedded, transactionalIdPrefix: bench, groupId: bench}\n");
    y.append("time: {tickMillis: ").append(TICK_MILLIS).append("}\n");
    y.append("model:\n  states: [").append(String.join(", ", labels)).append("]\n");
    y.append("  transition: ").append(matrix(transition)).append('\n');
    if (mechanism == BenchMechanism.DPHMM) {
      double[][] f = new double[states][];
      for (int k = 0; k < states; k++) {
        f[k] = path.rows() > 1 ? new double[] {k / path.cols(), k % path.cols()} : new double[] {k};
      }
      y.append("  query: ").append(matrix(f)).append('\n');
    }
    y.append("discretizer: {type: categorical}\n");
    if (mechanism == BenchMechanism.DPHMM) {
      y.append("dphmm: {epsilon: ").append(BenchModels.EPSILON)
          .append(", policyGraph: {type: utility, radius: 1.5}, constraint: {type: support}, repair: strict,"
              + " mechanism: k-norm, budget: {total: 1.0e12}}\n");
    } else {
      y.append("mqm: {window: ").append(BenchModels.WINDOW).append(", slide: ").append(BenchModels.SLIDE)
          .append(", epsilon: ").append(BenchModels.EPSILON)
          .append(", mode: exact-any-initial, output: counts, budget: {total: 1.0e12}}\n");
    }
    y.append("noise: {keyFile: \"").append(keyFile.toAbsolutePath()).append("\"}\n");
    return y.toString();
  }

  private static String matrix(double[][] m) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < m.length; i++) {
      b.append(i == 0 ? "[" : ", [");
      for (int j = 0; j < m[i].length; j++) {
        if (j > 0) {
          b.append(", ");
        }
        b.append(m[i][j]);
      }
      b.append(']');
    }
    return b.append(']').toString();
  }
}
