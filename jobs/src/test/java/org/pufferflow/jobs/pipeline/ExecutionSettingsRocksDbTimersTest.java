package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend.PriorityQueueStateType;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.config.ExecutionConfig;

/**
 * A local run on RocksDB keeps its event-time timers on the heap (docs/benchmarks.md, 'Pipeline, end to end': the
 * tick-order operator registers one timer per record); a run on the heap backend is left as it was.
 */
class ExecutionSettingsRocksDbTimersTest {

  private static Configuration local(ExecutionConfig.StateBackend backend) {
    return ExecutionSettings.localConfiguration(
        new ExecutionConfig(null, null, backend, null, null, null), Path.of("/tmp/checkpoints"));
  }

  /** Heap timers were faster but a rescaled RocksDB savepoint then gave different output (RescalingTest). */
  @Test
  void rocksDbRunsKeepRocksDbsOwnTimers() {
    Configuration c = local(ExecutionConfig.StateBackend.ROCKSDB);
    assertThat(c.contains(RocksDBOptions.TIMER_SERVICE_FACTORY)).isFalse();
    assertThat(c.get(RocksDBOptions.TIMER_SERVICE_FACTORY)).isEqualTo(PriorityQueueStateType.ROCKSDB);
  }

  @Test
  void heapRunsDoNotSetTheRocksDbTimerOption() {
    assertThat(local(ExecutionConfig.StateBackend.HASHMAP).contains(RocksDBOptions.TIMER_SERVICE_FACTORY)).isFalse();
    assertThat(local(null).contains(RocksDBOptions.TIMER_SERVICE_FACTORY)).isFalse();
  }
}
