package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;
import org.pufferflow.jobs.testing.KeyFiles;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.pipeline.JobAssembly;
import org.pufferflow.avro.RejectedObservation;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import java.util.concurrent.TimeUnit;

/**
 * The lifetime contract on Kafka (docs/privacy-noise.md, 'The durable ledger'): a job that starts without state —
 * here the next {@code run --bounded} after one that finished, as a job cancelled without a savepoint and submitted
 * again would — reads from its group's committed offsets, continues every subject's spend from the compacted ledger
 * topic, and never reuses a release's noise; the ledger topic is created compacted and a topic that is not is refused.
 */
@Timeout(300)
class DurableLedgerKafkaTest {

  @RegisterExtension static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

  @TempDir Path dir;

  private Path config(Path key, String run) throws IOException {
    return Files.writeString(dir.resolve(run + ".yaml"), String.join("\n",
        "kafka: {bootstrapServers: \"" + KAFKA.bootstrapServers() + "\", inputTopic: in-" + run + ","
            + " dphmmTopic: dphmm-" + run + ", mqmTopic: mqm-" + run + ", rejectedTopic: rej-" + run + ","
            + " ledgerTopic: events-" + run + ", ledgerStoreTopic: store-" + run + ", transactionalIdPrefix: tx-"
            + run + ", groupId: g-" + run + ", createTopics: true}",
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 0}",
        "model: {states: [a, b, c], transition: [[0.6, 0.3, 0.1], [0.2, 0.6, 0.2], [0.1, 0.3, 0.6]],"
            + " query: [[0.0], [1.0], [2.0]]}",
        "discretizer: {type: categorical}",
        "dphmm: {epsilon: 0.5, mechanism: laplace, policyGraph: {type: complete}, budget: {total: 3.0}}",
        "mqm: {window: 2, slide: 2, epsilon: 1.0, budget: {total: 100.0}}",
        "flink: {parallelism: 2, checkpointIntervalMillis: 200}",
        "noise: {keyFile: " + key + "}", ""));
  }

  private Path csv(String name, long from, int n) throws IOException {
    StringBuilder b = new StringBuilder("subject,time,state\n");
    for (int i = 0; i < n; i++) {
      for (int s = 0; s < 3; s++) {
        b.append("s").append(s).append(',').append((from + i) * 1000).append(',').append("abc".charAt((i + s) % 3))
            .append('\n');
      }
    }
    return Files.writeString(dir.resolve(name + ".csv"), b.toString());
  }

  private static Run ok(Run r) {
    assertThat(r.code()).as(r.err()).isZero();
    return r;
  }

  @Test
  void aSecondStartWithoutStateContinuesTheSpendReadsNothingTwiceAndDrawsFreshNoise() throws Exception {
    Path key = KeyFiles.write(dir, 3, 7);
    Path job = config(key, "lifetime");
    ok(CliHarness.run(new FeedCommand(), "--config", job.toString(), "--input", csv("jan", 100, 4).toString()));
    ok(CliHarness.run(new RunCommand(), "--config", job.toString(), "--bounded"));
    List<DphmmRelease> first = CommittedRecords.values(KAFKA.bootstrapServers(), "dphmm-lifetime", DphmmRelease.class);
    assertThat(first).hasSize(12);

    ok(CliHarness.run(new FeedCommand(), "--config", job.toString(), "--input", csv("feb", 200, 4).toString()));
    ok(CliHarness.run(new RunCommand(), "--config", job.toString(), "--bounded"));
    List<DphmmRelease> all = CommittedRecords.values(KAFKA.bootstrapServers(), "dphmm-lifetime", DphmmRelease.class);
    // January read once: 12 records; February: 2 releases per subject fit the rest of the budget of 3.0
    assertThat(all).hasSize(18);
    Set<String> released = new HashSet<>();
    Map<String, Double> spend = new HashMap<>();
    Set<Double> noise = new HashSet<>();
    for (DphmmRelease r : all) {
      assertThat(released.add(r.getSubjectId() + "/" + r.getTick())).as("published once: %s", r).isTrue();
      int s = Integer.parseInt(r.getSubjectId().toString().substring(1));
      long i = r.getTick() % 100;
      double z = r.getValues().get(0) - (i + s) % 3;
      assertThat(noise.add(z)).as("fresh noise at %s", r).isTrue();
      Double before = spend.put(r.getSubjectId().toString(), r.getCumulativeEpsilon());
      assertThat(r.getCumulativeEpsilon()).isGreaterThan(before == null ? 0 : before);
    }
    assertThat(spend.values()).containsOnly(3.0);
    // MQM windows: the second run's windows count on from the first's release sequence
    List<WindowHistogram> windows =
        CommittedRecords.values(KAFKA.bootstrapServers(), "mqm-lifetime", WindowHistogram.class);
    assertThat(windows).hasSize(12);
    assertThat(windows).filteredOn(w -> w.getWindowEndTick() >= 200).extracting(WindowHistogram::getReleaseSeq)
        .containsOnly(2L, 3L);
    List<LedgerEntry> store =
        CommittedRecords.values(KAFKA.bootstrapServers(), "store-lifetime", LedgerEntry.class);
    assertThat(store).isNotEmpty().allMatch(e -> e.getLastTick() >= 100);
  }

  /**
   * The case on a running job: an unbounded job cancelled without a savepoint once its outputs and offsets
   * are committed, then a new job of the same file submitted without state after more data came: it reads only the
   * new records, continues every subject's spend and draws fresh noise.
   */
  @Test
  void aJobCancelledWithoutASavepointAndSubmittedAgainContinues() throws Exception {
    Path key = KeyFiles.write(dir, 4, 9);
    Path job = config(key, "cancel");
    JobConfig config = ConfigLoader.load(job);
    KafkaPreflight.prepare(KAFKA.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, 2);
    ok(CliHarness.run(new FeedCommand(), "--config", job.toString(), "--input", csv("cancel-1", 100, 4).toString()));
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(200);
    JobAssembly.builder(config).bootstrapServers(KAFKA.bootstrapServers()).build(env);
    JobClient client = env.executeAsync("durable ledger, first job");
    long deadline = System.nanoTime() + 120_000_000_000L;
    // 12 releases committed and the group's offsets at the end of the 12 records fed
    while (CommittedRecords.values(KAFKA.bootstrapServers(), "dphmm-cancel", DphmmRelease.class).size() < 12
        || committedOffsets("g-cancel", "in-cancel") < 12) {
      assertThat(System.nanoTime()).as("the first job's outputs and offsets committed").isLessThan(deadline);
      Thread.sleep(200);
    }
    client.cancel().get(60, TimeUnit.SECONDS);

    ok(CliHarness.run(new FeedCommand(), "--config", job.toString(), "--input", csv("cancel-2", 200, 4).toString()));
    ok(CliHarness.run(new RunCommand(), "--config", job.toString(), "--bounded"));
    List<DphmmRelease> all = CommittedRecords.values(KAFKA.bootstrapServers(), "dphmm-cancel", DphmmRelease.class);
    assertThat(all).hasSize(18); // 12 of the first job, 2 more per subject until the budget of 3.0 is spent
    Set<String> released = new HashSet<>();
    Set<Double> noise = new HashSet<>();
    for (DphmmRelease r : all) {
      assertThat(released.add(r.getSubjectId() + "/" + r.getTick())).as("published once: %s", r).isTrue();
      int s = Integer.parseInt(r.getSubjectId().toString().substring(1));
      assertThat(noise.add(r.getValues().get(0) - (r.getTick() % 100 + s) % 3)).as("fresh noise: %s", r).isTrue();
    }
    assertThat(all).filteredOn(r -> r.getTick() >= 200).extracting(DphmmRelease::getCumulativeEpsilon)
        .containsOnly(2.5, 3.0);
    assertThat(CommittedRecords.values(KAFKA.bootstrapServers(), "rej-cancel", RejectedObservation.class))
        .as("nothing read twice").isEmpty();
  }

  private static long committedOffsets(String group, String topic) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
      return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS)
          .entrySet().stream().filter(e -> e.getKey().topic().equals(topic))
          .mapToLong(e -> e.getValue().offset()).sum();
    }
  }

  /** A ledger topic with time retention would drop a quiet subject's spend: run refuses it, one line. */
  @Test
  void aLedgerTopicThatIsNotCompactedIsRefused() throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
      admin.createTopics(List.of(new NewTopic("store-retained", 1, (short) 1))).all().get(10, TimeUnit.SECONDS);
    }
    Path job = config(KeyFiles.write(dir, 5, 3), "retained");
    Run r = CliHarness.run(new RunCommand(), "--config", job.toString(), "--bounded");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: kafka.ledgerStoreTopic: topic store-retained has"
        + " cleanup.policy=delete; the durable ledger needs cleanup.policy=compact").doesNotContain("\n");
  }
}
