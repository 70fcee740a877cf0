package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;

/** {@link ExternalSort}: spills and multi-level merges give the in-memory order; run files never outlive it. */
class ExternalSortTest {

  private static final ExternalSort.Limits NO_SPILL = new ExternalSort.Limits(Integer.MAX_VALUE, Long.MAX_VALUE, 64);

  static RejectedObservation rejected(int partition, long offset) {
    return RejectedObservation.newBuilder().setSourceTopic("file:x.csv").setSourcePartition(partition)
        .setSourceOffset(offset).setRawPayload(ByteBuffer.wrap(new byte[] {(byte) offset})).setReasonCode("TOO_LATE")
        .setMessage("offset " + offset).build();
  }

  /** 1000 shuffled JSON lines of rejected records, 17 of them twice. */
  static List<byte[]> lines() {
    List<byte[]> lines = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      lines.add(PartFiles.encoded(rejected(i % 12, i / 12), OutputConfig.Format.JSONL));
    }
    lines.addAll(lines.subList(100, 117));
    Collections.shuffle(lines, new Random(7));
    return lines;
  }

  static List<String> sort(Path runs, List<byte[]> records, ExternalSort.Limits limits, int[] runsWritten)
      throws IOException {
    RecordFormat format = RecordFormat.of(OutputConfig.Format.JSONL, OutputKind.REJECTED);
    List<String> out = new ArrayList<>();
    try (ExternalSort sort = new ExternalSort(runs, format, limits)) {
      for (byte[] r : records) {
        sort.add(r);
      }
      sort.writeTo(r -> out.add(new String(r, StandardCharsets.UTF_8)));
      runsWritten[0] = sort.runsWritten();
    }
    return out;
  }

  @Test
  void spillingAndMergingInSeveralLevelsGiveTheInMemoryOrder(@TempDir Path dir) throws IOException {
    int[] runs = new int[1];
    List<String> inMemory = sort(dir.resolve("a"), lines(), NO_SPILL, runs);
    assertThat(runs[0]).isZero();
    assertThat(dir.resolve("a")).doesNotExist();
    List<String> spilled = sort(dir.resolve("b"), lines(), new ExternalSort.Limits(7, Long.MAX_VALUE, 3), runs);
    assertThat(runs[0]).as("runs: 146 spills plus merges of three").isGreaterThan(146 + 40);
    assertThat(spilled).isEqualTo(inMemory);
    assertThat(emptyDirectory(dir.resolve("b"))).isTrue();
    List<String> byBytes = sort(dir.resolve("c"), lines(), new ExternalSort.Limits(1_000, 10_000, 64), runs);
    assertThat(runs[0]).as("spilled at the heap estimate").isGreaterThan(10);
    assertThat(byBytes).isEqualTo(inMemory);
  }

  @Test
  void theOrderIsPartitionThenOffsetNumericallyThenTheLine(@TempDir Path dir) throws IOException {
    List<String> sorted = sort(dir, lines(), NO_SPILL, new int[1]);
    List<String> expected = new ArrayList<>();
    for (int partition = 0; partition < 12; partition++) {
      for (long offset = 0; offset * 12 + partition < 1000; offset++) {
        String line = new String(PartFiles.encoded(rejected(partition, offset), OutputConfig.Format.JSONL),
            StandardCharsets.UTF_8);
        expected.add(line);
        int i = (int) (offset * 12 + partition);
        if (i >= 100 && i < 117) {
          expected.add(line);
        }
      }
    }
    assertThat(sorted).isEqualTo(expected);
  }

  @Test
  void closingWithoutMergingDeletesTheRuns(@TempDir Path dir) throws IOException {
    RecordFormat format = RecordFormat.of(OutputConfig.Format.JSONL, OutputKind.REJECTED);
    try (ExternalSort sort = new ExternalSort(dir, format, new ExternalSort.Limits(2, Long.MAX_VALUE, 2))) {
      for (byte[] r : lines().subList(0, 9)) {
        sort.add(r);
      }
      assertThat(sort.runsWritten()).isEqualTo(4);
    }
    assertThat(emptyDirectory(dir)).isTrue();
  }

  @Test
  void aLineWithoutTheKeyFieldsIsRefused(@TempDir Path dir) {
    RecordFormat format = RecordFormat.of(OutputConfig.Format.JSONL, OutputKind.REJECTED);
    ExternalSort sort = new ExternalSort(dir, format, NO_SPILL);
    assertThatThrownBy(() -> sort.add("not json".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("rejected parts is not a JSON object with the fields [sourceTopic");
    assertThatThrownBy(() -> sort.add("{\"sourceTopic\":\"t\",\"sourcePartition\":\"0\",\"sourceOffset\":1}"
        .getBytes(StandardCharsets.UTF_8))).hasMessageContaining("key field sourcePartition of rejected");
  }

  private static boolean emptyDirectory(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.findAny().isEmpty();
    }
  }
}
