package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend.PriorityQueueStateType;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.junit.jupiter.api.Test;
import org.rocksdb.CompressionType;
import org.pufferflow.jobs.config.ExecutionConfig;

/**
 * The RocksDB settings of a local run: RocksDB's own timer queue, bloom filters and no block compression
 * (docs/benchmarks.md, 'DPHMM on RocksDB'); a run on the heap backend is left as it was.
 */
class ExecutionSettingsRocksDbTest {

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

  /** The job's jar names the option by its key; it must be Flink's. */
  @Test
  void theBloomFilterKeyIsFlinks() {
    assertThat(ExecutionSettings.ROCKSDB_BLOOM_FILTER.key())
        .isEqualTo(RocksDBConfigurableOptions.USE_BLOOM_FILTER.key());
    assertThat(RocksDBConfigurableOptions.USE_BLOOM_FILTER.defaultValue()).isFalse();
  }

  @Test
  void theCompressionKeyIsFlinksAndItsValueParses() {
    assertThat(ExecutionSettings.ROCKSDB_COMPRESSION.key())
        .isEqualTo(RocksDBConfigurableOptions.COMPRESSION_PER_LEVEL.key());
    assertThat(RocksDBConfigurableOptions.COMPRESSION_PER_LEVEL.defaultValue())
        .containsExactly(CompressionType.SNAPPY_COMPRESSION);
  }

  @Test
  void rocksDbRunsUseBloomFiltersAndNoCompression() {
    Configuration c = local(ExecutionConfig.StateBackend.ROCKSDB);
    assertThat(c.get(RocksDBConfigurableOptions.USE_BLOOM_FILTER)).isTrue();
    assertThat(c.get(RocksDBConfigurableOptions.COMPRESSION_PER_LEVEL))
        .containsExactly(CompressionType.NO_COMPRESSION);
  }

  @Test
  void heapRunsDoNotSetTheBloomFilter() {
    assertThat(local(ExecutionConfig.StateBackend.HASHMAP).contains(RocksDBConfigurableOptions.USE_BLOOM_FILTER))
        .isFalse();
    assertThat(local(null).contains(RocksDBConfigurableOptions.USE_BLOOM_FILTER)).isFalse();
    assertThat(local(ExecutionConfig.StateBackend.HASHMAP).contains(RocksDBConfigurableOptions.COMPRESSION_PER_LEVEL))
        .isFalse();
  }
}
