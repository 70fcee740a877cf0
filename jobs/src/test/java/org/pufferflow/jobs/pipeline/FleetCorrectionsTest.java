package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobExecutionResult;
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
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;
import org.pufferflow.operators.FleetHistogramFunction;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;

/**
 * A partition quiet for longer than {@code time.idleTimeoutMillis} (docs/operators.md, 'Fleet histogram';
 * docs/configuration.md, 'Event time and lateness'): while it is quiet, event time moves on without it and the fleet
 * windows close; when it comes back its subjects' histograms arrive after their windows were published. None is
 * lost: each is published as a correction and counted, and adding a window's corrections to its record gives, window
 * by window, exactly file mode's fleet record. Every per-subject output equals file mode's.
 */
@Timeout(240)
class FleetCorrectionsTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  static final int PARTITIONS = 4;
  static final int SUBJECTS = 24;
  static final int TICKS = 60;
  static final String INPUT = "quiet-in";
  static final String OPT_OUTS = "quiet-opt";

  @TempDir static Path dir;

  @RegisterExtension
  static final EmbeddedKafkaExtension KAFKA =
      new EmbeddedKafkaExtension().topic(INPUT, PARTITIONS).topic(OPT_OUTS, 1);

  /** Subject s in partition s % 4, every tick, in order. */
  static List<SkewedInput.Obs> observations(int partition, int fromTick, int toTick) {
    List<SkewedInput.Obs> out = new ArrayList<>();
    for (int t = fromTick; t < toTick; t++) {
      for (int s = partition; s < SUBJECTS; s += PARTITIONS) {
        boolean on = Integer.bitCount((s * 5 + 1) * (t / (2 + s % 3) + 1)) % 2 == 0;
        out.add(new SkewedInput.Obs("s" + s, t, on ? "on" : "off", t * 1000L + 100 + s, partition, t));
      }
    }
    return out;
  }

  @Test
  void histogramsOfAPartitionThatWasQuietTooLongArePublishedAsCorrectionsThatCompleteTheirWindows()
      throws Exception {
    JobConfig config = EventTimeRuns.kafka(dir, "quiet", INPUT, OPT_OUTS, ", idleTimeoutMillis: 1000");
    KafkaPreflight.prepare(KAFKA.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, 2);
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(200, CheckpointingMode.EXACTLY_ONCE);
    Map<TopicPartition, Long> ends = new HashMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      ends.put(new TopicPartition(INPUT, p), (long) observations(p, 0, TICKS).size());
    }
    JobAssembly.builder(config).bootstrapServers(KAFKA.bootstrapServers())
        .boundedAt(OffsetsInitializer.offsets(ends), OffsetsInitializer.latest()).build(env);
    JobClient job = env.executeAsync("quiet partition");
    try (KafkaProducer<byte[], byte[]> producer = EventTimeRuns.producer(KAFKA.bootstrapServers())) {
      for (int t = 0; t < TICKS; t++) {
        for (int p = 0; p < PARTITIONS; p++) {
          if (p == 3 && t == TICKS / 2) {
            continue; // partition 3 goes quiet after tick 29
          }
          if (p != 3 || t < TICKS / 2) {
            send(producer, observations(p, t, t + 1));
          }
        }
        producer.flush();
        Thread.sleep(20);
      }
      Thread.sleep(6_000); // quiet for six idle timeouts: event time has moved on without partition 3
      send(producer, observations(3, TICKS / 2, TICKS));
      producer.flush();
    }
    JobExecutionResult result = job.getJobExecutionResult().get(180, TimeUnit.SECONDS);
    long corrections = result.<Long>getAccumulatorResult(FleetHistogramFunction.CORRECTIONS);

    List<SkewedInput.Obs> all = new ArrayList<>();
    for (int p = 0; p < PARTITIONS; p++) {
      all.addAll(observations(p, 0, TICKS));
    }
    Path noOptOuts = java.nio.file.Files.writeString(dir.resolve("none.csv"), "subject,fromTick,toTick\n");
    Map<String, List<String>> file = EventTimeRuns.runFile(EventTimeRuns.file(dir,
        SkewedInput.csv(dir.resolve("quiet.csv"), all), noOptOuts, dir.resolve("out")), 2);
    Map<String, List<String>> live = EventTimeRuns.committed(KAFKA.bootstrapServers(), config);
    for (String output : List.of("dphmm-releases", "window-histograms", "redacted-records", "ledger-events",
        "rejected")) {
      assertThat(live.get(output)).as(output).isEqualTo(file.get(output));
    }

    List<FleetHistogram> published =
        CommittedRecords.values(KAFKA.bootstrapServers(), config.kafka().topic(MqmUnit.FLEET), FleetHistogram.class);
    long publishedCorrections = published.stream().filter(FleetHistogram::getCorrection).count();
    assertThat(publishedCorrections).as("partition 3's subjects, for the windows that closed without them")
        .isPositive().isEqualTo(corrections);
    Map<List<Long>, double[]> summed = new TreeMap<>(FleetCorrectionsTest::compare);
    for (FleetHistogram f : published) {
      double[] acc = summed.computeIfAbsent(List.of(f.getWindowStartTick(), f.getWindowEndTick()),
          k -> new double[4]);
      acc[0] += f.getSubjects();
      acc[1] += f.getNoisyCounts().get(0);
      acc[2] += f.getNoisyCounts().get(1);
      acc[3] += f.getNoiseStdDev().get(0) * f.getNoiseStdDev().get(0);
    }
    List<FleetHistogram> reference =
        EventTimeRuns.readFile(dir.resolve("out").resolve("fleet-histograms.avro"), FleetHistogram.class);
    assertThat(summed).hasSize(reference.size());
    for (FleetHistogram r : reference) {
      double[] acc = summed.get(List.of(r.getWindowStartTick(), r.getWindowEndTick()));
      assertThat(acc).as("window %s..%s", r.getWindowStartTick(), r.getWindowEndTick()).isNotNull();
      assertThat(acc[0]).isEqualTo(r.getSubjects());
      assertThat(acc[1]).isEqualTo(r.getNoisyCounts().get(0));
      assertThat(acc[2]).isEqualTo(r.getNoisyCounts().get(1));
      assertThat(Math.sqrt(acc[3])).isCloseTo(r.getNoiseStdDev().get(0), within(1e-9 * r.getNoiseStdDev().get(0)));
    }
    System.out.printf("FleetCorrectionsTest: %d fleet records published, %d of them corrections; %d windows, each"
        + " equal to file mode's once its corrections are added%n", published.size(), corrections, reference.size());
  }

  private static void send(KafkaProducer<byte[], byte[]> producer, List<SkewedInput.Obs> records) {
    records.forEach(o -> EventTimeRuns.send(producer, INPUT, o.partition(), o.subject(), o.value()));
  }

  private static int compare(List<Long> a, List<Long> b) {
    int c = Long.compare(a.get(0), b.get(0));
    return c != 0 ? c : Long.compare(a.get(1), b.get(1));
  }
}
