package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.KeyFiles;

/**
 * docs/configuration.md, 'Output files': {@code pufferflow run} in file mode, twice with the same input and key at
 * parallelism 3 with frequent checkpoints (so each output comes in parts from several subtasks and checkpoints),
 * writes byte-identical files (SHA-256), in both formats; and the {@code jsonl} files are sorted by their key.
 */
@Timeout(120)
class FileModeCanonicalOutputsTest {

  static final int SUBJECTS = 12;
  static final int TICKS = 60;
  static final ObjectMapper JSON = new ObjectMapper();

  /** Every output: DPHMM (a budget that runs out: ledger events), MQM with fleet, redaction; bad lines rejected. */
  static Path config(Path dir, String name, String format) throws IOException {
    Path key = KeyFiles.write(dir, 15, 15);
    return Files.writeString(dir.resolve(name + ".yaml"), String.join("\n",
        "input: {file: in.csv, format: csv}",
        "output: {dir: " + name + ", format: " + format + "}",
        "ledger: {dir: " + name + "-ledger}",
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 1}",
        "model: {states: [\"off\", \"on\"], transition: [[0.8, 0.2], [0.3, 0.7]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 30.0}}",
        "mqm: {window: 8, slide: 4, epsilon: 1.0, fleet: true, budget: {total: 1000.0}}",
        "redaction: {alpha: 0.2, beta: 0.3, epsilon: 1.0, holdBackTicks: 4}",
        "flink: {parallelism: 3, checkpointIntervalMillis: 100}",
        "noise: {keyFile: " + key + "}", ""));
  }

  /** Ticks in order, subjects interleaved; every 97th line malformed. */
  static void input(Path dir) throws IOException {
    StringBuilder csv = new StringBuilder("subject,time,state\n");
    int line = 1;
    for (int t = 0; t < TICKS; t++) {
      for (int s = 0; s < SUBJECTS; s++) {
        boolean on = Integer.bitCount((s * 7 + 3) * (t / (2 + s % 5) + 1)) % 2 == 0;
        csv.append(++line % 97 == 0 ? "s" + s + ";" + t : "s" + s + "," + (t * 1000L + 500) + "," + (on ? "on" : "off"))
            .append('\n');
      }
    }
    Files.writeString(dir.resolve("in.csv"), csv);
  }

  /** Runs the job of {@code name} and returns the SHA-256 of each file it wrote, by file name. */
  static Map<String, String> run(Path dir, String name, String format) throws IOException {
    Run r = CliHarness.run(new RunCommand(), "--config", config(dir, name, format).toString());
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, String> sums = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir.resolve(name))) {
      for (Path f : files.toList()) {
        sums.put(f.getFileName().toString(), sha256(Files.readAllBytes(f)));
      }
    }
    return sums;
  }

  @Test
  void twoRunsWriteByteIdenticalFilesInBothFormats(@TempDir Path dir) throws IOException {
    input(dir);
    for (String format : List.of("jsonl", "avro")) {
      Map<String, String> first = run(dir, format + "-1", format);
      Map<String, String> second = run(dir, format + "-2", format);
      assertThat(first.keySet()).containsExactly("dphmm-releases." + format, "fleet-histograms." + format,
          "ledger-events." + format, "redacted-records." + format, "rejected." + format,
          "window-histograms." + format);
      assertThat(second).as(format).isEqualTo(first);
    }
    assertSorted(dir.resolve("jsonl-1/dphmm-releases.jsonl"), "subjectId", "tick");
    assertSorted(dir.resolve("jsonl-1/window-histograms.jsonl"), "subjectId", "windowStartTick", "windowEndTick");
    assertSorted(dir.resolve("jsonl-1/fleet-histograms.jsonl"), "windowStartTick", "windowEndTick");
    assertSorted(dir.resolve("jsonl-1/redacted-records.jsonl"), "subjectId", "tick");
    assertSorted(dir.resolve("jsonl-1/ledger-events.jsonl"), "subjectId");
    assertSorted(dir.resolve("jsonl-1/rejected.jsonl"), "sourceTopic", "sourcePartition", "sourceOffset");
    assertRecordsExplainThemselves(dir.resolve("jsonl-1"));
  }

  /**
   * docs/configuration.md, 'Data model' and 'Output files': labels beside released values, window timestamps beside
   * the ticks (1 s ticks from epoch 0), integral counts as JSON integers; a malformed line rejected in CSV's words.
   */
  static void assertRecordsExplainThemselves(Path out) throws IOException {
    for (String file : List.of("window-histograms.jsonl", "fleet-histograms.jsonl")) {
      for (String l : Files.readAllLines(out.resolve(file))) {
        JsonNode r = JSON.readTree(l);
        assertThat(r.get("windowStartTime").longValue()).as(l).isEqualTo(r.get("windowStartTick").longValue() * 1000);
        assertThat(r.get("windowEndTime").longValue()).as(l).isEqualTo((r.get("windowEndTick").longValue() + 1) * 1000);
        assertThat(r.get("noisyCounts")).as(l).isNotEmpty().allSatisfy(c -> assertThat(c.isIntegralNumber()).isTrue());
      }
    }
    List<String> labels = List.of("off", "on");
    int released = 0;
    for (String l : Files.readAllLines(out.resolve("redacted-records.jsonl"))) {
      JsonNode r = JSON.readTree(l);
      if (r.get("value").isNull()) {
        assertThat(r.get("label").isNull()).as(l).isTrue();
      } else {
        assertThat(r.get("label").textValue()).as(l).isEqualTo(labels.get(r.get("value").intValue()));
        released++;
      }
    }
    assertThat(released).isPositive();
    List<String> rejected = Files.readAllLines(out.resolve("rejected.jsonl"));
    assertThat(rejected).isNotEmpty();
    for (String l : rejected) {
      JsonNode r = JSON.readTree(l);
      assertThat(r.get("message").textValue()).isEqualTo("line " + r.get("sourceOffset").longValue()
          + ": fields separated by ';': separate the 3 fields subject,time,state by commas");
    }
  }

  /** The file's lines are non-decreasing by {@code fields} (strings by code point, numbers numerically). */
  static void assertSorted(Path file, String... fields) throws IOException {
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).as(file.toString()).hasSizeGreaterThan(1);
    List<JsonNode> records = new ArrayList<>();
    for (String l : lines) {
      records.add(JSON.readTree(l));
    }
    for (int i = 1; i < records.size(); i++) {
      assertThat(compare(records.get(i - 1), records.get(i), fields)).as(file + " line " + (i + 1)).isLessThan(1);
    }
  }

  private static int compare(JsonNode a, JsonNode b, String... fields) {
    for (String f : fields) {
      int c = a.get(f).isTextual()
          ? Arrays.compare(a.get(f).textValue().codePoints().toArray(), b.get(f).textValue().codePoints().toArray())
          : Long.compare(a.get(f).longValue(), b.get(f).longValue());
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
