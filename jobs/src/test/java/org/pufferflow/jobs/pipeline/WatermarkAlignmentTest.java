package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;
import org.pufferflow.operators.RawRecord;

/**
 * Alignment (docs/configuration.md, 'Event time and lateness'; docs/configuration.md, 'time'): watermark
 * alignment. One partition is written whole before the others, which are written a tick at a time; with
 * {@code time.maxDriftTicks: 10} the job does not read it far ahead of the slowest other partition (Flink pauses it),
 * where without alignment it is read to its end at once. Alignment acts per fetch and per watermark period, so it
 * overshoots the drift by what a partition delivers in between (docs/configuration.md, 'Event time and lateness').
 */
@Timeout(180)
class WatermarkAlignmentTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  static final int PARTITIONS = 4;
  static final int TICKS = 16_000;
  /** The other partitions are written slowly up to this tick, then at once to their end. */
  static final int SLOW = 700;
  static final int OTHERS = 1000;
  static final int DRIFT = 10;
  static final String INPUT = "align-in";

  @TempDir static Path dir;

  @RegisterExtension
  static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension().topic(INPUT, PARTITIONS);

  @Test
  void aPartitionWrittenAheadIsReadAtMostAboutTheDriftAheadOfTheOthers() throws Exception {
    long lead = maxLead(DRIFT, "aligned");
    // alignment acts on watermarks and drift announcements (every time.alignmentUpdateMillis) and stops further
    // fetches only: a partition read at full speed overshoots by what it delivers in between; without alignment it is
    // read to its end
    assertThat(lead).as("ticks read ahead of the slowest partition").isLessThan(TICKS / 2);
    System.out.printf("WatermarkAlignmentTest: partition 0 read at most %d ticks ahead (maxDriftTicks %d, %d ticks"
        + " written ahead)%n", lead, DRIFT, TICKS);
  }

  /** Runs the job; returns the largest lead of partition 0's tick over the slowest other partition's, when read. */
  private static long maxLead(int driftTicks, String run) throws Exception {
    Path key = dir.resolve("noise.key");
    java.nio.file.Files.writeString(key, "00ff".repeat(16));
    JobConfig config = ConfigLoader.parse(String.join("\n",
        "kafka: {bootstrapServers: embedded, inputTopic: " + INPUT + ", rejectedTopic: rej-" + run + ",",
        "  mqmTopic: mqm-" + run + ", ledgerTopic: ledger-" + run + ", fleetTopic: fleet-" + run + ",",
        "  ledgerStoreTopic: store-" + run + ", transactionalIdPrefix: tx-" + run + ", groupId: g-" + run + "}",
        "time: {tickMillis: 1000, allowedLatenessTicks: 2, idleTimeoutMillis: 60000, maxDriftTicks: " + driftTicks
            + "}",
        "model: {states: [\"off\", \"on\"], transition: [[0.8, 0.2], [0.3, 0.7]]}",
        "discretizer: {type: categorical}",
        "mqm: {window: 8, slide: 8, epsilon: 1.0, fleet: true, budget: {total: 1000.0}}",
        "noise: {keyFile: " + key.toAbsolutePath() + "}", ""), dir);
    KafkaPreflight.prepare(KAFKA.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, 2);
    Map<Integer, List<SkewedInput.Obs>> byPartition = new HashMap<>();
    Map<TopicPartition, Long> ends = new HashMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      byPartition.put(p, p == 0 ? ahead() : FleetCorrectionsTest.observations(p, 0, OTHERS));
      ends.put(new TopicPartition(INPUT, p), (long) byPartition.get(p).size());
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(500, CheckpointingMode.EXACTLY_ONCE);
    JobAssembly.builder(config).bootstrapServers(KAFKA.bootstrapServers())
        .boundedAt(OffsetsInitializer.offsets(ends)).interceptor(new Lead()).build(env);
    JobClient job = env.executeAsync("alignment " + run);
    try (KafkaProducer<byte[], byte[]> producer = EventTimeRuns.producer(KAFKA.bootstrapServers())) {
      int[] next = new int[PARTITIONS];
      for (int t = 0; t < OTHERS; t++) {
        if (t == 200) { // once alignment is under way, partition 0 is written to its end at once
          byPartition.get(0).forEach(o -> EventTimeRuns.send(producer, INPUT, 0, o.subject(), o.value()));
        }
        for (int p = 1; p < PARTITIONS; p++) {
          List<SkewedInput.Obs> records = byPartition.get(p);
          while (next[p] < records.size() && records.get(next[p]).tick() <= t) {
            SkewedInput.Obs o = records.get(next[p]++);
            EventTimeRuns.send(producer, INPUT, p, o.subject(), o.value());
          }
        }
        if (t < SLOW) {
          producer.flush();
          Thread.sleep(5);
        }
      }
    }
    job.getJobExecutionResult().get(120, TimeUnit.SECONDS);
    return Lead.MAX_LEAD.get();
  }

  /**
   * Partition 0: one subject, a record of 4 kB per tick (its id is padded). A consumer fetches up to 1 MiB of a
   * partition at once and pausing a split stops further fetches only, so alignment is as fine as a fetch: a few ticks
   * for a real fleet with thousands of subjects per partition, 250 ticks here.
   */
  private static List<SkewedInput.Obs> ahead() {
    String subject = "s0-" + "x".repeat(4000);
    List<SkewedInput.Obs> out = new java.util.ArrayList<>();
    for (int t = 0; t < TICKS; t++) {
      out.add(new SkewedInput.Obs(subject, t, t % 3 == 0 ? "on" : "off", t * 1000L + 100, 0, t));
    }
    return out;
  }

  /** After the source: the newest tick read per partition, and partition 0's largest lead over the others. */
  static final class Lead implements MapFunction<RawRecord, RawRecord> {
    private static final long serialVersionUID = 1L;
    static final AtomicLongArray NEWEST = new AtomicLongArray(new long[] {-1, -1, -1, -1});
    static final AtomicLong MAX_LEAD = new AtomicLong();

    @Override
    public RawRecord map(RawRecord r) {
      long tick = r.eventTime / 1000;
      NEWEST.accumulateAndGet(r.partition, tick, Math::max);
      if (r.partition == 0) {
        long slowest = Long.MAX_VALUE;
        for (int p = 1; p < PARTITIONS; p++) {
          slowest = Math.min(slowest, NEWEST.get(p));
        }
        if (slowest >= 0 && slowest < SLOW) { // while the others are written slowly
          MAX_LEAD.accumulateAndGet(tick - slowest, Math::max);
        }
      }
      return r;
    }
  }
}
