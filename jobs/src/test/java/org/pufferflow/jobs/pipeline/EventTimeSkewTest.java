package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * Skewed input (docs/configuration.md, 'Event time and lateness'; docs/operators.md, 'Fleet histogram'; docs/redaction.md,
 * 'When an opt-out takes effect'): the whole job on a 4-partition input topic and a 3-partition opt-out topic,
 * produced with skew while the job runs — one partition written entirely before the others start, two in bursts, one
 * pausing for 2.5 s and coming back, opt-outs written long after the observations they precede in event time —
 * at parallelism 3 on two TaskManagers, one of which is lost mid-stream and replaced. The committed outputs, fleet
 * histograms included, equal those of file mode on the same input, record by record; file mode gives the same
 * records for the file sorted by time and for the same file grouped by subject; no record an opt-out covers is
 * released; the one opt-out issued too late is reported OPT_OUT_TOO_LATE for exactly the ticks it cannot reach.
 */
@Timeout(300)
class EventTimeSkewTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(2).setNumberSlotsPerTaskManager(2).build());

  static final int PARTITIONS = 4;
  static final int OPT_OUT_PARTITIONS = 3;
  static final int PARALLELISM = 3;
  static final int TICKS = 90;
  static final String INPUT = "skew-in";
  static final String OPT_OUTS = "skew-opt";

  @TempDir static Path dir;

  @RegisterExtension
  static final EmbeddedKafkaExtension KAFKA =
      new EmbeddedKafkaExtension().topic(INPUT, PARTITIONS).topic(OPT_OUTS, OPT_OUT_PARTITIONS);

  @Test
  void skewedPartitionsAndALostTaskManagerCommitExactlyWhatFileModeWrites(@InjectMiniCluster MiniCluster cluster)
      throws Exception {
    // a long idle timeout: the 2.5 s pause of one partition must hold event time back, not be skipped
    JobConfig config = EventTimeRuns.kafka(dir, "skew", INPUT, OPT_OUTS, ", idleTimeoutMillis: 60000");
    long reachBack = EventTimeRuns.HOLD_BACK - config.description(RedactionPlan.class).holdBack();
    SkewedInput in = new SkewedInput(40, TICKS, PARTITIONS, OPT_OUT_PARTITIONS, reachBack, 16);

    KafkaPreflight.prepare(KAFKA.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, PARALLELISM);
    StreamExecutionEnvironment env = PipelineRuns.restartingEnvironment(PARALLELISM, 5, Duration.ofMillis(500));
    JobAssembly.builder(config).bootstrapServers(KAFKA.bootstrapServers())
        .boundedAt(OffsetsInitializer.offsets(ends(INPUT, in.counts())),
            OffsetsInitializer.offsets(ends(OPT_OUTS, in.optOutCounts())))
        .interceptor(new Progress()).build(env);
    JobClient job = env.executeAsync("event-time skew");

    AtomicReference<Throwable> producerFailure = new AtomicReference<>();
    Thread producer = new Thread(() -> {
      try {
        produceWithSkew(in);
      } catch (Throwable t) {
        producerFailure.set(t);
      }
    }, "skewed-producer");
    producer.start();
    // lose a TaskManager mid-stream, once a checkpoint has completed, and start a new one
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while ((Progress.RECORDS.get() < 1200 || Progress.CHECKPOINTS.get() < 2) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    cluster.terminateTaskManager(0).get();
    cluster.startTaskManager();
    producer.join();
    assertThat(producerFailure.get()).isNull();
    job.getJobExecutionResult().get(240, TimeUnit.SECONDS);
    assertThat(Progress.ATTEMPTS.get()).as("the job restarted after the TaskManager was lost").isGreaterThan(1);

    Map<String, List<String>> kafkaOut = EventTimeRuns.committed(KAFKA.bootstrapServers(), config);
    Path optOutsCsv = in.optOutsCsv(dir.resolve("opt-outs.csv"));
    Map<String, List<String>> byTime = EventTimeRuns.runFile(EventTimeRuns.file(dir,
        SkewedInput.csv(dir.resolve("by-time.csv"), in.byTime()), optOutsCsv, dir.resolve("out-time")), 2);
    Map<String, List<String>> bySubject = EventTimeRuns.runFile(EventTimeRuns.file(dir,
        SkewedInput.csv(dir.resolve("by-subject.csv"), in.bySubjectOrder()), optOutsCsv, dir.resolve("out-subject")),
        3);

    assertThat(bySubject).as("file mode: grouped by subject vs sorted by time").isEqualTo(byTime);
    List<String> tooLate = kafkaOut.get("rejected").stream().filter(l -> l.startsWith("OPT_OUT_TOO_LATE")).toList();
    assertThat(tooLate).as("the one opt-out issued too late, the same verdict in every run").hasSize(1);
    assertThat(tooLate.get(0)).contains("can no longer be protected (issued in tick");
    kafkaOut.get("rejected").removeAll(tooLate);
    int fleetRecords = 0;
    for (String output : byTime.keySet()) {
      assertThat(kafkaOut.get(output)).as("%s: Kafka with skew and a lost TaskManager vs file mode", output)
          .isEqualTo(byTime.get(output));
      assertThat(byTime.get(output)).as(output).isNotEmpty();
    }
    fleetRecords = byTime.get("fleet-histograms").size();
    assertThat(kafkaOut.get("fleet-histograms")).noneMatch(l -> l.contains("\"correction\": true"));
    assertThat(kafkaOut.get("rejected")).anyMatch(l -> l.startsWith("DUPLICATE_TICK"))
        .anyMatch(l -> l.startsWith("TOO_LATE"));
    noCoveredRecordReleased(in, kafkaOut.get("redacted-records"));
    System.out.printf("EventTimeSkewTest: %d observations in %d partitions, %d opt-outs; %d attempts; fleet records"
        + " compared %d, differences 0; outputs compared %s%n", in.byTime().size(), PARTITIONS, in.optOuts.size(),
        Progress.ATTEMPTS.get(), fleetRecords, sizes(byTime));
  }

  /** No tick inside a range the contract protects was released with its value. */
  private static void noCoveredRecordReleased(SkewedInput in, List<String> redacted) {
    for (SkewedInput.Opt o : in.optOuts) {
      if (o.protectedRange() == null) {
        continue;
      }
      for (long t = o.protectedRange()[0]; t <= o.protectedRange()[1]; t++) {
        String released = "{\"subjectId\": \"" + o.optOut().getSubjectId() + "\", \"tick\": " + t + ", \"value\": ";
        for (String line : redacted) {
          if (line.startsWith(released)) {
            assertThat(line).as("opted-out tick").endsWith("\"value\": null, \"label\": null}");
          }
        }
      }
    }
  }

  /** Partition 0 at once; 1 and 2 in bursts of 15 ticks; 3 tick by tick with a pause; opt-outs late. */
  private static void produceWithSkew(SkewedInput in) throws InterruptedException {
    try (KafkaProducer<byte[], byte[]> p = EventTimeRuns.producer(KAFKA.bootstrapServers())) {
      in.byPartition.get(0).forEach(o -> EventTimeRuns.send(p, INPUT, 0, o.subject(), o.value()));
      in.optOuts.stream().filter(o -> o.partition() == 0).forEach(o -> EventTimeRuns.send(p, OPT_OUTS, o));
      p.flush();
      int[] next = new int[PARTITIONS];
      int optOut = 0;
      List<SkewedInput.Opt> late = in.optOuts.stream().filter(o -> o.partition() != 0).toList();
      for (long slot = 0; slot < TICKS; slot++) {
        for (int part = 1; part < PARTITIONS; part++) {
          long upTo = part < 3 ? (slot / 15) * 15 + 14 : slot; // bursts, or tick by tick
          List<SkewedInput.Obs> records = in.byPartition.get(part);
          while (next[part] < records.size() && records.get(next[part]).slot() <= upTo) {
            SkewedInput.Obs o = records.get(next[part]++);
            EventTimeRuns.send(p, INPUT, part, o.subject(), o.value());
          }
        }
        // the opt-outs of partitions 1 and 2 follow the observations by 20 ticks: observations run ahead
        while (optOut < late.size() && late.get(optOut).optOut().getEventTime().toEpochMilli() / 1000 <= slot - 20) {
          EventTimeRuns.send(p, OPT_OUTS, late.get(optOut++));
        }
        p.flush();
        Thread.sleep(slot == TICKS / 2 ? 2500 : 25); // partition 3 pauses (so do the others, already ahead)
      }
      while (optOut < late.size()) {
        EventTimeRuns.send(p, OPT_OUTS, late.get(optOut++));
      }
      p.flush();
    }
  }

  private static Map<TopicPartition, Long> ends(String topic, long[] counts) {
    Map<TopicPartition, Long> m = new HashMap<>();
    for (int i = 0; i < counts.length; i++) {
      m.put(new TopicPartition(topic, i), counts[i]);
    }
    return m;
  }

  private static Map<String, Integer> sizes(Map<String, List<String>> outputs) {
    Map<String, Integer> m = new java.util.TreeMap<>();
    outputs.forEach((k, v) -> m.put(k, v.size()));
    return m;
  }

  /** Counts records, completed checkpoints and attempts (static: the MiniCluster runs in this JVM). */
  static final class Progress extends RichMapFunction<RawRecord, RawRecord> implements CheckpointListener {
    private static final long serialVersionUID = 1L;
    static final AtomicLong RECORDS = new AtomicLong();
    static final AtomicLong CHECKPOINTS = new AtomicLong();
    static final AtomicLong ATTEMPTS = new AtomicLong();

    @Override
    public void open(OpenContext context) {
      ATTEMPTS.accumulateAndGet(getRuntimeContext().getTaskInfo().getAttemptNumber() + 1, Math::max);
    }

    @Override
    public RawRecord map(RawRecord value) {
      RECORDS.incrementAndGet();
      return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      CHECKPOINTS.incrementAndGet();
    }
  }
}
