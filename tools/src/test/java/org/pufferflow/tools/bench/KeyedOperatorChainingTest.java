package org.pufferflow.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The keyed-operator benchmark compares like with like (docs/benchmarks.md, 'Keyed operators'): each mechanism's
 * operator is chained to the rate probe before it, exactly as the pass-through is, so the operator job has as many
 * tasks (job vertices) as the pass-through job and no exchange more. Redaction without an opt-out stream runs on one
 * input for this (PreloadedRedactionFunction), as the file-mode job runs it.
 */
class KeyedOperatorChainingTest {

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(BenchMechanism.class)
  void theOperatorIsChainedToTheRateProbeLikeThePassThrough(BenchMechanism mechanism) {
    KeyedOperatorBench bench = new KeyedOperatorBench(
        new KeyedOperatorBench.Options(mechanism, mechanism.minStates(), 100, "hashmap", 1, 1));
    JobGraph operator = bench.jobGraph(dir, true);
    JobGraph pass = bench.jobGraph(dir, false);
    assertThat(names(operator)).as("the operator job's tasks").hasSize(names(pass).size());
    assertThat(names(operator)).as("one task runs the probe and the operator")
        .anySatisfy(n -> assertThat(n).contains("rate probe").contains(operatorName(mechanism)));
    assertThat(names(pass)).anySatisfy(n -> assertThat(n).contains("rate probe").contains("pass-through"));
  }

  private static String operatorName(BenchMechanism mechanism) {
    return switch (mechanism) {
      case DPHMM -> "DPHMM release";
      case MQM -> "MQM windows";
      case REDACTION -> "redaction";
    };
  }

  private static List<String> names(JobGraph g) {
    return Arrays.stream(g.getVerticesAsArray()).map(JobVertex::getName).toList();
  }
}
