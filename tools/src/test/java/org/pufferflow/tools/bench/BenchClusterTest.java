package org.pufferflow.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pufferflow.operators.StateObservation;

/**
 * The measurements of the keyed-operator benchmark (docs/benchmarks.md, 'Keyed operators'): the rate probe counts
 * every record, and the checkpointed keyed state of a job is found and grows with the state each subject keeps.
 */
@Timeout(120)
class BenchClusterTest {

  @TempDir Path work;

  /** Keeps {@code longs} longs per subject (a ValueState of a long[]). */
  static final class Keeper extends KeyedProcessFunction<String, StateObservation, StateObservation> {
    private static final long serialVersionUID = 1L;
    private final int longs;
    private transient ValueState<long[]> state;

    Keeper(int longs) {
      this.longs = longs;
    }

    @Override
    public void open(OpenContext context) {
      state = getRuntimeContext().getState(
          new ValueStateDescriptor<>("kept", TypeInformation.of(long[].class)));
    }

    @Override
    public void processElement(StateObservation o, Context ctx, Collector<StateObservation> out) throws Exception {
      long[] v = state.value();
      if (v == null) {
        v = new long[longs];
      }
      for (int i = 0; i < v.length; i++) {
        // incompressible-looking content, so RocksDB's block compression cannot shrink it much
        long x = (o.tick + 1) * 0x9E3779B97F4A7C15L + (i + 1L) * 0xC2B2AE3D27D4EB4FL + o.subjectId.hashCode();
        v[i] = x ^ (x >>> 29) ^ (x << 17);
      }
      state.update(v);
      out.collect(o);
    }
  }

  private BenchCluster.JobRun run(BenchCluster cluster, String backend, int subjects, int longs) throws Exception {
    Configuration c = new Configuration();
    c.set(StateBackendOptions.STATE_BACKEND, backend);
    c.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
    c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, cluster.checkpoints().toUri().toString());
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(c);
    env.enableCheckpointing(100);
    env.setParallelism(1);
    env.fromSource(new DataGeneratorSource<>(new SyntheticObservations(subjects, 4), 3L * subjects,
            TypeInformation.of(StateObservation.class)), WatermarkStrategy.noWatermarks(), "source")
        .keyBy(new SubjectKey(), Types.STRING)
        .map(new RateProbe()).returns(StateObservation.class)
        .keyBy(new SubjectKey(), Types.STRING)
        .process(new Keeper(longs), TypeInformation.of(StateObservation.class))
        .sinkTo(new DiscardingSink<>());
    return cluster.run(env, "bench-cluster-test");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hashmap", "rocksdb"})
  void countsEveryRecordAndMeasuresTheKeyedState(String backend) throws Exception {
    try (BenchCluster cluster = BenchCluster.start(2, work)) {
      BenchCluster.JobRun small = run(cluster, backend, 500, 1);
      BenchCluster.JobRun large = run(cluster, backend, 500, 101);
      assertThat(small.records()).isEqualTo(1500);
      assertThat(small.spanNanos()).isPositive();
      assertThat(small.keyedStateBytes()).as("a completed checkpoint held the keyed state").isPositive();
      // 100 more longs per subject: about 800 bytes more per subject
      double extraPerSubject = (large.keyedStateBytes() - small.keyedStateBytes()) / 500.0;
      assertThat(extraPerSubject).as("extra bytes per subject").isBetween(700.0, 900.0);
    }
  }

  @Test
  void syntheticPathsMoveToEqualOrNeighbouringCells() {
    for (int states : new int[] {2, 9, 10, 100}) {
      SyntheticPath p = new SyntheticPath(states);
      for (long s = 0; s < 5; s++) {
        for (long t = 1; t < 500; t++) {
          int a = p.state(s, t - 1);
          int b = p.state(s, t);
          assertThat(b).isBetween(0, states - 1);
          int dr = Math.abs(a / p.cols() - b / p.cols());
          int dc = Math.abs(a % p.cols() - b % p.cols());
          assertThat(dr + dc).as("N=%d subject %d tick %d", states, s, t).isLessThanOrEqualTo(1);
        }
      }
    }
  }
}
