package org.pufferflow.jobs.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.jobs.pipeline.JobTypes;
import org.pufferflow.jobs.pipeline.MechanismStreams;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.OptOutPreload;
import org.pufferflow.operators.StateObservation;

/**
 * The keyed-operator benchmark (docs/benchmarks.md, 'Keyed operators'; issue "Keyed streaming operators", item 10):
 * synthetic observations ({@link SyntheticObservations}) from one bounded source, keyed by subject, through the
 * mechanism's keyed operator on a local MiniCluster (no Kafka), beside the same job with a pass-through keyed
 * operator and beside the bare mechanism in a loop ({@link BareMechanismLoop}), all in the same run.
 *
 * <p>Each job is warmed up, then runs twice (alternating with the other job) with as many records as its rate needs
 * for about {@code seconds} of timed work; the better run counts. Generic types are disabled, as in production.
 * The state size comes from a separate run that checkpoints every 100 ms, over min(M, {@value #STATE_RUN_MAX_SUBJECTS})
 * subjects and as many ticks as their state needs to reach its steady-state size: the largest keyed state a
 * completed checkpoint held, over the subjects. The timed runs do not checkpoint.
 */
@Internal
public final class KeyedOperatorBench {

  /** Most subjects in the state-size run (the per-subject size does not depend on how many there are). */
  static final int STATE_RUN_MAX_SUBJECTS = 10_000;
  private static final TypeInformation<StateObservation> OBSERVATION = TypeInformation.of(StateObservation.class);

  /** The options of one run. */
  public record Options(BenchMechanism mechanism, int states, int subjects, String stateBackend, double seconds,
      int parallelism) {
    public Options {
      PufferPreconditions.checkNotNull("mechanism", mechanism);
      PufferPreconditions.checkInRange("--states", states, mechanism.minStates(), mechanism.maxStates());
      PufferPreconditions.checkInRange("--subjects", subjects, 1, 10_000_000);
      PufferPreconditions.checkArgument("hashmap".equals(stateBackend) || "rocksdb".equals(stateBackend),
          "--state-backend = %s: must be hashmap or rocksdb", stateBackend);
      PufferPreconditions.checkArgument(seconds >= 0.05 && seconds <= 3600,
          "--seconds = %s: must be in [0.05, 3600]", seconds);
      PufferPreconditions.checkInRange("--parallelism", parallelism, 1, 16);
    }
  }

  private final Options options;
  private NoiseKeySource key;

  public KeyedOperatorBench(Options options) {
    this.options = PufferPreconditions.checkNotNull("options", options);
  }

  /** Runs the three measurements. */
  public BenchResult run() throws Exception {
    Path work = Files.createTempDirectory("pufferflow-bench");
    try (BenchCluster cluster = BenchCluster.start(options.parallelism() + 1, work)) {
      key = BenchModels.writeBenchKey(work);
      Timed t = timed(cluster);
      BenchCluster.JobRun pass = t.passThrough();
      BenchCluster.JobRun op = t.operator();
      BareMechanismLoop.Rates bare = BareMechanismLoop.rates(options.mechanism(), options.states(),
          options.subjects(), options.seconds());
      int stateSubjects = Math.min(options.subjects(), STATE_RUN_MAX_SUBJECTS);
      long stateRecords = (long) steadyStateTicks() * stateSubjects;
      BenchCluster.JobRun state =
          cluster.run(job(cluster, true, stateRecords, true, stateSubjects), "bench state size");
      double stateBytes = state.keyedStateBytes() < 0 ? -1 : (double) state.keyedStateBytes() / stateSubjects;
      return new BenchResult(options.mechanism(), options.states(), options.subjects(), options.stateBackend(),
          options.parallelism(), op.records(), op.recordsPerSecond(), pass.recordsPerSecond(),
          bare.recordsPerSecond(), stateBytes, op.seconds(), bare.releaseToProduct());
    } finally {
      deleteRecursively(work);
    }
  }

  /**
   * The operator job alone on {@code cluster} (no pass-through, no bare loop, no state run), warmed up and timed as
   * in {@link #run}: the better of two runs of about {@code seconds}. {@code bench pipeline} uses it for the
   * operator's rate without Kafka (docs/benchmarks.md, 'Pipeline, end to end').
   *
   * @param keyDir where the benchmark key is written
   */
  BenchCluster.JobRun operatorOnly(BenchCluster cluster, Path keyDir) throws Exception {
    key = BenchModels.writeBenchKey(keyDir);
    double op = warmUp(cluster, true);
    BenchCluster.JobRun best = null;
    for (int round = 0; round < 2; round++) {
      BenchCluster.JobRun o = cluster.run(job(cluster, true, size(op, 1.0), false), "bench operator");
      best = best == null || o.recordsPerSecond() > best.recordsPerSecond() ? o : best;
      op = Math.max(op, o.recordsPerSecond());
    }
    return best;
  }

  /** What the timed runs of both jobs measured: the better of two rounds for each. */
  private record Timed(BenchCluster.JobRun passThrough, BenchCluster.JobRun operator) {}

  /**
   * Warm-up (a short run to estimate the rate, then one of half the timed length, for each job), then two rounds
   * that alternate pass-through and operator runs sized for {@code seconds}; the better run of each job counts (the
   * one least disturbed by other processes on the machine).
   */
  private Timed timed(BenchCluster cluster) throws Exception {
    double pass = warmUp(cluster, false);
    double op = warmUp(cluster, true);
    BenchCluster.JobRun bestPass = null;
    BenchCluster.JobRun bestOp = null;
    for (int round = 0; round < 2; round++) {
      BenchCluster.JobRun p = cluster.run(job(cluster, false, size(pass, 1.0), false), "bench pass-through");
      BenchCluster.JobRun o = cluster.run(job(cluster, true, size(op, 1.0), false), "bench operator");
      bestPass = bestPass == null || p.recordsPerSecond() > bestPass.recordsPerSecond() ? p : bestPass;
      bestOp = bestOp == null || o.recordsPerSecond() > bestOp.recordsPerSecond() ? o : bestOp;
      pass = Math.max(pass, p.recordsPerSecond());
      op = Math.max(op, o.recordsPerSecond());
    }
    return new Timed(bestPass, bestOp);
  }

  /** Returns the rate of a half-length run sized from a short first run. */
  private double warmUp(BenchCluster cluster, boolean operator) throws Exception {
    BenchCluster.JobRun first = cluster.run(job(cluster, operator, size(0, 0), false), "bench warm-up");
    BenchCluster.JobRun second =
        cluster.run(job(cluster, operator, size(first.recordsPerSecond(), 0.5), false), "bench warm-up");
    return second.recordsPerSecond();
  }

  /** Records for {@code fraction}·seconds at {@code rate} (at least 2 ticks per subject and 20,000 records). */
  private long size(double rate, double fraction) {
    long min = Math.max(2L * options.subjects(), 20_000);
    return Math.max(min, (long) Math.ceil(rate * options.seconds() * fraction * 1.05));
  }

  /**
   * Ticks after which a subject's state has its steady-state size: a full MQM window (the ring holds only the
   * states seen so far), a full redaction hold-back, ten DPHMM releases (the first releases start from the uniform
   * p0, whose posterior covers every state; by the tenth it has settled on a neighbourhood of the releases).
   */
  private int steadyStateTicks() {
    return switch (options.mechanism()) {
      case DPHMM -> 10;
      case MQM -> BenchModels.WINDOW + 1;
      case REDACTION -> (int) BenchModels.redaction().holdBackTicks() + 2;
    };
  }

  private StreamExecutionEnvironment job(BenchCluster cluster, boolean operator, long records, boolean checkpoint) {
    return job(cluster, operator, records, checkpoint, options.subjects());
  }

  /** Source → keyBy → rate probe → operator (or pass-through) → discarding sink. */
  private StreamExecutionEnvironment job(BenchCluster cluster, boolean operator, long records, boolean checkpoint,
      int subjects) {
    Configuration c = new Configuration();
    c.set(StateBackendOptions.STATE_BACKEND, options.stateBackend());
    c.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
    c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, cluster.checkpoints().toUri().toString());
    c.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, false);
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(c);
    JobTypes.disableGenericTypes(env);
    env.setParallelism(options.parallelism());
    if (checkpoint) {
      env.enableCheckpointing(100);
    }
    DataStream<StateObservation> source = env.fromSource(
            new DataGeneratorSource<>(new SyntheticObservations(subjects, options.states()), records,
                OBSERVATION),
            WatermarkStrategy.noWatermarks(), "synthetic observations")
        .setParallelism(1).uid("bench-source");
    DataStream<StateObservation> probed = source.keyBy(new SubjectKey(), Types.STRING)
        .map(new RateProbe<StateObservation>()).returns(OBSERVATION).name("rate probe").uid("bench-probe");
    KeyedStream<StateObservation, String> keyed =
        DataStreamUtils.reinterpretAsKeyedStream(probed, new SubjectKey(), Types.STRING);
    DataStream<?> out;
    if (!operator) {
      out = keyed.process(new PassThroughFunction(), OBSERVATION).name("pass-through").uid("bench-pass-through");
    } else {
      out = switch (options.mechanism()) {
        case DPHMM -> MechanismStreams.dphmm(keyed, BenchModels.dphmm(options.states()), BenchModels.UNLIMITED, key,
            "bench");
        case MQM -> MechanismStreams.mqm(keyed, BenchModels.mqm(options.states()), BenchModels.UNLIMITED, key,
            BenchModels.labels(options.states()), new TickClock(1_000, 0), "bench");
        case REDACTION -> MechanismStreams.redaction(keyed, null, OptOutPreload.NONE, BenchModels.redaction(), key,
            new TickClock(1_000, 0), BenchModels.labels(2), "bench");
      };
    }
    sink(out);
    return env;
  }

  private static <T> void sink(DataStream<T> out) {
    out.sinkTo(new DiscardingSink<>()).name("discard").uid("bench-discard");
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
