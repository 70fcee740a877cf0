package org.pufferflow.jobs.config;

import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * How Flink runs the job (config section {@code flink}; docs/configuration.md, 'flink'). Every field is optional
 * ({@code null} = not set). A local run ({@code pufferflow run}) uses the defaults below for what is not set; on a
 * cluster ({@code flink run pufferflow-job.jar run ...}) what is not set is left to the cluster's own configuration
 * (parallelism.default, execution.checkpointing.*, state.backend.type), so a job file meant for a cluster sets
 * nothing here.
 *
 * @param parallelism operator parallelism; local default {@value #DEFAULT_PARALLELISM}
 * @param checkpointIntervalMillis checkpoint interval; outputs become visible to read_committed consumers (and
 *     output files are committed) at each checkpoint; local default {@value #DEFAULT_CHECKPOINT_INTERVAL_MILLIS}
 * @param stateBackend where keyed state lives; local default {@link StateBackend#HASHMAP}
 * @param incrementalCheckpoints incremental checkpoints (RocksDB only); default false
 * @param checkpointDir checkpoint (and savepoint) storage, a path or URI; local default a directory under the
 *     system's temporary directory
 * @param restartAttempts how often a failed task is restarted from the last checkpoint before the job fails;
 *     local default {@value #DEFAULT_RESTART_ATTEMPTS}
 */
@PublicEvolving
public record ExecutionConfig(
    Integer parallelism,
    Long checkpointIntervalMillis,
    StateBackend stateBackend,
    Boolean incrementalCheckpoints,
    String checkpointDir,
    Integer restartAttempts)
    implements Serializable {

  public static final int DEFAULT_PARALLELISM = 2;
  public static final long DEFAULT_CHECKPOINT_INTERVAL_MILLIS = 5_000;
  public static final int DEFAULT_RESTART_ATTEMPTS = 3;

  /** Nothing set: local defaults, or the cluster's configuration. */
  public static final ExecutionConfig UNSET = new ExecutionConfig(null, null, null, null, null, null);

  /** Flink state backends. */
  public enum StateBackend {
    HASHMAP,
    ROCKSDB;

    /** The name used in the configuration and by Flink's {@code state.backend.type}. */
    public String configName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The parallelism of a local run: the file's, or {@value #DEFAULT_PARALLELISM}. */
  public int localParallelism() {
    return parallelism == null ? DEFAULT_PARALLELISM : parallelism;
  }

  /** True when no field is set. */
  public boolean isUnset() {
    return equals(UNSET);
  }
}
