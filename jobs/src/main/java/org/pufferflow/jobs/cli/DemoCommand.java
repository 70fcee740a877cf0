package org.pufferflow.jobs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.kafka.common.TopicPartition;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.demo.DemoFeeder;
import org.pufferflow.jobs.demo.DemoFeeds;
import org.pufferflow.jobs.demo.DemoOutcome;
import org.pufferflow.jobs.demo.DemoReport;
import org.pufferflow.jobs.demo.FeedPlan;
import org.pufferflow.jobs.demo.RejectedTopicReader;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.pipeline.LocalFlink;
import org.pufferflow.jobs.pipeline.PipelineBuilder;
import org.pufferflow.operators.RejectCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pufferflow demo [--seconds N] [--out DIR]} (docs/cli.md): the embedded default. Starts a real
 * Kafka broker in the JVM, creates the topics, feeds a synthetic fleet (smart meters with hidden occupancy levels,
 * location traces on a grid, with a few invalid records of every kind) for about N seconds while the job runs on a
 * local Flink cluster with 2 slots, shows a progress line, reads the rejected topics back, prints the counts per
 * reason, writes a report with a chart into DIR and exits 0.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    header = "Run the job on the embedded default (in-JVM Kafka + local Flink) with a synthetic fleet.",
    description = {
      "Run the job on the embedded default: an in-JVM Kafka broker, a local Flink cluster and a synthetic fleet",
      "(smart meters, location traces) with some invalid records. Prints counts per rejection reason and writes",
      "a report (report.md + rejections.png). Stops by itself."
    })
public final class DemoCommand implements Callable<Integer> {

  static final long SEED = 20_260_101L;
  static final int TICKS_PER_SECOND = 10;
  static final int METERS = 40;
  static final int PEOPLE = 20;
  static final int PARTITIONS = 2;

  @Option(names = "--seconds", paramLabel = "N", defaultValue = "20",
      description = "How long to feed the synthetic fleet, in seconds, 1..600 (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "demo-report",
      description = "Directory for the report (default: ./${DEFAULT-VALUE}).")
  Path out;

  private final PrintStream err = System.err;

  @Override
  public Integer call() throws Exception {
    if (seconds < 1 || seconds > 600) {
      throw new UsageException("--seconds: must lie in [1, 600], got " + seconds);
    }
    if (java.nio.file.Files.exists(out) && !java.nio.file.Files.isDirectory(out)) {
      throw new UsageException("--out: " + out + " exists and is not a directory");
    }
    long started = System.nanoTime();
    JobConfig meters = resourceConfig("/demo/job.yaml");
    JobConfig locations = resourceConfig("/demo/location.yaml");
    int ticks = seconds * TICKS_PER_SECOND;
    FeedPlan meterPlan = DemoFeeds.smartMeters(meters, METERS, ticks, PARTITIONS, SEED);
    FeedPlan locationPlan = DemoFeeds.locations(locations, PEOPLE, ticks, PARTITIONS, SEED + 1);
    List<FeedPlan> plans = List.of(meterPlan, locationPlan);
    long total = meterPlan.totalRecords() + locationPlan.totalRecords();

    err.println("pufferflow demo: starting an embedded Kafka broker and a local Flink cluster ...");
    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      for (JobConfig c : List.of(meters, locations)) {
        kafka.createTopics(PARTITIONS, c.kafka().inputTopic());
        kafka.createTopics(1, c.kafka().rejectedTopic());
      }
      err.println("Kafka at " + kafka.bootstrapServers() + "; feeding " + total + " records over " + seconds + " s");

      StreamExecutionEnvironment env =
          StreamExecutionEnvironment.createLocalEnvironment(PARTITIONS, LocalFlink.loopbackConfiguration());
      for (int i = 0; i < plans.size(); i++) {
        JobConfig c = i == 0 ? meters : locations;
        FeedPlan plan = plans.get(i);
        Map<TopicPartition, Long> end = new HashMap<>();
        for (int p = 0; p < plan.partitions(); p++) {
          end.put(new TopicPartition(plan.topic(), p), plan.endOffset(p));
        }
        new PipelineBuilder(c, kafka.bootstrapServers())
            .id(i == 0 ? "meters" : "locations")
            .boundedAt(OffsetsInitializer.offsets(end))
            .checkpointInterval(Duration.ofSeconds(1))
            .build(env)
            .observations()
            .sinkTo(new DiscardingSink<>())
            .name((i == 0 ? "meters" : "locations") + "/accepted");
      }
      JobClient job = env.executeAsync("pufferflow demo");
      DemoFeeder feeder = new DemoFeeder(kafka.bootstrapServers(), plans, seconds * 1000L);
      Thread feed = new Thread(feeder, "demo-feeder");
      feed.setDaemon(true);
      feed.start();

      JobExecutionResult result = awaitWithProgress(job, feeder, total, started);
      feed.join(TimeUnit.SECONDS.toMillis(10));
      if (feeder.failure() != null) {
        throw new IllegalStateException("feeding the demo input failed: " + feeder.failure().getMessage(), feeder.failure());
      }

      List<DemoOutcome> outcomes = new ArrayList<>();
      long expectedAccepted = 0;
      for (int i = 0; i < plans.size(); i++) {
        JobConfig c = i == 0 ? meters : locations;
        FeedPlan plan = plans.get(i);
        expectedAccepted += plan.expectedAccepted();
        Map<ReasonCode, Integer> counts = new EnumMap<>(ReasonCode.class);
        for (RejectedObservation r : RejectedTopicReader.readAll(kafka.bootstrapServers(), c.kafka().rejectedTopic())) {
          counts.merge(ReasonCode.valueOf(r.getReasonCode()), 1, Integer::sum);
        }
        outcomes.add(new DemoOutcome(i == 0 ? "smart meters" : "locations", plan.topic(), c.kafka().rejectedTopic(),
            plan.totalRecords(), plan.expectedAccepted(), plan.expectedRejections(), counts));
      }
      Long acceptedValue = result.getAccumulatorResult(RejectCounters.ACCEPTED);
      long accepted = acceptedValue == null ? 0 : acceptedValue;
      double elapsed = (System.nanoTime() - started) / 1e9;
      printSummary(outcomes, accepted, expectedAccepted);
      Path report = DemoReport.write(out, outcomes, accepted, expectedAccepted, elapsed,
          String.format(Locale.ROOT, "%d smart meters and %d people, %d ticks each, %d partitions per input, seed %d",
              METERS, PEOPLE, ticks, PARTITIONS, SEED));
      System.out.println("report: " + report.toAbsolutePath());
      return 0;
    }
  }

  private static JobConfig resourceConfig(String resource) {
    try (InputStream in = DemoCommand.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource);
      }
      return ConfigLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), Path.of("."));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private JobExecutionResult awaitWithProgress(JobClient job, DemoFeeder feeder, long total, long started)
      throws Exception {
    var resultFuture = job.getJobExecutionResult();
    while (!resultFuture.isDone()) {
      long sent = feeder.sent();
      err.printf(Locale.ROOT, "\r  %5.1f s  fed %,d/%,d records  %s  ", (System.nanoTime() - started) / 1e9, sent,
          total, sent < total ? "(job running)" : "(job finishing: last ticks, final checkpoint)");
      err.flush();
      if (feeder.failure() != null) {
        job.cancel();
      }
      try {
        resultFuture.get(500, TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException ignored) {
        // keep polling
      }
    }
    JobExecutionResult result = resultFuture.get();
    err.printf(Locale.ROOT, "\r  %5.1f s  fed %,d/%,d records  done%s%n", (System.nanoTime() - started) / 1e9,
        feeder.sent(), total, " ".repeat(40));
    return result;
  }

  private void printSummary(List<DemoOutcome> outcomes, long accepted, long expectedAccepted) {
    err.printf(Locale.ROOT, "accepted observations: %,d (expected %,d)%n", accepted, expectedAccepted);
    err.println("rejected, by reason:");
    for (ReasonCode r : ReasonCode.values()) {
      int n = 0;
      int expected = 0;
      for (DemoOutcome o : outcomes) {
        n += o.rejections().getOrDefault(r, 0);
        expected += o.expectedRejections().getOrDefault(r, 0);
      }
      err.printf(Locale.ROOT, "  %-22s %6d%s%n", r.name(), n, n == expected ? "" : "   (expected " + expected + ")");
    }
  }
}
