package org.pufferflow.jobs.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
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
 * then over about {@code seconds}/2), then runs twice, alternating with the other, over as many records as its
 * warm-up rate needs for about {@code seconds}; the better run counts. A pipeline run whose ingestion did not
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

  /** What one run measured, beside the fields every bench command has. */
  public record Result(BenchResult bench, long passThroughRecords, double passThroughSeconds, long outputRecords,
      double loadAverage) {}

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
      Steps steps = new Steps(progress, 10);

      long warm = warmRecords();
      steps.next("pre-loading " + warm + " observations (more are appended when a run needs them)");
      BenchCluster.JobRun pass = passThrough(cluster, config, broker, feed, warm);
      steps.next("warm-up pass-through: " + rate(pass));
      BenchCluster.JobRun pipe = pipeline(cluster, config, broker, feed, warm);
      steps.next("warm-up pipeline: " + rate(pipe));
      pass = passThrough(cluster, config, broker, feed, size(pass.recordsPerSecond(), 0.5, warm));
      steps.next("warm-up pass-through (S/2): " + rate(pass));
      pipe = pipeline(cluster, config, broker, feed, size(pipe.recordsPerSecond(), 0.5, warm));
      steps.next("warm-up pipeline (S/2): " + rate(pipe));
      double passRate = pass.recordsPerSecond();
      double pipeRate = pipe.recordsPerSecond();
      BenchCluster.JobRun bestPass = null;
      BenchCluster.JobRun bestPipe = null;
      for (int round = 0; round < 2; round++) {
        pass = passThrough(cluster, config, broker, feed, size(passRate, 1.0, warm));
        steps.next("pass-through: " + rate(pass));
        pipe = pipeline(cluster, config, broker, feed, size(pipeRate, 1.0, warm));
        steps.next("pipeline: " + rate(pipe));
        bestPass = bestPass == null || pass.recordsPerSecond() > bestPass.recordsPerSecond() ? pass : bestPass;
        bestPipe = bestPipe == null || pipe.recordsPerSecond() > bestPipe.recordsPerSecond() ? pipe : bestPipe;
        passRate = Math.max(passRate, pass.recordsPerSecond());
        pipeRate = Math.max(pipeRate, pipe.recordsPerSecond());
      }
      BenchCluster.JobRun operator = new KeyedOperatorBench(o).operatorOnly(cluster, work);
      steps.next("keyed operator without Kafka: " + rate(operator));
      double stateBytes = bestPipe.keyedStateBytes() < 0 ? -1 : (double) bestPipe.keyedStateBytes() / o.subjects();
      BenchResult bench = new BenchResult(o.mechanism(), o.states(), o.subjects(), o.stateBackend(), p,
          bestPipe.records(), bestPipe.recordsPerSecond(), bestPass.recordsPerSecond(), operator.recordsPerSecond(),
          stateBytes, bestPipe.seconds());
      return new Result(bench, bestPass.records(), bestPass.seconds(), outputs(bestPipe), load);
    } finally {
      KeyedOperatorBench.deleteRecursively(work);
    }
  }

  /** Enough records for the first mechanism outputs of every subject, and at least {@value #MIN_WARM_RECORDS}. */
  private long warmRecords() {
    long ticks = o.mechanism() == BenchMechanism.MQM ? BenchModels.WINDOW + BenchModels.SLIDE : 3;
    return Math.min(MAX_RECORDS, Math.max(MIN_WARM_RECORDS, ticks * o.subjects()));
  }

  /** Records for {@code fraction}·seconds at {@code rate}, at least {@code min}. */
  private long size(double rate, double fraction, long min) {
    return Math.min(MAX_RECORDS, Math.max(min, (long) Math.ceil(rate * o.seconds() * fraction * 1.05)));
  }

  private static String rate(BenchCluster.JobRun r) {
    return String.format("%,.0f records/s (%,d records in %.1f s)", r.recordsPerSecond(), r.records(), r.seconds());
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
    ExecutionConfig exec = new ExecutionConfig(o.parallelism(), options.checkpointMillis(),
        "hashmap".equals(o.stateBackend()) ? ExecutionConfig.StateBackend.HASHMAP : ExecutionConfig.StateBackend.ROCKSDB,
        false, null, 0);
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
    StreamExecutionEnvironment env = environment(cluster);
    Assembled a = JobAssembly.builder(config).bootstrapServers(broker).boundedAt(prefix(ends, records))
        .id("pl" + (++runs)).interceptor(new RateProbe<RawRecord>()).build(env);
    // the end of the timed span: the last observation out of ingestion's tick-order buffer (chained there, one copy
    // of each observation into a discarding sink)
    a.ingest().observations().map(RateProbe.<StateObservation>atEnd(), TypeInformation.of(StateObservation.class))
        .name(a.id() + "end probe").uid(a.id() + "end-probe")
        .sinkTo(new DiscardingSink<>()).name(a.id() + "discard").uid(a.id() + "discard");
    BenchCluster.JobRun run = cluster.run(env, "bench pipeline");
    Map<String, Long> c = ProgressCounters.of(run.accumulators(), a.id(), a.outputs());
    long read = c.get(ProgressCounters.READ);
    long accepted = c.get(ProgressCounters.ACCEPTED);
    if (read != run.records() || accepted != read) {
      throw new IllegalStateException("bench pipeline: the job read " + read + " records, accepted " + accepted
          + ", probe saw " + run.records() + " (every synthetic record must be accepted)");
    }
    lastOutputs.put(run, outputCount(c));
    return run;
  }

  /** Output records of each pipeline run (by identity). */
  private final Map<BenchCluster.JobRun, Long> lastOutputs = new java.util.IdentityHashMap<>();

  private static long outputCount(Map<String, Long> counters) {
    long n = 0;
    for (OutputKind k : OutputKind.values()) {
      if (k != OutputKind.REJECTED) {
        n += counters.getOrDefault(k.fileStem(), 0L);
      }
    }
    return n;
  }

  private long outputs(BenchCluster.JobRun run) {
    return lastOutputs.getOrDefault(run, 0L);
  }

  /** Numbered progress lines. */
  private static final class Steps {
    private final Consumer<String> out;
    private final int total;
    private int done;

    Steps(Consumer<String> out, int total) {
      this.out = out;
      this.total = total;
    }

    void next(String what) {
      out.accept(String.format("bench pipeline [%d/%d] %s", ++done, total, what));
    }
  }
}
