package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.ObservationRecords;
import org.pufferflow.jobs.testing.ObservationRecords.Keyed;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;

/**
 * Recovery (docs/operators.md, 'Exactly-once and rescaling, tested'): the whole job of one configuration
 * (every mechanism, opt-outs, poison records) on the embedded broker and a MiniCluster, run twice on the same input:
 * run A without failure, run B with a task that fails once after a checkpoint completed, so Flink restores from the
 * checkpoint and replays. Every output topic of run B, read committed, equals run A's: per subject the same
 * records in the same order, byte for byte (the noise is keyed, so a replay draws the same noise and charges no
 * second budget), no duplicate, no gap; and the durable ledger topic, compacted, holds the failure-free run's entries.
 */
@Timeout(180)
class ExactlyOnceRecoveryTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());

  static final int PARALLELISM = 2;
  static final String INPUT = "eo-in";
  static final String OPT_OUTS = "eo-opt";

  @TempDir static Path dir;
  static EmbeddedKafka kafka;
  static List<Keyed> input;

  @BeforeAll
  static void start() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(PARALLELISM, INPUT);
    kafka.createTopics(1, OPT_OUTS);
    input = PipelineRuns.observations(0, PipelineRuns.TICKS);
    ObservationRecords.produce(kafka.bootstrapServers(), INPUT, input);
    ObservationRecords.produce(kafka.bootstrapServers(), OPT_OUTS, PipelineRuns.optOuts());
  }

  @AfterAll
  static void stop() {
    if (kafka != null) {
      kafka.close();
    }
  }

  @Test
  void aFailureAndRestoreFromACheckpointCommitExactlyTheOutputOfAFailureFreeRun() throws Exception {
    String b = kafka.bootstrapServers();
    JobConfig configA = PipelineRuns.config(dir, "a", INPUT, OPT_OUTS);
    JobConfig configB = PipelineRuns.config(dir, "b", INPUT, OPT_OUTS);
    long millisA = run(configA, new PipelineRuns.Interceptor("a", 1, 0));
    // subject 0's subtask reads about half the input; it fails after a fifth of it (and after a checkpoint)
    long millisB = run(configB, new PipelineRuns.Interceptor("b", 1, input.size() / 10));

    // run A never failed; run B failed once, restarted, and restored source offsets from a checkpoint: its second
    // attempt read less than the whole input, both attempts together more (the replay)
    assertThat(PipelineRuns.Seen.records("a")).containsOnlyKeys(0);
    assertThat(PipelineRuns.Seen.failures("b")).hasValue(1);
    Map<Integer, AtomicLong> seenB = PipelineRuns.Seen.records("b");
    assertThat(seenB).containsKeys(0, 1);
    long firstAttempt = seenB.get(0).get();
    long secondAttempt = seenB.get(1).get();
    assertThat(secondAttempt).isLessThan(input.size()).isPositive();
    assertThat(firstAttempt + secondAttempt).isGreaterThan(input.size());

    Map<String, Map<String, List<String>>> a = PipelineRuns.committed(b, configA);
    Map<String, Map<String, List<String>>> r = PipelineRuns.committed(b, configB);
    for (OutputKind k : OutputKind.of(configA)) {
      assertThat(r.get(k.fileStem())).as("committed %s of run B vs run A", k.fileStem())
          .isEqualTo(a.get(k.fileStem()));
      assertThat(a.get(k.fileStem())).as("committed %s", k.fileStem()).isNotEmpty();
    }
    // no duplicate, no gap: per subject the releases are numbered 0.. and every tick is redacted or released once
    List<DphmmRelease> releases = CommittedRecords.values(b, configB.kafka().topic(DphmmUnit.RELEASES), DphmmRelease.class);
    Map<String, List<Long>> seqs = new java.util.TreeMap<>();
    releases.forEach(x -> seqs.computeIfAbsent(x.getSubjectId(), s -> new ArrayList<>()).add(x.getReleaseSeq()));
    assertThat(seqs).hasSize(PipelineRuns.SUBJECTS);
    seqs.values().forEach(l -> assertThat(l).isEqualTo(java.util.stream.LongStream.range(0, l.size()).boxed().toList()));
    List<RedactedRecord> redacted = CommittedRecords.values(b, configB.kafka().topic(RedactionUnit.RECORDS), RedactedRecord.class);
    assertThat(redacted).hasSize(PipelineRuns.SUBJECTS * PipelineRuns.TICKS);
    assertThat(redacted.stream().map(x -> x.getSubjectId() + "@" + x.getTick()).distinct().count())
        .isEqualTo((long) PipelineRuns.SUBJECTS * PipelineRuns.TICKS);
    // the durable ledger: after the failure and the restore, the latest entry of every (mechanism, subject) is the
    // failure-free run's, and its spend is that of the subject's last committed release
    Map<String, LedgerEntry> ledgerA = latest(b, configA);
    Map<String, LedgerEntry> ledgerB = latest(b, configB);
    assertThat(ledgerA).hasSizeGreaterThanOrEqualTo(3 * PipelineRuns.SUBJECTS);
    assertThat(ledgerB).isEqualTo(ledgerA);
    for (DphmmRelease x : releases) {
      LedgerEntry e = ledgerB.get("dphmm|" + x.getSubjectId());
      assertThat(e.getReleases()).isGreaterThan(x.getReleaseSeq());
      assertThat(e.getSpent()).isGreaterThanOrEqualTo(x.getCumulativeEpsilon());
    }
    // the failure happened inside open transactions: their records are in the log, aborted, never committed
    long uncommitted = PipelineRuns.uncommittedCount(b, configB.kafka().topic(DphmmUnit.RELEASES));
    assertThat(uncommitted).isGreaterThan(releases.size());

    System.out.printf("ExactlyOnceRecoveryTest: input %d records; run A %d ms; run B %d ms, attempts read %d + %d"
        + " records; committed DPHMM releases %d, in the log incl. aborted %d; committed records %d%n",
        input.size(), millisA, millisB, firstAttempt, secondAttempt, releases.size(), uncommitted, total(r));
  }

  /** The committed ledger topic of {@code config} as compaction keeps it: the latest entry per key. */
  private static Map<String, LedgerEntry> latest(String bootstrap, JobConfig config) throws IOException {
    Map<String, LedgerEntry> m = new java.util.HashMap<>();
    for (LedgerEntry e : CommittedRecords.values(bootstrap, config.kafka().ledgerStoreTopic(), LedgerEntry.class)) {
      m.put(e.getMechanism() + "|" + e.getSubjectId(), e);
    }
    return m;
  }

  private static long total(Map<String, Map<String, List<String>>> outputs) {
    return outputs.values().stream().flatMap(m -> m.values().stream()).mapToLong(List::size).sum();
  }

  /** Runs the assembled job of {@code config} bounded on the whole input; returns its wall time in ms. */
  private static long run(JobConfig config, PipelineRuns.Interceptor interceptor) throws Exception {
    KafkaPreflight.prepare(kafka.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, PARALLELISM);
    StreamExecutionEnvironment env = PipelineRuns.restartingEnvironment(PARALLELISM, 3, Duration.ofMillis(200));
    JobAssembly.builder(config).bootstrapServers(kafka.bootstrapServers()).bounded(true).id("eo")
        .interceptor(interceptor).build(env);
    long start = System.nanoTime();
    env.execute("exactly-once " + config.kafka().transactionalIdPrefix());
    return (System.nanoTime() - start) / 1_000_000;
  }
}
