package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.CheckpointingMode;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.pipeline.JobTypes;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;

/**
 * docs/configuration.md, 'File mode': file outputs on a MiniCluster at parallelism 2 with checkpointing; every record
 * written exactly once, in both formats, also across a failure and restore, and in the canonical order.
 */
@Timeout(300)
class FileOutputsTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2)
          .setConfiguration(smallNetworkBuffers()).build());

  static final int RECORDS = 20_000;

  /**
   * Small network buffers: the source is back-pressured by the slow map after a few thousand records, so the first
   * checkpoint's barrier passes the map long before the end of the file (the checkpoint covers a source mid-file).
   */
  static Configuration smallNetworkBuffers() {
    Configuration c = new Configuration();
    c.set(TaskManagerOptions.MEMORY_SEGMENT_SIZE, MemorySize.parse("4kb"));
    return c;
  }

  static StreamExecutionEnvironment env() {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(100, CheckpointingMode.EXACTLY_ONCE);
    Configuration c = new Configuration();
    c.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    c.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 2);
    c.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
    env.configure(c);
    JobTypes.disableGenericTypes(env);
    return env;
  }

  /** A CSV of RECORDS lines (no header) read by FileInputs: line n becomes records of two outputs. */
  static InputConfig.File input(Path dir) throws IOException {
    StringBuilder s = new StringBuilder();
    for (int i = 1; i <= RECORDS; i++) {
      s.append("m").append(i % 13).append(',').append(i).append(',').append(i % 3 == 0 ? "NaN" : "0.5").append('\n');
    }
    return new InputConfig.File(Files.writeString(dir.resolve("in.csv"), s).toString(), InputConfig.Format.CSV, null);
  }

  static DphmmRelease release(long line) {
    return DphmmRelease.newBuilder().setSubjectId("m" + line % 13).setTick(line).setReleaseSeq(line)
        .setValues(List.of(line * 0.5, line % 3 == 0 ? Double.NaN : -1.0)).setEpsilon(0.1).setMechanism("laplace")
        .setConstraintSize(2).setConstrainedDpEpsilon(0.2).setCumulativeEpsilon(line * 0.1).build();
  }

  static RejectedObservation rejected(RawRecord r) {
    return RejectedObservation.newBuilder().setSourceTopic(r.topic).setSourcePartition(r.partition)
        .setSourceOffset(r.offset).setRawPayload(ByteBuffer.wrap(r.payload)).setReasonCode("TEST")
        .setMessage("line " + r.offset).build();
  }

  /** Runs file → (releases, rejected) → files; {@code failOnce}: one task fails after a completed checkpoint. */
  static void run(Path dir, OutputConfig.Directory out, boolean failOnce) throws Exception {
    StreamExecutionEnvironment env = env();
    DataStream<RawRecord> raw = FileInputs.observations(env, input(dir), IoFixtures.bins().discretizer(), "it/");
    DataStream<RawRecord> maybeFailing = raw.rebalance().map(new FailOnceAfterCheckpoint(failOnce))
        .returns(FileInputs.RAW_RECORD).name("fail once");
    maybeFailing.map(r -> release(r.offset), TypeInformation.of(DphmmRelease.class))
        .sinkTo(FileOutputs.<DphmmRelease>sink(out, DphmmUnit.RELEASES)).name("releases").uid("releases");
    maybeFailing.map(FileOutputsTest::rejected, TypeInformation.of(RejectedObservation.class))
        .sinkTo(FileOutputs.<RejectedObservation>sink(out, OutputKind.REJECTED)).name("rejected").uid("rejected");
    env.execute("file-outputs-it");
  }

  /**
   * Slow (1 ms a record) until a checkpoint has completed; with {@code fail}, the first record after that throws,
   * once. A failure thus proves that the checkpoint covered a source in the middle of the file, and
   * {@link #SEEN} > RECORDS that the restored source re-read part of it.
   */
  static final class FailOnceAfterCheckpoint implements MapFunction<RawRecord, RawRecord>, CheckpointListener {
    private static final long serialVersionUID = 1L;
    static final AtomicBoolean CHECKPOINTED = new AtomicBoolean();
    static final AtomicBoolean FAILED = new AtomicBoolean();
    static final AtomicInteger SEEN = new AtomicInteger();
    private final boolean fail;

    FailOnceAfterCheckpoint(boolean fail) {
      this.fail = fail;
    }

    @Override
    public RawRecord map(RawRecord r) throws Exception {
      SEEN.incrementAndGet();
      if (!CHECKPOINTED.get()) {
        Thread.sleep(1);
        return r;
      }
      if (fail && FAILED.compareAndSet(false, true)) {
        throw new IllegalStateException("injected failure after " + SEEN.get() + " records");
      }
      return r;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      CHECKPOINTED.set(true);
    }
  }

  private static void reset() {
    FailOnceAfterCheckpoint.CHECKPOINTED.set(false);
    FailOnceAfterCheckpoint.FAILED.set(false);
    FailOnceAfterCheckpoint.SEEN.set(0);
  }

  @Test
  void jsonlFilesHoldEveryRecordExactlyOnce(@TempDir Path dir) throws Exception {
    reset();
    OutputConfig.Directory out = new OutputConfig.Directory(dir.resolve("out").toString(), OutputConfig.Format.JSONL);
    Files.createDirectories(dir.resolve("out"));
    Files.writeString(dir.resolve("out/dphmm-releases.jsonl"), "an older run's file\n");
    run(dir, out, false);
    assertThat(FileOutputs.committedParts(out, DphmmUnit.RELEASES)).hasSizeGreaterThan(1);
    List<Path> files = FileOutputs.finish(out,
        Set.of(DphmmUnit.RELEASES, OutputKind.REJECTED, OutputKind.LEDGER_EVENTS));
    assertThat(files).extracting(p -> p.getFileName().toString())
        .containsExactly("dphmm-releases.jsonl", "ledger-events.jsonl", "rejected.jsonl");
    checkJsonl(out);
    assertThat(dir.resolve("out/ledger-events.jsonl")).isEmptyFile();
    assertThat(dir.resolve("out/.parts")).doesNotExist();
    try (var listing = Files.list(dir.resolve("out"))) {
      assertThat(listing.map(p -> p.getFileName().toString()).sorted())
          .containsExactly("dphmm-releases.jsonl", "ledger-events.jsonl", "rejected.jsonl");
    }
  }

  /** The releases of lines 1 to RECORDS. */
  private static Stream<DphmmRelease> releases() {
    return LongStream.rangeClosed(1, RECORDS).mapToObj(FileOutputsTest::release);
  }

  /** {@code releases} in the canonical order: subject (all ASCII), then tick, as {@code as}. */
  private static <T> List<T> canonical(Stream<DphmmRelease> releases, Function<DphmmRelease, T> as) {
    return releases.sorted(Comparator.comparing((DphmmRelease r) -> r.getSubjectId().toString())
        .thenComparingLong(DphmmRelease::getTick)).map(as).toList();
  }

  private static void checkJsonl(OutputConfig.Directory out) throws IOException {
    assertThat(Files.readAllLines(FileOutputs.fileOf(out, DphmmUnit.RELEASES), StandardCharsets.UTF_8))
        .containsExactlyElementsOf(canonical(releases(), JsonLines::toJson));
    List<String> rejected = Files.readAllLines(FileOutputs.fileOf(out, OutputKind.REJECTED), StandardCharsets.UTF_8);
    assertThat(rejected).hasSize(RECORDS).doesNotHaveDuplicates();
    for (int i = 0; i < RECORDS; i++) { // sorted by offset, the line number
      assertThat(rejected.get(i)).startsWith("{\"sourceTopic\":\"file:in.csv\",\"sourcePartition\":0,"
          + "\"sourceOffset\":" + (i + 1) + ",");
    }
  }

  @Test
  void avroFilesHoldEveryRecordExactlyOnceAcrossAFailure(@TempDir Path dir) throws Exception {
    reset();
    OutputConfig.Directory out = new OutputConfig.Directory(dir.resolve("out").toString(), OutputConfig.Format.AVRO);
    run(dir, out, true);
    assertThat(FailOnceAfterCheckpoint.FAILED.get()).as("the injected failure happened").isTrue();
    assertThat(FailOnceAfterCheckpoint.SEEN.get()).as("records re-read after the restore").isGreaterThan(RECORDS);
    FileOutputs.finish(out, Set.of(DphmmUnit.RELEASES, OutputKind.REJECTED, RedactionUnit.RECORDS));
    List<DphmmRelease> releases = readAvro(FileOutputs.fileOf(out, DphmmUnit.RELEASES), DphmmRelease.class);
    assertThat(releases).hasSize(RECORDS);
    assertThat(releases.stream().map(JsonLines::toJson).toList())
        .containsExactlyElementsOf(canonical(releases(), JsonLines::toJson));
    List<RejectedObservation> rejected =
        readAvro(FileOutputs.fileOf(out, OutputKind.REJECTED), RejectedObservation.class);
    assertThat(rejected.stream().map(RejectedObservation::getSourceOffset).toList())
        .isEqualTo(LongStream.rangeClosed(1, RECORDS).boxed().toList());
    assertThat(readAvro(FileOutputs.fileOf(out, RedactionUnit.RECORDS), RedactedRecord.class)).isEmpty();
  }

  @Test
  void jsonlFilesAreExactAcrossAFailure(@TempDir Path dir) throws Exception {
    reset();
    OutputConfig.Directory out = new OutputConfig.Directory(dir.resolve("out").toString(), OutputConfig.Format.JSONL);
    run(dir, out, true);
    assertThat(FailOnceAfterCheckpoint.FAILED.get()).as("the injected failure happened").isTrue();
    assertThat(FailOnceAfterCheckpoint.SEEN.get()).as("records re-read after the restore").isGreaterThan(RECORDS);
    FileOutputs.finish(out, Set.of(DphmmUnit.RELEASES, OutputKind.REJECTED));
    checkJsonl(out);
  }

  static <T extends SpecificRecordBase> List<T> readAvro(Path f, Class<T> type) throws IOException {
    List<T> out = new ArrayList<>();
    try (DataFileReader<T> r = new DataFileReader<>(f.toFile(), new SpecificDatumReader<>(type))) {
      r.forEach(out::add);
    }
    return out;
  }

  /** finish() without Flink: committed parts sorted by subject and tick, in-progress and foreign files ignored. */
  @Test
  void finishSortsTheCommittedPartsAndIgnoresInProgressFiles(@TempDir Path dir) throws IOException {
    OutputConfig.Directory out = new OutputConfig.Directory(dir.toString(), OutputConfig.Format.JSONL);
    Path parts = dir.resolve(".parts/redacted-records");
    Files.createDirectories(parts);
    Files.writeString(parts.resolve("redacted-records-b-0-0.jsonl"), redacted("a", 10) + redacted("b", 1));
    Files.writeString(parts.resolve("redacted-records-a-1-0.jsonl"), redacted("a", 9));
    Files.writeString(parts.resolve("redacted-records-a-0-1.jsonl"), redacted("b", 0) + redacted("a", 9));
    Files.writeString(parts.resolve(".redacted-records-c-0-2.jsonl.inprogress.1234"), redacted("a", 0));
    Files.writeString(parts.resolve("notes.txt"), "x\n");
    FileOutputs.finish(out, Set.of(RedactionUnit.RECORDS));
    assertThat(dir.resolve("redacted-records.jsonl"))
        .hasContent(redacted("a", 9) + redacted("a", 9) + redacted("a", 10) + redacted("b", 0) + redacted("b", 1));
    assertThat(dir.resolve(".parts")).doesNotExist();
    FileOutputs.clearParts(out); // nothing left: no error
  }

  private static String redacted(String subject, long tick) {
    return JsonLines.toJson(RedactedRecord.newBuilder().setSubjectId(subject).setTick(tick).setValue(1).build()) + "\n";
  }
}
