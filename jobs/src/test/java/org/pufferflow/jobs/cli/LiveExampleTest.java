package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.config.TimeConfig;
import org.pufferflow.jobs.testing.CommittedRecords;

/**
 * (docs/cli.md, 'run' and 'feed'; docs/configuration.md, 'Event time and lateness'): docs/cli.md's Kafka
 * example exactly as written — {@code run --config examples/smart-meters.yaml} in one process (the embedded broker),
 * {@code feed} its CSV from another — publishes every output (4 meters' day histograms and the fleet's) within the
 * documented delay after the feed finished, although the input then goes quiet; SIGTERM then stops the job with one
 * line, and one saying that the run cannot be resumed (the embedded broker is gone), its checkpoints removed.
 */
@Timeout(240)
class LiveExampleTest {

  /** docs/cli.md: idle timeout (5 s) + checkpoint interval (5 s) + processing; generous for a loaded machine. */
  static final long DOCUMENTED_MILLIS = TimeConfig.DEFAULT_IDLE_TIMEOUT_MILLIS + 5_000 + 15_000;

  @Test
  void theKafkaExamplePublishesEveryOutputSecondsAfterTheFeedAndStopsOnSigterm(@TempDir Path tmp) throws Exception {
    Path root = RepositoryPaths.root();
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), JobCli.class.getName(),
        "run", "--config", "examples/smart-meters.yaml")
        .directory(root.toFile()).redirectOutput(tmp.resolve("stdout.txt").toFile())
        .redirectError(tmp.resolve("stderr.txt").toFile());
    pb.environment().put("PUFFERFLOW_NOISE_KEY", "8899aabbccddeeff00112233445566778899aabbccddeeff0011223344556677");
    Process run = pb.start();
    Path err = tmp.resolve("stderr.txt");
    try {
      String broker = awaitBroker(err);
      CliHarness.Run feed = CliHarness.run(new FeedCommand(), "--config",
          root.resolve("examples/smart-meters.yaml").toString(), "--input",
          root.resolve("examples/data/smart-meters.csv").toString(), "--bootstrap-servers", broker);
      assertThat(feed.code()).as(feed.err()).isZero();
      long fed = System.nanoTime();
      List<WindowHistogram> days = List.of();
      List<FleetHistogram> fleet = List.of();
      while (System.nanoTime() - fed < TimeUnit.MILLISECONDS.toNanos(DOCUMENTED_MILLIS)
          && (days.size() < 4 || fleet.isEmpty())) {
        Thread.sleep(500);
        days = CommittedRecords.values(broker, "mqm-histograms", WindowHistogram.class);
        fleet = CommittedRecords.values(broker, "fleet-histograms", FleetHistogram.class);
      }
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - fed);
      assertThat(days).as("one day histogram per meter, committed, %s ms after the feed; stderr:%n%s", millis,
          read(err))
          .extracting(w -> w.getSubjectId().toString())
          .containsExactlyInAnyOrder("meter-01", "meter-02", "meter-03", "meter-04");
      assertThat(fleet).as("the fleet's day").hasSize(1);
      assertThat(fleet.get(0).getSubjects()).isEqualTo(4);
      assertThat(fleet.get(0).getCorrection()).isFalse();
      System.out.printf("LiveExampleTest: every output committed %d ms after the feed finished%n", millis);

      run.destroy(); // SIGTERM
      assertThat(run.waitFor(60, TimeUnit.SECONDS)).as("stopped on SIGTERM").isTrue();
      assertThat(read(err)).as("exit code %s", run.exitValue()).contains("stopped: the job was cancelled")
          .doesNotContain("Exception");
      // docs/cli.md, 'run': the embedded broker's topics are gone with it, so no resume hint, and no folder kept
      assertThat(read(err)).contains("the embedded Kafka broker and its topics are gone with this run, so it cannot"
          + " be resumed").doesNotContain("resume with");
      try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(tmp)) {
        assertThat(s.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith("pufferflow-checkpoints-"));
      }
    } finally {
      run.destroyForcibly();
    }
  }

  private static String awaitBroker(Path err) throws Exception {
    Pattern p = Pattern.compile("embedded Kafka broker at (\\S+)");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      String text = read(err);
      Matcher m = p.matcher(text);
      if (m.find() && text.contains("running ")) {
        return m.group(1);
      }
      Thread.sleep(100);
    }
    throw new AssertionError("run did not start its broker and job in 120 s; stderr:\n" + read(err));
  }

  private static String read(Path file) throws java.io.IOException {
    return java.nio.file.Files.exists(file) ? java.nio.file.Files.readString(file, StandardCharsets.UTF_8) : "";
  }
}
