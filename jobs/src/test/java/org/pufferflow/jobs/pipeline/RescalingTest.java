package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionJobVertex;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.ObservationRecords;
import org.pufferflow.jobs.testing.ObservationRecords.Keyed;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;

/**
 * Rescaling (docs/operators.md, 'Exactly-once and rescaling, tested'): the whole job of one configuration
 * (every mechanism, opt-outs, poison records) is stopped with a savepoint at parallelism 1 in the middle of its
 * input, restored at parallelism 2 and finished; its committed outputs equal those of an unscaled run on the same
 * input, per subject and byte for byte. The input comes in two halves, the second only after the savepoint, and
 * the job is bounded at the final end offset, so the first job waits for it. With the hashmap and the RocksDB
 * (incremental) backends. The restore refuses unclaimed state and every operator of the graph has a uid.
 */
@Timeout(240)
class RescalingTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());

  static final String ID = "rescale";

  @TempDir static Path dir;
  static EmbeddedKafka kafka;

  @BeforeAll
  static void start() {
    kafka = EmbeddedKafka.start();
  }

  @AfterAll
  static void stop() {
    if (kafka != null) {
      kafka.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(ExecutionConfig.StateBackend.class)
  void aSavepointAtParallelism1RestoredAtParallelism2CommitsTheOutputOfAnUnscaledRun(
      ExecutionConfig.StateBackend backend, @InjectMiniCluster MiniCluster cluster) throws Exception {
    String name = backend.configName();
    String in = "in-" + name;
    String opt = "opt-" + name;
    // one input partition: the record order, hence event time and every decision, is the same in every run
    kafka.createTopics(1, in, opt);
    int half = PipelineRuns.TICKS / 2;
    List<Keyed> first = PipelineRuns.observations(0, half);
    List<Keyed> second = PipelineRuns.observations(half, PipelineRuns.TICKS);
    ObservationRecords.produce(kafka.bootstrapServers(), in, first);
    ObservationRecords.produce(kafka.bootstrapServers(), opt, PipelineRuns.optOuts());
    OffsetsInitializer end = OffsetsInitializer.offsets(Map.of(new TopicPartition(in, 0),
        (long) (first.size() + second.size())));

    // job 1, parallelism 1: reads the first half, then waits for the rest; stopped with a savepoint
    JobConfig scaled = PipelineRuns.config(dir, "scaled-" + name, in, opt);
    String run1 = "p1-" + name;
    long t0 = System.nanoTime();
    Job j1 = job(scaled, backend, 1, end, run1);
    assertThat(withoutUid(j1.graph())).as("operators without a uid").isEmpty();
    JobClient job1 = j1.env().executeAsync(j1.graph());
    long tRead;
    long tSavepoint;
    String savepoint;
    try {
      AtomicLong read = PipelineRuns.Seen.records(run1).computeIfAbsent(0, a -> new AtomicLong());
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (read.get() < first.size()) {
        assertThat(System.nanoTime()).as("job 1 reads the first half").isLessThan(deadline);
        Thread.sleep(50);
      }
      awaitSteady(cluster, job1.getJobID(), deadline);
      Thread.sleep(500); // a few watermarks: timers fire, windows close, held records are decided
      SavepointFormatType format =
          backend == ExecutionConfig.StateBackend.ROCKSDB ? SavepointFormatType.NATIVE : SavepointFormatType.CANONICAL;
      tRead = System.nanoTime();
      if (backend == ExecutionConfig.StateBackend.ROCKSDB) {
        // the running job keeps its keyed state in RocksDB instances in the configured local directory
        while (files(dir.resolve("rocksdb"), "CURRENT") == 0) {
          assertThat(System.nanoTime()).as("RocksDB instances of job 1 in %s", dir.resolve("rocksdb"))
              .isLessThan(deadline);
          Thread.sleep(50);
        }
      }
      savepoint = job1.stopWithSavepoint(false, dir.resolve("savepoints-" + name).toUri().toString(), format)
          .get(60, TimeUnit.SECONDS);
      tSavepoint = System.nanoTime();
      job1.getJobExecutionResult().get(60, TimeUnit.SECONDS);
    } catch (Exception | AssertionError e) {
      job1.cancel(); // never leave a job running into the next test
      throw e;
    }
    Map<String, Map<String, List<String>>> atSavepoint = PipelineRuns.committed(kafka.bootstrapServers(), scaled);
    long committedAtSavepoint = total(atSavepoint);
    System.out.printf("RescalingTest[%s]: committed by job 1: %s%n", name, counts(atSavepoint));
    // job 1 released ticks before the savepoint: stop-with-savepoint committed them
    assertThat(atSavepoint.get(DphmmUnit.RELEASES.fileStem())).as("DPHMM releases committed by job 1")
        .isNotEmpty();

    // job 2, parallelism 2, restored from the savepoint (state nobody claims would fail the restore)
    ObservationRecords.produce(kafka.bootstrapServers(), in, second);
    Job j2 = job(scaled, backend, 2, end, "p2-" + name);
    j2.graph().setSavepointRestoreSettings(SavepointRestoreSettings.forPath(savepoint, false));
    j2.env().executeAsync(j2.graph()).getJobExecutionResult().get(120, TimeUnit.SECONDS);
    long scaledMillis = (System.nanoTime() - t0) / 1_000_000;
    System.out.printf("RescalingTest[%s]: job 1 read the first half after %d ms, savepoint %d ms, job 2 %d ms%n", name,
        (tRead - t0) / 1_000_000, (tSavepoint - tRead) / 1_000_000, (System.nanoTime() - tSavepoint) / 1_000_000);
    assertThat(PipelineRuns.Seen.records("p2-" + name).values().stream().mapToLong(AtomicLong::get).sum())
        .as("job 2 reads the second half only (its offsets come from the savepoint)").isEqualTo(second.size());

    // the unscaled run: parallelism 1, no savepoint, the whole input
    JobConfig unscaled = PipelineRuns.config(dir, "unscaled-" + name, in, opt);
    long t1 = System.nanoTime();
    Job ref = job(unscaled, backend, 1, end, "ref-" + name);
    ref.env().executeAsync(ref.graph()).getJobExecutionResult().get(120, TimeUnit.SECONDS);
    long unscaledMillis = (System.nanoTime() - t1) / 1_000_000;

    // seen under load: a finished job's last transactions of some outputs were not yet visible when read at once;
    // read again for up to 30 s until every output has records (a lost output would still fail below)
    Map<String, Map<String, List<String>>> expected = PipelineRuns.committed(kafka.bootstrapServers(), unscaled);
    long waited = System.nanoTime();
    while (expected.values().stream().anyMatch(Map::isEmpty)
        && System.nanoTime() - waited < TimeUnit.SECONDS.toNanos(30)) {
      System.out.printf("RescalingTest[%s]: the unscaled run's outputs read so far %s (uncommitted DPHMM %d)%n", name,
          counts(expected), PipelineRuns.uncommittedCount(kafka.bootstrapServers(), unscaled.kafka().topic(DphmmUnit.RELEASES)));
      Thread.sleep(500);
      expected = PipelineRuns.committed(kafka.bootstrapServers(), unscaled);
    }
    Map<String, Map<String, List<String>>> actual = PipelineRuns.committed(kafka.bootstrapServers(), scaled);
    System.out.printf("RescalingTest[%s]: committed by the unscaled run %s after %d ms more%n", name,
        counts(expected), (System.nanoTime() - waited) / 1_000_000);
    System.out.printf("RescalingTest[%s]: committed at the end %s; DPHMM topic read_uncommitted %d records%n", name,
        counts(actual), PipelineRuns.uncommittedCount(kafka.bootstrapServers(), scaled.kafka().topic(DphmmUnit.RELEASES)));
    for (OutputKind k : OutputKind.of(unscaled)) {
      assertThat(actual.get(k.fileStem())).as("committed %s, rescaled vs unscaled", k.fileStem())
          .isEqualTo(expected.get(k.fileStem()));
      assertThat(expected.get(k.fileStem())).as("committed %s", k.fileStem()).isNotEmpty();
    }
    assertThat(committedAtSavepoint).as("outputs committed by job 1").isPositive().isLessThan(total(actual));
    System.out.printf("RescalingTest[%s]: input %d + %d records; %d committed records (%d by job 1 at the savepoint);"
        + " p1 → savepoint → p2: %d ms; unscaled: %d ms%n", name, first.size(), second.size(), total(actual),
        committedAtSavepoint, scaledMillis, unscaledMillis);
  }

  /**
   * Waits until no task of the job is changing state: the bounded opt-out source has finished (which takes a completed
   * checkpoint after every task runs) and every other task is running. Flink refuses a stop-with-savepoint while a task
   * deploys, and fails the whole job when a task declines it (a finishing task does: "task is closing"); these jobs do
   * not restart, so the savepoint is taken once, when nothing can decline it.
   */
  private static void awaitSteady(MiniCluster cluster, JobID id, long deadline) throws Exception {
    while (true) {
      List<String> moving = new ArrayList<>();
      AccessExecutionGraph graph = cluster.getExecutionGraph(id).get(60, TimeUnit.SECONDS);
      for (AccessExecutionJobVertex v : graph.getVerticesTopologically()) {
        ExecutionState want = v.getName().contains("opt-outs") ? ExecutionState.FINISHED : ExecutionState.RUNNING;
        for (AccessExecutionVertex t : v.getTaskVertices()) {
          if (t.getExecutionState() != want) {
            moving.add(t.getTaskNameWithSubtaskIndex() + " " + t.getExecutionState());
          }
        }
      }
      if (moving.isEmpty()) {
        return;
      }
      assertThat(System.nanoTime()).as("tasks of job 1 settle: %s", moving).isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private static StreamExecutionEnvironment env(ExecutionConfig.StateBackend backend, int parallelism) {
    ExecutionConfig exec = new ExecutionConfig(parallelism, 200L, backend,
        backend == ExecutionConfig.StateBackend.ROCKSDB, null, 0);
    Configuration c = ExecutionSettings.localConfiguration(exec, dir.resolve("checkpoints"));
    c.setString("state.backend.rocksdb.localdir", dir.resolve("rocksdb").toString());
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.configure(c);
    ExecutionSettings.applyLocal(env, exec);
    return env;
  }

  /** A job's environment and graph. */
  record Job(StreamExecutionEnvironment env, StreamGraph graph) {}

  private static Job job(JobConfig config, ExecutionConfig.StateBackend backend, int parallelism,
      OffsetsInitializer end, String run) throws Exception {
    KafkaPreflight.prepare(kafka.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, 2);
    StreamExecutionEnvironment env = env(backend, parallelism);
    JobAssembly.builder(config).bootstrapServers(kafka.bootstrapServers()).boundedAt(end).id(ID)
        .interceptor(new PipelineRuns.Interceptor(run, 0, 0)).build(env);
    StreamGraph g = env.getStreamGraph();
    g.setJobName(run);
    return new Job(env, g);
  }

  private static List<String> withoutUid(StreamGraph g) {
    List<String> missing = new ArrayList<>();
    for (StreamNode n : g.getStreamNodes()) {
      if (n.getTransformationUID() == null) {
        missing.add(n.getOperatorName());
      }
    }
    return missing;
  }

  private static long files(Path root, String suffix) throws Exception {
    if (!Files.isDirectory(root)) {
      return 0;
    }
    // RocksDB deletes files while it runs (compaction): a walk that meets a vanished file is retried
    for (int attempt = 0; ; attempt++) {
      try (Stream<Path> s = Files.walk(root)) {
        return s.filter(p -> p.getFileName().toString().endsWith(suffix)).count();
      } catch (java.io.UncheckedIOException e) {
        if (!(e.getCause() instanceof java.nio.file.NoSuchFileException) || attempt >= 20) {
          throw e;
        }
      }
    }
  }

  private static Map<String, Long> counts(Map<String, Map<String, List<String>>> outputs) {
    Map<String, Long> m = new java.util.TreeMap<>();
    outputs.forEach((k, v) -> m.put(k, v.values().stream().mapToLong(List::size).sum()));
    return m;
  }

  private static long total(Map<String, Map<String, List<String>>> outputs) {
    return outputs.values().stream().flatMap(m -> m.values().stream()).mapToLong(List::size).sum();
  }
}
