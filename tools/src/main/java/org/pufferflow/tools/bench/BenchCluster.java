package org.pufferflow.tools.bench;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.checkpoint.AbstractCheckpointStats;
import org.apache.flink.runtime.checkpoint.CheckpointStatsSnapshot;
import org.apache.flink.runtime.checkpoint.CheckpointStatsStatus;
import org.apache.flink.runtime.checkpoint.TaskStateStats;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobgraph.JobVertexID;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.jobs.pipeline.LocalFlink;

/**
 * One local Flink cluster (in this JVM, loopback only) for a benchmark invocation: jobs are submitted to it one
 * after another, so start-up is paid once. Each job reports the records its {@link RateProbe} timed and, when it
 * checkpointed, the largest keyed state a completed checkpoint held.
 */
final class BenchCluster implements AutoCloseable {

  /** What one job run measured. */
  record JobRun(long records, long spanNanos, long keyedStateBytes, java.util.Map<String, Object> accumulators) {
    double recordsPerSecond() {
      return spanNanos > 0 ? records / (spanNanos / 1e9) : 0;
    }

    double seconds() {
      return spanNanos / 1e9;
    }
  }

  private final MiniCluster cluster;
  private final Path checkpoints;

  private BenchCluster(MiniCluster cluster, Path checkpoints) {
    this.cluster = cluster;
    this.checkpoints = checkpoints;
  }

  /** The task manager's managed memory unless a bench asks for more (RocksDB's cache and write buffers). */
  static final int DEFAULT_MANAGED_MIB = 256;

  /** Starts a cluster of one task manager with {@code slots} slots; checkpoints go under {@code workDir}. */
  static BenchCluster start(int slots, Path workDir) throws Exception {
    return start(slots, workDir, DEFAULT_MANAGED_MIB);
  }

  /** The same with {@code managedMiB} MiB of managed memory, shared by the slots. */
  static BenchCluster start(int slots, Path workDir, int managedMiB) throws Exception {
    Configuration c = LocalFlink.loopbackConfiguration();
    c.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(managedMiB));
    c.set(RestOptions.BIND_PORT, "0"); // any free port: other local clusters may hold 8081
    // keep the statistics of every checkpoint of a run, so the largest keyed state is found even when the run's
    // last checkpoints were declined (tasks finishing)
    c.set(WebOptions.CHECKPOINTS_HISTORY_SIZE, 100_000);
    MiniCluster mc = new MiniCluster(new MiniClusterConfiguration.Builder().setConfiguration(c)
        .setNumTaskManagers(1).setNumSlotsPerTaskManager(slots).build());
    mc.start();
    return new BenchCluster(mc, workDir.resolve("checkpoints"));
  }

  /** Where jobs that checkpoint write their checkpoints. */
  Path checkpoints() {
    return checkpoints;
  }

  /** Runs the job built in {@code env} to completion. */
  JobRun run(StreamExecutionEnvironment env, String jobName) throws Exception {
    return run(env, jobName, null);
  }

  /**
   * Runs the job built in {@code env} to completion, then {@code after} (null for nothing); when {@code after} is
   * given, the timed span ends when it returns (file mode: the output files merged), not at the last probed record.
   */
  JobRun run(StreamExecutionEnvironment env, String jobName, java.util.concurrent.Callable<?> after)
      throws Exception {
    org.apache.flink.streaming.api.graph.StreamGraph streamGraph = env.getStreamGraph();
    streamGraph.setJobName(jobName);
    JobGraph graph = streamGraph.getJobGraph();
    JobExecutionResult result = cluster.executeJobBlocking(graph);
    long end = 0;
    if (after != null) {
      after.call();
      end = System.nanoTime();
    }
    long records = accumulator(result, RateProbe.RECORDS, 0L);
    long first = accumulator(result, RateProbe.FIRST_NANOS, 0L);
    long last = Math.max(end, Math.max(accumulator(result, RateProbe.LAST_NANOS, 0L),
        accumulator(result, RateProbe.END + RateProbe.LAST_NANOS, 0L)));
    Set<JobVertexID> keyed = new HashSet<>();
    for (JobVertex v : graph.getVertices()) {
      if (!v.isInputVertex()) {
        keyed.add(v.getID());
      }
    }
    CheckpointStatsSnapshot stats =
        cluster.getArchivedExecutionGraph(result.getJobID()).get().getCheckpointStatsSnapshot();
    long stateBytes = -1;
    if (stats != null && stats.getHistory() != null) {
      for (AbstractCheckpointStats cp : stats.getHistory().getCheckpoints()) {
        if (cp.getStatus() != CheckpointStatsStatus.COMPLETED) {
          continue;
        }
        long size = 0;
        for (TaskStateStats t : cp.getAllTaskStateStats()) {
          if (keyed.contains(t.getJobVertexId())) {
            size += t.getStateSize();
          }
        }
        stateBytes = Math.max(stateBytes, size);
      }
    }
    return new JobRun(records, Math.max(0, last - first), stateBytes, result.getAllAccumulatorResults());
  }

  private static long accumulator(JobExecutionResult r, String name, long missing) {
    Object v = r.getAccumulatorResult(name);
    return v instanceof Long l ? l : missing;
  }

  @Override
  public void close() throws Exception {
    cluster.close();
  }
}
