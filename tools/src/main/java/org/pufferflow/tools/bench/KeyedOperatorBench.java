package org.pufferflow.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.jobs.pipeline.ExecutionSettings;
import org.pufferflow.jobs.pipeline.JobTypes;
import org.pufferflow.jobs.pipeline.MechanismStreams;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.LedgerStore;
import org.pufferflow.operators.OptOutPreload;
import org.pufferflow.operators.StateObservation;

/**
 * The keyed-operator benchmark (docs/benchmarks.md, 'Keyed operators'; issue "Keyed streaming operators", item 10):
 * synthetic observations ({@link SyntheticObservations}) from one bounded source, keyed by subject, through the
 * mechanism's keyed operator on a local MiniCluster (no Kafka), beside the same job with a pass-through keyed
 * operator and beside the bare mechanism in a loop ({@link BareMechanismLoop}), all in the same run.
 *
 * <p>Each job is warmed up, then runs {@code runs} times, alternating with the other job ({@link Rounds}), with as
 * many records as its rate needs for {@code seconds} of timed work; every rate is reported as min/median/max and
 * every ratio is taken within a round and judged by {@link Trust}. Generic types are disabled, as in production.
 * The state size comes from a separate run that checkpoints every 100 ms, over min(M, {@value #STATE_RUN_MAX_SUBJECTS})
 * subjects and as many ticks as their state needs to reach its steady-state size: the largest keyed state a
 * completed checkpoint held, over the subjects. That run always uses the heap backend, whose full snapshot is the
 * serialized state (the serializers' bytes plus the key per entry), the same for either backend: a RocksDB
 * checkpoint (Flink 2.2: a native copy of the SST files, full or incremental) also holds the stale versions of
 * every value that compaction has not yet dropped, a multiple of the state that depends on flush and compaction
 * timing. The timed runs do not checkpoint.
 */
@Internal
public final class KeyedOperatorBench {

  /** Most subjects in the state-size run (the per-subject size does not depend on how many there are). */
  static final int STATE_RUN_MAX_SUBJECTS = 10_000;
  /** The backend of the state-size run: its full snapshot is the serialized state (class comment). */
  static final String STATE_RUN_BACKEND = "hashmap";
  private static final TypeInformation<StateObservation> OBSERVATION = TypeInformation.of(StateObservation.class);

  /**
   * The options of one run.
   *
   * @param runs timed runs of each job (rounds)
   * @param baselineSubjects when &gt; 0, the operator is also run with this many subjects in every round and the
   *     per-record cost at {@code subjects} is reported against it
   * @param truncation DPHMM only: τ of the support constraint (0: the exact support, the default; τ &gt; 0 the
   *     opt-in truncation, docs/dphmm.md, 'The constraint C_t')
   * @param managedMiB the task manager's managed memory (RocksDB's block cache and write buffers), MiB
   */
  public record Options(BenchMechanism mechanism, int states, int subjects, String stateBackend, double seconds,
      int parallelism, int runs, int baselineSubjects, double truncation, int managedMiB) {
    public Options {
      PufferPreconditions.checkInRange("--managed-memory", managedMiB, 64, 65_536);
      PufferPreconditions.checkClosedOpenInterval("--truncation", truncation, 0, 1);
      PufferPreconditions.checkArgument(truncation == 0 || mechanism == BenchMechanism.DPHMM,
          "--truncation = %s: only bench dphmm has a constraint", truncation);
      PufferPreconditions.checkNotNull("mechanism", mechanism);
      PufferPreconditions.checkInRange("--states", states, mechanism.minStates(), mechanism.maxStates());
      PufferPreconditions.checkInRange("--subjects", subjects, 1, 10_000_000);
      PufferPreconditions.checkArgument("hashmap".equals(stateBackend) || "rocksdb".equals(stateBackend),
          "--state-backend = %s: must be hashmap or rocksdb", stateBackend);
      PufferPreconditions.checkArgument(seconds >= 0.05 && seconds <= 3600,
          "--seconds = %s: must be in [0.05, 3600]", seconds);
      PufferPreconditions.checkInRange("--parallelism", parallelism, 1, 16);
      PufferPreconditions.checkInRange("--runs", runs, 1, 20);
      PufferPreconditions.checkArgument(baselineSubjects == 0 || (baselineSubjects >= 1 && baselineSubjects < subjects),
          "--baseline-subjects = %s: must be in [1, --subjects) (%s)", baselineSubjects, subjects);
    }

    /** One run of each job over {@code seconds}, no scaling baseline (the tests' and {@code bench pipeline}'s). */
    public Options(BenchMechanism mechanism, int states, int subjects, String stateBackend, double seconds,
        int parallelism) {
      this(mechanism, states, subjects, stateBackend, seconds, parallelism, Trust.MIN_RUNS, 0, 0.0,
          BenchCluster.DEFAULT_MANAGED_MIB);
    }

    /** The DPHMM constraint these options ask for. */
    public Constraint constraint() {
      return Constraint.support(truncation);
    }
  }

  /** The managed memory of the bench's task manager unless asked otherwise (MiB). */
  public static final int DEFAULT_MANAGED_MIB = BenchCluster.DEFAULT_MANAGED_MIB;

  private final Options options;
  private final Rounds rounds;
  private NoiseKeySource key;

  public KeyedOperatorBench(Options options) {
    this.options = PufferPreconditions.checkNotNull("options", options);
    this.rounds = new Rounds(options.seconds(), Math.max(2L * options.subjects(), 20_000), Long.MAX_VALUE);
  }

  /** Runs the measurements; {@code progress} receives one line per step. */
  public BenchResult run(Consumer<String> progress) throws Exception {
    Path work = Files.createTempDirectory("pufferflow-bench");
    try (BenchCluster cluster = BenchCluster.start(options.parallelism() + 1, work, options.managedMiB())) {
      key = BenchModels.writeBenchKey(work);
      int n = options.runs();
      int m0 = options.baselineSubjects();
      Path checkpoints = cluster.checkpoints();
      Rounds.Job pass = records -> cluster.run(job(checkpoints, false, records, false, options.subjects()),
          "bench pass-through");
      Rounds.Job op = records -> cluster.run(job(checkpoints, true, records, false, options.subjects()),
          "bench operator");
      Rounds.Job base =
          records -> cluster.run(job(checkpoints, true, records, false, m0), "bench operator, baseline");
      double passRate = rounds.warmUp(pass);
      double opRate = rounds.warmUp(op);
      double baseRate = m0 > 0 ? rounds.warmUp(base) : 0;
      progress.accept(String.format("bench %s: warmed up (pass-through %,.0f, operator %,.0f records/s)",
          options.mechanism().cliName(), passRate, opRate));
      BenchCluster.JobRun[] passRuns = new BenchCluster.JobRun[n];
      BenchCluster.JobRun[] opRuns = new BenchCluster.JobRun[n];
      BenchCluster.JobRun[] baseRuns = new BenchCluster.JobRun[m0 > 0 ? n : 0];
      double[] bare = new double[n];
      double[] releaseToProduct = new double[n];
      for (int r = 0; r < n; r++) {
        passRuns[r] = rounds.timed(pass, passRate, "pass-through", progress);
        opRuns[r] = rounds.timed(op, opRate, "operator", progress);
        passRate = passRuns[r].recordsPerSecond();
        opRate = opRuns[r].recordsPerSecond();
        if (m0 > 0) {
          baseRuns[r] = rounds.timed(base, baseRate, "operator at " + m0 + " subjects", progress);
          baseRate = baseRuns[r].recordsPerSecond();
        }
        BareMechanismLoop.Rates b = BareMechanismLoop.rates(options.mechanism(), options.states(),
            options.subjects(), options.seconds(), options.constraint());
        bare[r] = b.recordsPerSecond();
        releaseToProduct[r] = b.releaseToProduct();
        progress.accept(String.format("bench %s [run %d/%d] operator %,.0f, pass-through %,.0f, bare %,.0f%s records/s",
            options.mechanism().cliName(), r + 1, n, opRate, passRate, bare[r],
            m0 > 0 ? String.format(", operator at %,d subjects %,.0f", m0, baseRate) : ""));
      }
      int stateSubjects = Math.min(options.subjects(), STATE_RUN_MAX_SUBJECTS);
      long stateRecords = (long) steadyStateTicks() * stateSubjects;
      BenchCluster.JobRun state =
          cluster.run(job(checkpoints, true, stateRecords, true, stateSubjects, STATE_RUN_BACKEND),
              "bench state size");
      double stateBytes = state.keyedStateBytes() < 0 ? -1 : (double) state.keyedStateBytes() / stateSubjects;
      double[] ops = Rounds.rates(opRuns);
      double[] spans = Rounds.spans(opRuns);
      double[] passSpans = Rounds.spans(passRuns);
      Ratio scaling = null;
      if (m0 > 0) {
        double[] both = Rounds.concat(spans, Rounds.spans(baseRuns));
        scaling = Trust.judge(Rounds.divide(Rounds.rates(baseRuns), ops), options.seconds(), both, false);
      }
      return new BenchResult(options.mechanism(), options.states(), options.subjects(), options.stateBackend(),
          options.parallelism(), options.seconds(), Rounds.fewest(opRuns), Spread.of(ops),
          Spread.of(Rounds.rates(passRuns)), Spread.of(bare), Spread.of(spans),
          Trust.judge(Rounds.divide(ops, Rounds.rates(passRuns)), options.seconds(),
              Rounds.concat(spans, passSpans), true),
          Trust.judge(Rounds.divide(ops, bare), options.seconds(), spans, true), scaling, m0, stateBytes,
          Double.isNaN(releaseToProduct[0]) ? null : Spread.of(releaseToProduct));
    } finally {
      deleteRecursively(work);
    }
  }

  /**
   * The operator job alone on {@code cluster} (no pass-through, no bare loop, no state run), as {@code bench pipeline}
   * times it beside its Kafka jobs (docs/benchmarks.md, 'Pipeline, end to end').
   *
   * @param keyDir where the benchmark key is written
   */
  Rounds.Job operatorOnly(BenchCluster cluster, Path keyDir) throws Exception {
    key = BenchModels.writeBenchKey(keyDir);
    return records -> cluster.run(job(cluster.checkpoints(), true, records, false, options.subjects()),
        "bench operator");
  }

  /**
   * The job graph of the operator job ({@code operator}) or the pass-through job, as {@link #run} submits it, without
   * running it (tests: which operators Flink chains).
   *
   * @param work where the benchmark key is written; also the checkpoint directory
   */
  JobGraph jobGraph(Path work, boolean operator) {
    key = BenchModels.writeBenchKey(work);
    return job(work, operator, 1_000, false, options.subjects()).getStreamGraph().getJobGraph();
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

  /** Source → keyBy → rate probe → operator (or pass-through) → discarding sink, on the options' backend. */
  private StreamExecutionEnvironment job(Path checkpoints, boolean operator, long records, boolean checkpoint,
      int subjects) {
    return job(checkpoints, operator, records, checkpoint, subjects, options.stateBackend());
  }

  private StreamExecutionEnvironment job(Path checkpoints, boolean operator, long records, boolean checkpoint,
      int subjects, String stateBackend) {
    Configuration c = new Configuration();
    c.set(StateBackendOptions.STATE_BACKEND, stateBackend);
    if ("rocksdb".equals(stateBackend)) {
      ExecutionSettings.tuneRocksDb(c); // as run sets it up
    }
    c.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
    c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
    c.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, false);
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(c);
    JobTypes.applyJobRules(env);
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
        case DPHMM -> MechanismStreams.dphmm(keyed, BenchModels.dphmm(options.states(), options.constraint()), key,
            LedgerStore.NONE, "bench"); // the operator alone: no durable ledger
        case MQM -> MechanismStreams.mqm(keyed, BenchModels.mqm(options.states()), key,
            BenchModels.labels(options.states()), new TickClock(1_000, 0), LedgerStore.NONE, "bench");
        case REDACTION -> MechanismStreams.redaction(keyed, null, OptOutPreload.NONE, BenchModels.redaction(), key,
            new TickClock(1_000, 0), BenchModels.labels(2), LedgerStore.NONE, "bench");
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
