package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.impl.StreamFormatAdapter;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.pipeline.JobTypes;
import org.pufferflow.operators.RawRecord;

/** docs/configuration.md, 'File mode': files as RawRecords, with line numbers and record indices as offsets. */
@Timeout(180)
class FileInputsTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  private static final DiscretizerConfig BINS = IoFixtures.bins().discretizer();

  static Path csv(Path dir, int rows) throws IOException {
    StringBuilder s = new StringBuilder("subject,time,reading\n");
    for (int i = 0; i < rows; i++) {
      s.append(i % 7 == 3 ? "meter-" + i + ",not-a-time," + i : "meter-" + i % 5 + "," + 900_000L * i + "," + i * 0.01)
          .append(i % 2 == 0 ? "\n" : "\r\n");
    }
    Path f = dir.resolve("meters.csv");
    Files.writeString(f, s);
    return f;
  }

  static Path avro(Path dir, int rows) throws IOException {
    Path f = dir.resolve("meters.avro");
    try (DataFileWriter<Observation> w = new DataFileWriter<>(new SpecificDatumWriter<>(Observation.class))) {
      w.setSyncInterval(64); // many blocks
      w.create(Observation.getClassSchema(), f.toFile());
      for (int i = 0; i < rows; i++) {
        w.append(observation(i));
      }
    }
    return f;
  }

  static Observation observation(int i) {
    return Observation.newBuilder().setSubjectId("m" + i % 3).setEventTime(Instant.ofEpochMilli(1000L * i))
        .setReading(i % 4 == 0 ? null : i * 0.5).build();
  }

  private static List<RawRecord> runSource(InputConfig.File input) throws Exception {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    JobTypes.disableGenericTypes(env);
    List<RawRecord> out = new ArrayList<>();
    try (CloseableIterator<RawRecord> it =
        FileInputs.observations(env, input, BINS, "t/").executeAndCollect("file-source-it")) {
      it.forEachRemaining(out::add);
    }
    return out;
  }

  @Test
  void aCsvFileBecomesOneRecordPerLineWithItsLineNumber(@TempDir Path dir) throws Exception {
    Path f = csv(dir, 30);
    List<RawRecord> records = runSource(new InputConfig.File(f.toString(), InputConfig.Format.CSV, null));
    assertThat(records).hasSize(30);
    List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
    CsvObservations csv = CsvObservations.forDiscretizer(BINS);
    for (RawRecord r : records) {
      assertThat(r.topic).isEqualTo("file:meters.csv");
      assertThat(r.partition).isZero();
      assertThat(r.offset).isBetween(2L, 31L);
      assertThat(r.payload).isEqualTo(csv.payload(lines.get((int) r.offset - 1)));
    }
    assertThat(records.stream().mapToLong(r -> r.offset).sorted().toArray())
        .containsExactly(java.util.stream.LongStream.rangeClosed(2, 31).toArray());
    assertThat(records.stream().filter(r -> IoFixtures.decode(r.payload) == null).count()).isEqualTo(4); // i%7==3
  }

  @Test
  void anAvroFileBecomesOneRecordPerObservationWithItsIndex(@TempDir Path dir) throws Exception {
    Path f = avro(dir, 50);
    InputConfig.File input = new InputConfig.File(f.toString(), InputConfig.Format.AVRO, null);
    FileInputs.check(input);
    List<RawRecord> records = runSource(input);
    assertThat(records).hasSize(50);
    for (RawRecord r : records) {
      assertThat(r.topic).isEqualTo("file:meters.avro");
      assertThat(IoFixtures.decode(r.payload)).isEqualTo(observation((int) r.offset));
      assertThat(r.payload).isEqualTo(IoFixtures.avro(observation((int) r.offset)));
    }
    assertThat(records.stream().mapToLong(r -> r.offset).sorted().toArray())
        .containsExactly(java.util.stream.LongStream.range(0, 50).toArray());
  }

  /**
   * What Flink does after a failure: the split carries the checkpointed position of the last record emitted, and the
   * restored reader re-reads and skips. The offsets after the restore continue the count, for every cut.
   */
  @Test
  void csvLineNumbersSurviveARestore(@TempDir Path dir) throws Exception {
    Path f = csv(dir, 40);
    checkRestore(new CsvLineFormat("file:meters.csv", BINS), f, 2);
  }

  /** CsvRows in {@code run}: a byte-order mark, the header and blank lines are skipped; offsets stay line numbers. */
  @Test
  void csvRowsSkipTheByteOrderMarkHeaderAndBlankLinesAndKeepLineNumbers(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("m.csv"),
        "\uFEFFsubject,time,reading\nm1,1000,0.5\n\n  \nm2,2000\r\nm1,3000,1.5\n");
    long size = Files.size(f);
    FileSourceSplit split = new FileSourceSplit("0", org.apache.flink.core.fs.Path.fromLocalFile(f.toFile()), 0, size,
        0, size);
    List<RawRecord> out = new ArrayList<>();
    read(new StreamFormatAdapter<>(new CsvLineFormat("file:m.csv", BINS)).createReader(new Configuration(), split),
        out, new ArrayList<>(), Integer.MAX_VALUE);
    CsvObservations csv = CsvObservations.forDiscretizer(BINS);
    assertThat(out).extracting(r -> r.offset).containsExactly(2L, 5L, 6L);
    assertThat(out.get(0).payload).isEqualTo(csv.payload("m1,1000,0.5"));
    // the wrong field count: the line's own bytes, rejected as UNDECODABLE at its line number
    assertThat(out.get(1).payload).isEqualTo("m2,2000".getBytes(StandardCharsets.UTF_8));
    assertThat(IoFixtures.decode(out.get(1).payload)).isNull();
    assertThat(out.get(2).payload).isEqualTo(csv.payload("m1,3000,1.5"));
  }

  @Test
  void avroRecordIndexSurvivesARestore(@TempDir Path dir) throws Exception {
    Path f = avro(dir, 40);
    checkRestore(new AvroObservationFormat("file:meters.avro"), f, 0);
  }

  private static void checkRestore(StreamFormat<RawRecord> format, Path f, long firstOffset) throws IOException {
    StreamFormatAdapter<RawRecord> adapter = new StreamFormatAdapter<>(format);
    long size = Files.size(f);
    FileSourceSplit split = new FileSourceSplit("0", org.apache.flink.core.fs.Path.fromLocalFile(f.toFile()), 0, size,
        0, size);
    List<RawRecord> all = new ArrayList<>();
    List<CheckpointedPosition> positions = new ArrayList<>();
    read(adapter.createReader(new Configuration(), split), all, positions, Integer.MAX_VALUE);
    assertThat(all).hasSize(40);
    for (int i = 0; i < all.size(); i++) {
      assertThat(all.get(i).offset).isEqualTo(firstOffset + i);
    }
    for (int cut : new int[] {1, 7, 20, 39}) {
      List<RawRecord> rest = new ArrayList<>();
      read(adapter.restoreReader(new Configuration(), split.updateWithCheckpointedPosition(positions.get(cut - 1))),
          rest, new ArrayList<>(), Integer.MAX_VALUE);
      assertThat(rest).as("after %d records", cut).isEqualTo(all.subList(cut, all.size()));
    }
  }

  private static void read(BulkFormat.Reader<RawRecord> reader, List<RawRecord> out,
      List<CheckpointedPosition> positions, int max) throws IOException {
    try (reader) {
      for (BulkFormat.RecordIterator<RawRecord> batch = reader.readBatch(); batch != null;
          batch = reader.readBatch()) {
        for (RecordAndPosition<RawRecord> r = batch.next(); r != null && out.size() < max; r = batch.next()) {
          out.add(r.getRecord());
          positions.add(new CheckpointedPosition(r.getOffset(), r.getRecordSkipCount()));
        }
        batch.releaseBatch();
      }
    }
  }

  @Test
  void checkRefusesAMissingFileAndAnAvroFileOfAnotherRecord(@TempDir Path dir) throws IOException {
    assertThatThrownBy(() -> FileInputs.check(
        new InputConfig.File(dir.resolve("none.csv").toString(), InputConfig.Format.CSV, null)))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("input.file: ").hasMessageContaining("none.csv");
    Path notAvro = Files.writeString(dir.resolve("x.avro"), "m,1,2\n");
    assertThatThrownBy(() -> FileInputs.check(new InputConfig.File(notAvro.toString(), InputConfig.Format.AVRO, null)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("not an Avro container file");
    Path optOuts = dir.resolve("optouts.avro");
    try (DataFileWriter<OptOut> w = new DataFileWriter<>(new SpecificDatumWriter<>(OptOut.class))) {
      w.create(OptOut.getClassSchema(), optOuts.toFile());
      w.append(new OptOut("s", 1L, 2L, null));
    }
    assertThatThrownBy(() -> FileInputs.check(new InputConfig.File(optOuts.toString(), InputConfig.Format.AVRO, null)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("cannot be read as org.pufferflow.avro.Observation");
  }

  @Test
  void optOutsAreReadStrictlyWithAnOptionalHeader(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("o.csv"), "subject,fromTick,toTick\nm1, 3, 5\nm2,0,0\r\n");
    assertThat(FileInputs.optOuts(f)).containsExactly(new OptOut("m1", 3L, 5L, null), new OptOut("m2", 0L, 0L, null));
    assertThat(FileInputs.optOuts(Files.writeString(dir.resolve("n.csv"), "m,1,1\n")))
        .containsExactly(new OptOut("m", 1L, 1L, null));
    assertThat(FileInputs.optOuts(Files.writeString(dir.resolve("e.csv"), ""))).isEmpty();
    // CsvRows: a byte-order mark before the header, blank lines skipped
    assertThat(FileInputs.optOuts(Files.writeString(dir.resolve("b.csv"), "\uFEFFsubject,fromTick,toTick\n\nm,1,1\n \n")))
        .containsExactly(new OptOut("m", 1L, 1L, null));
    String[][] bad = {
        {"m1,3,5\nm2,x,5\n", "input.optOuts: line 2: fromTick = 'x': not an integer tick"},
        {"m1,3\n", "input.optOuts: line 1: expected 3 fields subject,fromTick,toTick, got 2"},
        {"subject,a,b\nm,1,2,3\n", "input.optOuts: line 2: expected 3 fields subject,fromTick,toTick, got 4"},
        {"m;1;2\n", "input.optOuts: line 1: fields separated by ';': separate the 3 fields subject,fromTick,toTick"
            + " by commas"},
        {"m,1,2\n\"m\",3,4\n", "input.optOuts: line 2: quoted fields are not supported: a comma always separates"
            + " fields"},
        {" ,1,2\n", "input.optOuts: line 1: subject is empty"},
        {"m,-1,2\n", "input.optOuts: line 1: fromTick = -1: must be >= 0"},
        {"m,5,4\n", "input.optOuts: line 1: fromTick = 5 > toTick = 4: the range is inclusive and must not be empty"},
        {"m,1,2\n\nm,3\n", "input.optOuts: line 3: expected 3 fields subject,fromTick,toTick, got 2"},
        {"m,1,1.5\n", "input.optOuts: line 1: toTick = '1.5': not an integer tick"},
    };
    for (String[] b : bad) {
      Path p = Files.writeString(dir.resolve("bad.csv"), b[0]);
      assertThatThrownBy(() -> FileInputs.optOuts(p)).as(b[0]).isInstanceOf(ConfigException.class)
          .hasMessage(b[1]);
    }
    assertThatThrownBy(() -> FileInputs.optOuts(dir.resolve("missing.csv"))).isInstanceOf(ConfigException.class)
        .hasMessage("input.optOuts: " + dir.resolve("missing.csv") + ": no such file");
  }
}
