package org.pufferflow.tools.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.common.TopicPartition;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.pipeline.Assembled;
import org.pufferflow.jobs.pipeline.ExecutionSettings;
import org.pufferflow.jobs.pipeline.JobAssembly;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.pipeline.ProgressCounters;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.StateObservation;

/**
 * {@code pufferflow bench pipeline} (docs/benchmarks.md, 'Pipeline, end to end'): the whole job of a configuration
 * ({@link JobAssembly}: Kafka input → ingestion → the mechanism → Kafka outputs, exactly-once) on the embedded
 * broker and a local Flink cluster, beside a Kafka → map → Kafka pass-through job ({@link PassThroughPipeline}) and
 * the mechanism's keyed operator without Kafka ({@link KeyedOperatorBench#operatorOnly}), in one run.
 *
 * <p>Method: the input topic is pre-loaded with the synthetic observations ({@link SyntheticFeed}, Avro, keyed by
 * subject, {@code parallelism} partitions). Both Kafka jobs read a prefix of the same records, bounded by stopping
 * offsets, with the same parallelism, checkpoint interval and state backend. A rate probe chained right after the
 * source notes the first record's time; the span ends at the last record, at the source in the pass-through job and
 * out of ingestion's tick-order buffer in the pipeline (a second probe there, so records still in flight or
 * buffered count), which leaves out start-up and the final commit. Each job is warmed up (over the first records,
 * then over about {@code seconds}/2), then runs {@code runs} times in rounds with the others ({@link Rounds}), each
 * run over as many records as its latest rate needs for {@code seconds}; rates are reported as min/median/max and
 * ratios judged by {@link Trust}. A pipeline run whose ingestion did not
 * accept every record it read fails the benchmark (it would time a job that drops its input).
 */
@Internal
public final class PipelineBench {

  /** At most this many records are pre-loaded (about 60 bytes each on the broker's disk). */
  static final long MAX_RECORDS = 40_000_000L;
  /** Records of the warm-up runs, at least. */
  static final long MIN_WARM_RECORDS = 200_000L;

  /** The options of one run; the checks of {@link KeyedOperatorBench.Options} plus the mechanism and interval. */
  public record Options(KeyedOperatorBench.Options operator, long checkpointMillis) {
    public Options {
      PufferPreconditions.checkNotNull("operator", operator);
      PufferPreconditions.checkArgument(operator.mechanism() != BenchMechanism.REDACTION,
          "--mechanism = %s: must be mqm or dphmm", operator.mechanism().cliName());
      PufferPreconditions.checkInRange("--checkpoint-millis", checkpointMillis, 10, 600_000);
    }
  }

  /**
   * What one run measured, beside the fields every bench command has.
   *
   * @param outputRecords output records of the measured job's last timed run
   * @param loadAverage the system load average when the run started
   */
  public record Result(BenchResult bench, long outputRecords, double loadAverage) {}

  private final Options options;
  private final KeyedOperatorBench.Options o;
  private int runs;

  public PipelineBench(Options options) {
    this.options = PufferPreconditions.checkNotNull("options", options);
    this.o = options.operator();
  }

  /** Runs every measurement; {@code progress} receives one line per step. */
  public Result run(Consumer<String> progress) throws Exception {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    Path work = Files.createTempDirectory("pufferflow-bench-pipeline");
    int p = o.parallelism();
    try (EmbeddedKafka kafka = EmbeddedKafka.start();
        BenchCluster cluster = BenchCluster.start(p + 1, work)) {
      BenchModels.writeBenchKey(work);
      JobConfig config = PipelineConfigs.of(o.mechanism(), o.states(), work.resolve("bench.key"), work);
      String broker = kafka.bootstrapServers();
      KafkaPreflight.prepare(broker, KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, p);
      kafka.createTopics(p, PipelineConfigs.PASS_THROUGH_TOPIC);
      SyntheticFeed feed = new SyntheticFeed(broker, config.kafka().inputTopic(), o.subjects(), o.states());
      long warm = warmRecords();
      progress.accept("bench pipeline: pre-loading " + warm + " observations (more are appended as runs need them)");
      Rounds rounds = new Rounds(o.seconds(), warm, MAX_RECORDS);
      Rounds.Job pass = records -> passThrough(cluster, config, broker, feed, records);
      Rounds.Job pipe = records -> pipeline(cluster, config, broker, feed, records);
      Rounds.Job operator = new KeyedOperatorBench(o).operatorOnly(cluster, work);
      return new Result(measure(rounds, pass, pipe, operator, progress, "Kafka"), lastOutputs, load);
    } finally {
      KeyedOperatorBench.deleteRecursively(work);
    }
  }

  /**
   * Warms up the three jobs, then times them in {@code o.runs()} rounds (pass-through, pipeline, operator) and
   * judges the two ratios: pipeline ÷ pass-through and pipeline ÷ operator. Without an operator job (file mode) the
   * pass-through writes more output than the pipeline (one line per record), so a ratio above 1 is no sign of
   * noise there.
   */
  BenchResult measure(Rounds rounds, Rounds.Job pass, Rounds.Job pipe, Rounds.Job operator,
      Consumer<String> progress, String kind) throws Exception {
    double passRate = rounds.warmUp(pass);
    double pipeRate = rounds.warmUp(pipe);
    double opRate = operator == null ? 0 : rounds.warmUp(operator);
    progress.accept(String.format("bench pipeline: warmed up (%s pass-through %,.0f, pipeline %,.0f records/s)",
        kind, passRate, pipeRate));
    int n = o.runs();
    BenchCluster.JobRun[] passRuns = new BenchCluster.JobRun[n];
    BenchCluster.JobRun[] pipeRuns = new BenchCluster.JobRun[n];
    BenchCluster.JobRun[] opRuns = new BenchCluster.JobRun[operator == null ? 0 : n];
    for (int r = 0; r < n; r++) {
      passRuns[r] = rounds.timed(pass, passRate, "pass-through", progress);
      pipeRuns[r] = rounds.timed(pipe, pipeRate, "pipeline", progress);
      passRate = passRuns[r].recordsPerSecond();
      pipeRate = pipeRuns[r].recordsPerSecond();
      String line = String.format("bench pipeline [run %d/%d] pipeline %,.0f, %s pass-through %,.0f", r + 1, n,
          pipeRate, kind, passRate);
      if (operator != null) {
        opRuns[r] = rounds.timed(operator, opRate, "operator", progress);
        opRate = opRuns[r].recordsPerSecond();
        line += String.format(", operator without Kafka %,.0f", opRate);
      }
      progress.accept(line + " records/s");
    }
    BenchCluster.JobRun last = pipeRuns[n - 1];
    double stateBytes = last.keyedStateBytes() < 0 ? -1 : (double) last.keyedStateBytes() / o.subjects();
    double[] pipes = Rounds.rates(pipeRuns);
    double[] spans = Rounds.spans(pipeRuns);
    double[] passes = Rounds.rates(passRuns);
    Spread ops = operator == null ? null : Spread.of(Rounds.rates(opRuns));
    Ratio toOperator = operator == null ? null : Trust.judge(Rounds.divide(pipes, Rounds.rates(opRuns)),
        o.seconds(), Rounds.concat(spans, Rounds.spans(opRuns)), true);
    return new BenchResult(o.mechanism(), o.states(), o.subjects(), o.stateBackend(), o.parallelism(), o.seconds(),
        Rounds.fewest(pipeRuns), Spread.of(pipes), Spread.of(passes), ops, Spread.of(spans),
        Trust.judge(Rounds.divide(pipes, passes), o.seconds(),
            Rounds.concat(spans, Rounds.spans(passRuns)), operator != null),
        toOperator, null, 0, stateBytes, null);
  }

  /** Enough records for the first mechanism outputs of every subject, and at least {@value #MIN_WARM_RECORDS}. */
  private long warmRecords() {
    long ticks = o.mechanism() == BenchMechanism.MQM ? BenchModels.WINDOW + BenchModels.SLIDE : 3;
    return Math.min(MAX_RECORDS, Math.max(MIN_WARM_RECORDS, ticks * o.subjects()));
  }

  /** The first {@code records} of the topic: each partition's prefix in proportion to its share. */
  static OffsetsInitializer prefix(Map<TopicPartition, Long> ends, long records) {
    long total = 0;
    for (long e : ends.values()) {
      total += e;
    }
    Map<TopicPartition, Long> stop = new HashMap<>();
    for (var e : ends.entrySet()) {
      long end = e.getValue();
      stop.put(e.getKey(), records >= total ? end : Math.min(end, (long) Math.ceil((double) end * records / total)));
    }
    return OffsetsInitializer.offsets(stop);
  }

  private StreamExecutionEnvironment environment(BenchCluster cluster) {
    return environment(cluster, o, options.checkpointMillis());
  }

  /**
   * A local environment of {@code cluster} as {@code run} sets it up (parallelism, checkpoint interval and state
   * backend of {@code o}), shared by the Kafka and file pipeline benchmarks.
   */
  static StreamExecutionEnvironment environment(BenchCluster cluster, KeyedOperatorBench.Options o,
      long checkpointMillis) {
    ExecutionConfig exec = new ExecutionConfig(o.parallelism(), checkpointMillis,
        "hashmap".equals(o.stateBackend()) ? ExecutionConfig.StateBackend.HASHMAP
            : ExecutionConfig.StateBackend.ROCKSDB, false, null, 0);
    StreamExecutionEnvironment env =
        new StreamExecutionEnvironment(ExecutionSettings.localConfiguration(exec, cluster.checkpoints()));
    ExecutionSettings.applyLocal(env, exec);
    return env;
  }

  /** The end offsets of the input topic once it holds at least {@code records} records. */
  private Map<TopicPartition, Long> fill(SyntheticFeed feed, long records) throws Exception {
    feed.fillTo(records, n -> {});
    return feed.endOffsets(o.parallelism());
  }

  private BenchCluster.JobRun passThrough(BenchCluster cluster, JobConfig config, String broker,
      SyntheticFeed feed, long records) throws Exception {
    Map<TopicPartition, Long> ends = fill(feed, records);
    StreamExecutionEnvironment env = environment(cluster);
    PassThroughPipeline.build(env, broker, config.kafka().inputTopic(), config.kafka().groupId(),
        prefix(ends, records), "pt" + (++runs) + "/");
    return cluster.run(env, "bench pass-through");
  }

  private BenchCluster.JobRun pipeline(BenchCluster cluster, JobConfig config, String broker,
      SyntheticFeed feed, long records) throws Exception {
    Map<TopicPartition, Long> ends = fill(feed, records);
    // every run is a fresh deployment with a durable ledger of its own: it publishes the ticks earlier runs did
    JobConfig run0 = config.withKafka(config.kafka().withLedgerStoreTopic(
        config.kafka().ledgerStoreTopic() + "-" + (runs + 1)));
    KafkaPreflight.prepare(broker, KafkaPreflight.TIMEOUT, TopicPlan.of(run0), true, o.parallelism());
    StreamExecutionEnvironment env = environment(cluster);
    // the end of the timed span: the last observation out of ingestion's tick-order buffer (chained in line there)
    // every run reads the topic from its start: the runs share the group and the topic, which grows between them
    Assembled a = JobAssembly.builder(run0).bootstrapServers(broker).boundedAt(prefix(ends, records)).fromEarliest()
        .id("pl" + (++runs)).interceptor(new RateProbe<RawRecord>())
        .acceptedInterceptor(RateProbe.<StateObservation>atEnd()).build(env);
    BenchCluster.JobRun run = cluster.run(env, "bench pipeline");
    Map<String, Long> c = ProgressCounters.of(run.accumulators(), a.id(), a.outputs());
    long read = c.get(ProgressCounters.READ);
    long accepted = c.get(ProgressCounters.ACCEPTED);
    if (read != run.records() || accepted != read) {
      throw new IllegalStateException("bench pipeline: the job read " + read + " records, accepted " + accepted
          + ", probe saw " + run.records() + " (every synthetic record must be accepted)");
    }
    lastOutputs = outputCount(c);
    return run;
  }

  /** Output records of the latest pipeline run. */
  private long lastOutputs;

  static long outputCount(Map<String, Long> counters) {
    long n = 0;
    for (OutputKind k : OutputKind.all()) {
      if (k != OutputKind.REJECTED) {
        n += counters.getOrDefault(k.fileStem(), 0L);
      }
    }
    return n;
  }

}
