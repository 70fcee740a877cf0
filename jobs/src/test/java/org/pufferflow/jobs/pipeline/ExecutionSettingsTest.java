package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.config.ExecutionConfig.StateBackend;

/** The {@code flink} section locally (defaults) and on a cluster (only what is set; docs/configuration.md, 'flink'). */
class ExecutionSettingsTest {

  @Test
  void onAClusterAnUnsetSectionLeavesTheClustersSettings() {
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
    env.setParallelism(3);
    env.enableCheckpointing(1234, CheckpointingMode.EXACTLY_ONCE);
    assertThat(ExecutionSettings.applyOnCluster(env, ExecutionConfig.UNSET)).isNull();
    assertThat(env.getParallelism()).isEqualTo(3);
    assertThat(env.getCheckpointConfig().getCheckpointInterval()).isEqualTo(1234);
    assertThat(env.getConfiguration().getOptional(StateBackendOptions.STATE_BACKEND)).isEmpty();
    assertThat(env.getConfiguration().getOptional(RestartStrategyOptions.RESTART_STRATEGY)).isEmpty();
  }

  @Test
  void onAClusterWithoutCheckpointingTheJobTurnsItOnAndSaysSo() {
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
    String note = ExecutionSettings.applyOnCluster(env, ExecutionConfig.UNSET);
    assertThat(note).contains("does not enable checkpointing");
    assertThat(env.getCheckpointConfig().getCheckpointInterval())
        .isEqualTo(ExecutionConfig.DEFAULT_CHECKPOINT_INTERVAL_MILLIS);
  }

  @Test
  void onAClusterWhatTheFileSetsIsApplied() {
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
    env.setParallelism(3);
    ExecutionSettings.applyOnCluster(env,
        new ExecutionConfig(5, 700L, StateBackend.ROCKSDB, true, "file:///tmp/cp", 0));
    assertThat(env.getParallelism()).isEqualTo(5);
    assertThat(env.getCheckpointConfig().getCheckpointInterval()).isEqualTo(700);
    Configuration c = (Configuration) env.getConfiguration();
    assertThat(c.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("rocksdb");
    assertThat(c.get(CheckpointingOptions.INCREMENTAL_CHECKPOINTS)).isTrue();
    assertThat(c.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isEqualTo("file:///tmp/cp");
    assertThat(c.get(RestartStrategyOptions.RESTART_STRATEGY)).isEqualTo("none");
  }

  @Test
  void aLocalRunGetsTheDocumentedDefaults() {
    Configuration c = ExecutionSettings.localConfiguration(ExecutionConfig.UNSET, Path.of("/tmp/pf-cp"));
    assertThat(c.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("hashmap");
    assertThat(c.get(CheckpointingOptions.INCREMENTAL_CHECKPOINTS)).isFalse();
    assertThat(c.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isEqualTo(Path.of("/tmp/pf-cp").toUri().toString());
    assertThat(c.get(RestartStrategyOptions.RESTART_STRATEGY)).isEqualTo("fixed-delay");
    assertThat(c.get(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS))
        .isEqualTo(ExecutionConfig.DEFAULT_RESTART_ATTEMPTS);
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1, c);
    ExecutionSettings.applyLocal(env, ExecutionConfig.UNSET);
    assertThat(env.getParallelism()).isEqualTo(ExecutionConfig.DEFAULT_PARALLELISM);
    assertThat(env.getCheckpointConfig().getCheckpointInterval())
        .isEqualTo(ExecutionConfig.DEFAULT_CHECKPOINT_INTERVAL_MILLIS);
    assertThat(ExecutionSettings.onCluster(env)).isFalse();
  }
}
