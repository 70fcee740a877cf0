package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.io.kafka.AvroTopicReader;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;

/**
 * docs/cli.md, 'feed': {@code --opt-outs FILE.csv} writes the opt-outs of a CSV file in the format of
 * {@code input.optOuts} into the opt-out topic, in {@code fromTick} order, each issued at the start of its first tick;
 * a wrong file or a configuration without redaction is one line and exit 2 before anything is sent.
 */
@Timeout(120)
class FeedOptOutsTest {

  @RegisterExtension static final EmbeddedKafkaExtension KAFKA =
      new EmbeddedKafkaExtension().topic("obs", 1).topic("outs", 1);

  private static final String JOB = String.join("\n",
      "kafka: {bootstrapServers: BROKER, inputTopic: obs, optOutTopic: outs, rejectedTopic: rej,"
          + " redactedTopic: red}",
      "time: {tickMillis: 1000, allowedLatenessTicks: 1}",
      "model: {states: [out, in], transition: [[0.9, 0.1], [0.2, 0.8]]}",
      "discretizer: {type: categorical}",
      "redaction: {alpha: 0.1, beta: 0.2, epsilon: 1.0, mechanism: 3r-optimal, split: auto, holdBackTicks: 12}",
      "noise: {keyEnv: PUFFERFLOW_NOISE_KEY}",
      "");

  @TempDir Path dir;

  private Path job(String yaml) throws Exception {
    return Files.writeString(dir.resolve("job.yaml"), yaml.replace("BROKER", KAFKA.bootstrapServers()));
  }

  @Test
  void optOutsGoToTheOptOutTopicInFromTickOrderIssuedAtTheirFirstTick() throws Exception {
    Path csv = Files.writeString(dir.resolve("outs.csv"), "subject,fromTick,toTick\nh2,30,40\n\nh1,5,7\n");
    Run r = CliHarness.run(new FeedCommand(), "--config", job(JOB).toString(), "--opt-outs", csv.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().strip()).isEqualTo("fed 2 opt-outs to outs");
    List<OptOut> sent = AvroTopicReader.readAll(KAFKA.bootstrapServers(), "outs", OptOut.class, 2,
        Duration.ofSeconds(30));
    assertThat(sent).containsExactly(new OptOut("h1", 5L, 7L, Instant.ofEpochMilli(5000)),
        new OptOut("h2", 30L, 40L, Instant.ofEpochMilli(30_000)));
  }

  @Test
  void aBadOptOutLineIsOneLineAndExitTwo() throws Exception {
    Path csv = Files.writeString(dir.resolve("bad.csv"), "h1,5,7\nh2,9,x\n");
    Run r = CliHarness.run(new FeedCommand(), "--config", job(JOB).toString(), "--opt-outs", csv.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("error: --opt-outs: " + csv + ": line 2: toTick = 'x': not an integer tick");
  }

  @Test
  void withoutRedactionOrWithoutAFileItIsRefused() throws Exception {
    Path csv = Files.writeString(dir.resolve("outs.csv"), "h1,5,7\n");
    String noRedaction = JOB.lines().filter(l -> !l.startsWith("redaction") && !l.startsWith("noise")).reduce("", (a, b) -> a + b + "\n");
    Run r = CliHarness.run(new FeedCommand(), "--config", job(noRedaction).toString(), "--opt-outs", csv.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: --opt-outs: this configuration has no redaction section");
    Run none = CliHarness.run(new FeedCommand(), "--config", job(JOB).toString());
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err().strip()).startsWith("error: --input: give the observations");
  }
}
