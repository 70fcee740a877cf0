package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.Observation;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.testing.KeyFiles;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.ObservationRecords;
import org.pufferflow.jobs.testing.ObservationRecords.Keyed;

/**
 * {@code run} against an external broker (a real one, started in the JVM): every failure a user meets at start is
 * one line, exit 2, within 30 s, naming the configuration key (issue "The whole job end to end", item 2); with
 * {@code kafka.createTopics: true} the job creates its topics and runs.
 */
@Timeout(240)
class RunCommandBrokerTest {

  static EmbeddedKafka kafka;
  @TempDir static Path dir;
  static Path key;

  @BeforeAll
  static void start() throws Exception {
    kafka = EmbeddedKafka.start();
    key = KeyFiles.write(dir, 17, 0);
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  static Path config(String name, String kafkaExtra) throws Exception {
    Path f = dir.resolve(name + ".yaml");
    Files.writeString(f, String.join("\n",
        "kafka: {bootstrapServers: \"" + kafka.bootstrapServers() + "\", inputTopic: " + name + "-in, rejectedTopic: "
            + name + "-rej, dphmmTopic: " + name + "-dphmm, ledgerTopic: " + name + "-ledger, ledgerStoreTopic: " + name
            + "-store, transactionalIdPrefix: "
            + name + ", groupId: " + name + kafkaExtra + "}",
        "time: {tickMillis: 1000}",
        "model: {states: [a, b], transition: [[0.9, 0.1], [0.2, 0.8]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 1000.0}}",
        "flink: {checkpointIntervalMillis: 300, parallelism: 2}",
        "noise: {keyFile: " + key + "}", ""));
    return f;
  }

  static Run timedRun(String... args) {
    long start = System.nanoTime();
    Run r = CliHarness.run(new RunCommand(), args);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    return r;
  }

  static List<Keyed> observations(int subjects, int ticks) {
    return observations(subjects, 0, ticks);
  }

  /** {@code subjects} observations of each tick in {@code [fromTick, toTick)}. */
  static List<Keyed> observations(int subjects, int fromTick, int toTick) {
    List<Keyed> l = new ArrayList<>();
    for (int t = fromTick; t < toTick; t++) {
      for (int s = 0; s < subjects; s++) {
        l.add(new Keyed("s" + s, ObservationRecords.encode(Observation.newBuilder().setSubjectId("s" + s)
            .setEventTime(java.time.Instant.ofEpochMilli(t * 1000L)).setStateLabel(t % 3 == 0 ? "a" : "b").build())));
      }
    }
    return l;
  }

  @Test
  void aMissingInputTopicIsOneLineNamingTheKey() throws Exception {
    Run r = timedRun("--config", config("missing", "").toString(), "--bounded");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).startsWith("error: kafka.").contains("does not exist on the broker");
  }

  @Test
  void createTopicsCreatesThemAndTheBoundedRunPublishes() throws Exception {
    Path f = config("created", ", createTopics: true");
    kafka.createTopics(2, "created-in");
    ObservationRecords.produce(kafka.bootstrapServers(), "created-in", observations(5, 10));
    Run r = CliHarness.run(new RunCommand(), "--config", f.toString(), "--bounded");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(CommittedRecords.values(kafka.bootstrapServers(), "created-dphmm", DphmmRelease.class)).hasSize(50);
  }

  /**
   * docs/cli.md, 'run': a job started without state reads from its group's committed offsets, and a bounded run
   * commits what it read: run again, it reads nothing; after a feed, only the new records.
   */
  @Test
  void aBoundedRunAgainReadsOnlyWhatWasFedSinceTheLastOne() throws Exception {
    Path f = config("again", ", createTopics: true");
    // checkpoints seconds apart: the sources finish long before the next one, and only the final checkpoint could
    // commit what they read (its commit is asynchronous, and was lost for one of the two partitions now and then)
    Files.writeString(f, Files.readString(f).replace("checkpointIntervalMillis: 300", "checkpointIntervalMillis: 2000"));
    kafka.createTopics(2, "again-in");
    ObservationRecords.produce(kafka.bootstrapServers(), "again-in", observations(5, 10));
    String first = boundedRun(f);
    assertThat(first).contains("reading topic again-in as new group again from the earliest offsets")
        .containsPattern("records read +50\\b");
    String second = boundedRun(f);
    assertThat(second).containsPattern("reading topic again-in as group again from committed offsets \\(2"
        + " partitions: 0→\\d+, 1→\\d+\\)").containsPattern("records read +0\\b");
    assertThat(CommittedRecords.values(kafka.bootstrapServers(), "again-dphmm", DphmmRelease.class)).hasSize(50);

    ObservationRecords.produce(kafka.bootstrapServers(), "again-in", observations(5, 10, 14));
    assertThat(boundedRun(f)).containsPattern("records read +20\\b");
    assertThat(CommittedRecords.values(kafka.bootstrapServers(), "again-dphmm", DphmmRelease.class)).hasSize(70);
  }

  /** {@code run --config f --bounded}, which must succeed; what it printed on stderr. */
  private static String boundedRun(Path f) {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Run r = CliHarness.run(RunCommand::new, new PrintStream(progress, true, StandardCharsets.UTF_8), "--config",
        f.toString(), "--bounded");
    String err = progress.toString(StandardCharsets.UTF_8);
    assertThat(r.code()).as(r.err() + err).isZero();
    return err;
  }

  @Test
  void anInputTopicOfAnotherRecordTypeIsOneLine() throws Exception {
    kafka.createTopics(1, "wrongin-in", "wrongin-rej", "wrongin-dphmm", "wrongin-ledger");
    List<Keyed> text = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      text.add(new Keyed(null, ("{\"meter\": " + i + "}").getBytes(StandardCharsets.UTF_8)));
    }
    ObservationRecords.produce(kafka.bootstrapServers(), "wrongin-in", text);
    Run r = timedRun("--config", config("wrongin", ", createTopics: true").toString(), "--bounded");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).startsWith(
        "error: kafka.inputTopic: topic wrongin-in holds records that are not Avro Observation records");
  }

  @Test
  void anOutputTopicHoldingObservationsIsOneLine() throws Exception {
    kafka.createTopics(1, "wrongout-in", "wrongout-rej", "wrongout-dphmm", "wrongout-ledger");
    ObservationRecords.produce(kafka.bootstrapServers(), "wrongout-dphmm", observations(2, 3));
    Run r = timedRun("--config", config("wrongout", ", createTopics: true").toString(), "--bounded");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith(
        "error: kafka.dphmmTopic: topic wrongout-dphmm holds records that are not Avro DphmmRelease records");
  }
}
