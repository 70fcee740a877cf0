package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.KeyFiles;

/**
 * The lifetime contract in file mode (docs/privacy-noise.md, 'The durable ledger'), as a user publishing a location
 * trace month by month meets it: the same job file, one noise key and one {@code ledger.dir}, run on January's ticks
 * and then on February's. February draws fresh noise (no release shares January's), continues January's spend and
 * carries its exhaustion into March; the same data from a fresh store gives identical files; the same data into the
 * store that released it publishes nothing again (ALREADY_RELEASED).
 */
@Timeout(300)
class DurableLedgerFileModeTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> STATES = List.of("a", "b", "c");

  /** Ticks {@code from} .. from + n − 1 of subject s1 (states cycle a, c, b) and s2 (b, a, c). */
  private static Path csv(Path dir, String name, long from, int n) throws IOException {
    StringBuilder b = new StringBuilder("subject,time,state\n");
    for (int i = 0; i < n; i++) {
      long t = (from + i) * 1000;
      b.append("s1,").append(t).append(',').append(STATES.get((2 * i) % 3)).append('\n');
      b.append("s2,").append(t).append(',').append(STATES.get((i + 1) % 3)).append('\n');
    }
    return Files.writeString(dir.resolve(name + ".csv"), b.toString());
  }

  private static Path config(Path dir, Path key, Path csv, String out, String ledger) throws IOException {
    return Files.writeString(dir.resolve(out + ".yaml"), String.join("\n",
        "input: {file: " + csv + ", format: csv}",
        "output: {dir: " + out + ", format: jsonl}",
        "ledger: {dir: " + ledger + "}",
        "time: {tickMillis: 1000, epochMillis: 0, allowedLatenessTicks: 0}",
        "model: {states: [a, b, c], transition: [[0.6, 0.3, 0.1], [0.2, 0.6, 0.2], [0.1, 0.3, 0.6]],"
            + " query: [[0.0], [1.0], [2.0]]}",
        "discretizer: {type: categorical}",
        // Laplace on the grid: value - f(true state) is the noise draw itself; 6 releases of 0.5 exhaust 3.0
        "dphmm: {epsilon: 0.5, mechanism: laplace, policyGraph: {type: complete}, budget: {total: 3.0}}",
        "flink: {parallelism: 2, checkpointIntervalMillis: 100}",
        "noise: {keyFile: " + key + "}", ""));
  }

  private static List<JsonNode> run(Path config, Path dir, String out, String file) throws IOException {
    Run r = CliHarness.run(new RunCommand(), "--config", config.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<JsonNode> records = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve(out).resolve(file + ".jsonl"))) {
      records.add(JSON.readTree(line));
    }
    return records;
  }

  private static double noise(JsonNode release, Path csv) throws IOException {
    String subject = release.get("subjectId").asText();
    long time = release.get("tick").asLong() * 1000;
    for (String line : Files.readAllLines(csv)) {
      String[] f = line.split(",");
      if (f[0].equals(subject) && f[1].equals(Long.toString(time))) {
        return release.get("values").get(0).asDouble() - STATES.indexOf(f[2]);
      }
    }
    throw new AssertionError("no input for " + release);
  }

  @Test
  void monthByMonthRunsDrawFreshNoiseContinueTheSpendAndCarryExhaustion(@TempDir Path dir) throws Exception {
    Path key = KeyFiles.write(dir, 5, 9);
    Path january = csv(dir, "january", 1000, 4);
    Path february = csv(dir, "february", 2000, 4);
    Path march = csv(dir, "march", 3000, 2);

    List<JsonNode> jan = run(config(dir, key, january, "out-jan", "ledger"), dir, "out-jan", "dphmm-releases");
    assertThat(jan).hasSize(8);
    List<JsonNode> feb = run(config(dir, key, february, "out-feb", "ledger"), dir, "out-feb", "dphmm-releases");
    // 4 releases of 0.5 in January: 2 more fit the budget of 3.0, then each subject is exhausted
    assertThat(feb).hasSize(4);
    Set<Double> janNoise = new HashSet<>();
    for (JsonNode r : jan) {
      janNoise.add(noise(r, january));
    }
    for (JsonNode r : feb) {
      assertThat(janNoise).as("February's noise at %s", r).doesNotContain(noise(r, february));
      assertThat(r.get("cumulativeEpsilon").asDouble()).isGreaterThan(2.0); // continued from January's 2.0
      assertThat(r.get("releaseSeq").asLong()).isGreaterThanOrEqualTo(4);
    }
    assertThat(feb).extracting(r -> r.get("cumulativeEpsilon").asDouble()).containsOnly(2.5, 3.0);
    List<String> febEvents = Files.readAllLines(dir.resolve("out-feb").resolve("ledger-events.jsonl"));
    assertThat(febEvents).hasSize(2).allMatch(l -> l.contains("\"exhausted\":true"));

    List<JsonNode> mar = run(config(dir, key, march, "out-mar", "ledger"), dir, "out-mar", "dphmm-releases");
    assertThat(mar).as("exhausted in February, exhausted in March").isEmpty();
    assertThat(Files.readAllLines(dir.resolve("out-mar").resolve("ledger-events.jsonl"))).isEmpty();

    // the same data from a fresh store: identical files
    run(config(dir, key, january, "out-jan-fresh", "ledger-fresh"), dir, "out-jan-fresh", "dphmm-releases");
    assertThat(Files.readAllBytes(dir.resolve("out-jan-fresh").resolve("dphmm-releases.jsonl")))
        .isEqualTo(Files.readAllBytes(dir.resolve("out-jan").resolve("dphmm-releases.jsonl")));

    // the same data into the store that released it: nothing published again, every record refused
    List<JsonNode> again = run(config(dir, key, january, "out-jan-again", "ledger-fresh"), dir, "out-jan-again",
        "dphmm-releases");
    assertThat(again).isEmpty();
    List<JsonNode> refused = run(config(dir, key, january, "out-jan-again2", "ledger-fresh"), dir,
        "out-jan-again2", "rejected");
    assertThat(refused).hasSize(8).allMatch(r -> r.get("reasonCode").asText().equals("ALREADY_RELEASED"));
  }

  /**
   * A run that fails leaves the ledger as of the last published outputs: no segment, nothing pending; the next run
   * continues from the runs before it as if the failed one had never started.
   */
  @Test
  void aFailedRunLeavesTheLedgerAsOfTheLastPublishedOutputs(@TempDir Path dir) throws Exception {
    Path key = KeyFiles.write(dir, 6, 2);
    Path january = csv(dir, "january", 1000, 4);
    Path february = csv(dir, "february", 2000, 2);
    run(config(dir, key, january, "out-jan", "ledger"), dir, "out-jan", "dphmm-releases");
    Map<String, byte[]> before = files(dir.resolve("ledger"));

    Path failing = Files.writeString(dir.resolve("failing.yaml"), Files.readString(
        config(dir, key, february, "out-failed", "ledger")).replace("flink: {", "flink: {restartAttempts: 0, "));
    byte[] keyBytes = Files.readAllBytes(key);
    // RunCommand prints "running …" once the job is built, before the operators load the key: take it away then
    PrintStream systemErr = CliHarness.deletingOnRunning(key, new ByteArrayOutputStream());
    Run failed = CliHarness.run(RunCommand::new, systemErr, "--config", failing.toString());
    assertThat(failed.code()).as(failed.err()).isEqualTo(1);
    assertThat(files(dir.resolve("ledger"))).as("the ledger, byte for byte").containsOnlyKeys(before.keySet())
        .allSatisfy((name, bytes) -> assertThat(bytes).isEqualTo(before.get(name)));
    assertThat(dir.resolve("out-failed").resolve("dphmm-releases.jsonl")).doesNotExist();

    Files.write(key, keyBytes);
    List<JsonNode> feb = run(config(dir, key, february, "out-feb", "ledger"), dir, "out-feb", "dphmm-releases");
    assertThat(feb).extracting(r -> r.get("cumulativeEpsilon").asDouble()).containsOnly(2.5, 3.0);
  }

  /**
   * Key rotation (docs/cluster.md, 'The durable ledger, and rotating the key'): under a new key the noise is new, the
   * spend goes on from the ledger, and a tick released under the old key stays released.
   */
  @Test
  void aNewKeyDrawsNewNoiseWhileTheLedgerCarriesTheSpend(@TempDir Path dir) throws Exception {
    Path oldKey = KeyFiles.write(Files.createDirectories(dir.resolve("old-key")), 7, 1);
    Path newKey = KeyFiles.write(Files.createDirectories(dir.resolve("new-key")), 9, 4);
    Path january = csv(dir, "january", 1000, 2);
    Path february = csv(dir, "february", 2000, 2);
    List<JsonNode> jan = run(config(dir, oldKey, january, "out-jan", "ledger"), dir, "out-jan", "dphmm-releases");
    List<JsonNode> fresh = run(config(dir, newKey, february, "out-fresh", "ledger-other"), dir, "out-fresh",
        "dphmm-releases");
    List<JsonNode> feb = run(config(dir, newKey, february, "out-feb", "ledger"), dir, "out-feb", "dphmm-releases");
    assertThat(jan).extracting(r -> r.get("cumulativeEpsilon").asDouble()).containsOnly(0.5, 1.0);
    assertThat(feb).extracting(r -> r.get("cumulativeEpsilon").asDouble()).containsOnly(1.5, 2.0);
    // the new key's noise: February's values are those of the new key from any store (same ticks, same inputs)
    assertThat(feb).extracting(r -> r.get("values")).isEqualTo(fresh.stream().map(r -> r.get("values")).toList());
    List<JsonNode> oldKeyed = run(config(dir, oldKey, february, "out-old", "ledger-old"), dir, "out-old",
        "dphmm-releases");
    for (int i = 0; i < feb.size(); i++) {
      assertThat(feb.get(i).get("values")).as("the new key's noise at %s", feb.get(i).get("tick"))
          .isNotEqualTo(oldKeyed.get(i).get("values"));
    }
    List<JsonNode> again = run(config(dir, newKey, january, "out-jan-again", "ledger"), dir, "out-jan-again",
        "rejected");
    assertThat(again).hasSize(4).allMatch(r -> r.get("reasonCode").asText().equals("ALREADY_RELEASED"));
  }

  private static Map<String, byte[]> files(Path dir) throws IOException {
    Map<String, byte[]> m = new TreeMap<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path f : s.toList()) {
        if (!f.getFileName().toString().equals(".lock")) {
          m.put(f.getFileName().toString(), Files.readAllBytes(f));
        }
      }
    }
    return m;
  }
}
