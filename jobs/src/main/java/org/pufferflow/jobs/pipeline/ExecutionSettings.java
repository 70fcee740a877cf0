package org.pufferflow.jobs.pipeline;

import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HeartbeatManagerOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.jobs.config.ExecutionConfig;

/**
 * Turns the {@code flink} section ({@link ExecutionConfig}; docs/configuration.md, 'flink') into Flink settings.
 * A local run gets a default for everything the file leaves out; on a cluster only what the file sets is applied
 * and the rest is the cluster's (parallelism.default, execution.checkpointing.*, state.backend.type, restart
 * strategy), except that checkpointing is always on: the exactly-once outputs commit on checkpoints.
 */
@Internal
public final class ExecutionSettings {

  /** Delay between restarts of a failed task. */
  public static final Duration RESTART_DELAY = Duration.ofSeconds(2);

  /**
   * RocksDB's {@code RocksDBConfigurableOptions.USE_BLOOM_FILTER} and {@code COMPRESSION_PER_LEVEL}, by their keys:
   * the job's own jar does not bundle the RocksDB backend (the Flink distribution provides it), so its option classes
   * are not on the compile path ({@code ExecutionSettingsRocksDbTest} checks the keys and values against Flink's).
   */
  static final ConfigOption<Boolean> ROCKSDB_BLOOM_FILTER =
      ConfigOptions.key("state.backend.rocksdb.use-bloom-filter").booleanType().defaultValue(false);
  static final ConfigOption<String> ROCKSDB_COMPRESSION =
      ConfigOptions.key("state.backend.rocksdb.compression.per.level").stringType().noDefaultValue();
  /** No compression on any level: a DPHMM posterior is dense doubles, which Snappy barely shrinks. */
  static final String NO_COMPRESSION = "NO_COMPRESSION";

  private ExecutionSettings() {}

  /** True when {@code env} submits to a cluster ({@code flink run}), false for a local (in-JVM) cluster. */
  public static boolean onCluster(StreamExecutionEnvironment env) {
    return !(env instanceof LocalStreamEnvironment);
  }

  /**
   * The Flink configuration of a local run: loopback addresses ({@link LocalFlink}), state backend, checkpoint
   * storage, restart strategy, and a short heartbeat so progress counters are fresh. Give it to
   * {@link StreamExecutionEnvironment#createLocalEnvironment(int, Configuration)}, then call {@link #applyLocal}.
   *
   * @param defaultCheckpointDir where checkpoints go when the file names no {@code checkpointDir}
   */
  public static Configuration localConfiguration(ExecutionConfig e, Path defaultCheckpointDir) {
    Configuration c = LocalFlink.loopbackConfiguration();
    ExecutionConfig.StateBackend backend =
        e.stateBackend() == null ? ExecutionConfig.StateBackend.HASHMAP : e.stateBackend();
    c.set(StateBackendOptions.STATE_BACKEND, backend.configName());
    if (backend == ExecutionConfig.StateBackend.ROCKSDB) {
      tuneRocksDb(c);
    }
    // RocksDB keeps its own timer queue: with event-time timers on the heap (faster, docs/benchmarks.md, 'Pipeline,
    // end to end') a RocksDB savepoint restored at another parallelism gave different output (RescalingTest)
    c.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, Boolean.TRUE.equals(e.incrementalCheckpoints()));
    c.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
    String dir = e.checkpointDir() != null ? e.checkpointDir() : defaultCheckpointDir.toUri().toString();
    c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir);
    c.set(CheckpointingOptions.SAVEPOINT_DIRECTORY, dir);
    restarts(c, e.restartAttempts() == null ? ExecutionConfig.DEFAULT_RESTART_ATTEMPTS : e.restartAttempts());
    c.set(HeartbeatManagerOptions.HEARTBEAT_INTERVAL, Duration.ofSeconds(2));
    return c;
  }

  /**
   * The RocksDB settings of a local run, their one home (the benchmarks use it too; the cluster setup sets the same
   * in docs/cluster.md). Every keyed-state access of the job is a point lookup of one subject's value, and a DPHMM
   * record rewrites its subject's dense posterior, so once the state outgrows the memtables every record's value is
   * flushed and compacted through the levels:
   * <ul>
   *   <li>bloom filters on every column family (10 bits per key, about 1.25 bytes per subject and keyed value), so a
   *       lookup skips the levels that do not hold the key;</li>
   *   <li>no block compression: the dense doubles of a posterior barely compress, and Snappy's work on every flush,
   *       compaction and block read is spent for nothing.</li>
   * </ul>
   * Measured on DPHMM at 10⁶ subjects: docs/benchmarks.md, 'DPHMM on RocksDB'.
   */
  public static Configuration tuneRocksDb(Configuration c) {
    c.set(ROCKSDB_BLOOM_FILTER, true);
    c.set(ROCKSDB_COMPRESSION, NO_COMPRESSION);
    return c;
  }

  /** Parallelism and checkpointing of a local run: the file's values or the defaults. */
  public static void applyLocal(StreamExecutionEnvironment env, ExecutionConfig e) {
    env.setParallelism(e.localParallelism());
    env.enableCheckpointing(e.checkpointIntervalMillis() == null
        ? ExecutionConfig.DEFAULT_CHECKPOINT_INTERVAL_MILLIS : e.checkpointIntervalMillis(),
        CheckpointingMode.EXACTLY_ONCE);
  }

  /**
   * On a cluster: only what the file sets. Returns a note for the user when checkpointing had to be enabled because
   * the cluster does not enable it, else {@code null}.
   */
  public static String applyOnCluster(StreamExecutionEnvironment env, ExecutionConfig e) {
    Configuration c = new Configuration();
    if (e.stateBackend() != null) {
      c.set(StateBackendOptions.STATE_BACKEND, e.stateBackend().configName());
    }
    if (e.incrementalCheckpoints() != null) {
      c.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, e.incrementalCheckpoints());
    }
    if (e.checkpointDir() != null) {
      c.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
      c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, e.checkpointDir());
    }
    if (e.restartAttempts() != null) {
      restarts(c, e.restartAttempts());
    }
    env.configure(c);
    if (e.parallelism() != null) {
      env.setParallelism(e.parallelism());
    }
    String note = null;
    if (e.checkpointIntervalMillis() != null) {
      env.enableCheckpointing(e.checkpointIntervalMillis(), CheckpointingMode.EXACTLY_ONCE);
    } else if (!env.getCheckpointConfig().isCheckpointingEnabled()) {
      env.enableCheckpointing(ExecutionConfig.DEFAULT_CHECKPOINT_INTERVAL_MILLIS, CheckpointingMode.EXACTLY_ONCE);
      note = "the cluster does not enable checkpointing; the job checkpoints every "
          + ExecutionConfig.DEFAULT_CHECKPOINT_INTERVAL_MILLIS + " ms (its exactly-once outputs commit on checkpoints)";
    }
    return note;
  }

  private static void restarts(Configuration c, int attempts) {
    if (attempts == 0) {
      c.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
      return;
    }
    c.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    c.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, attempts);
    c.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, RESTART_DELAY);
  }
}
