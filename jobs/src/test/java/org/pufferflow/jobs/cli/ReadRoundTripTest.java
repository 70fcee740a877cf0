package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;
import org.pufferflow.jobs.testing.KeyFiles;

/**
 * docs/cli.md, 'read': the round trip a user types — {@code feed} a CSV (and the opt-outs), {@code run --bounded},
 * then {@code read} — on a real broker, through the commands themselves, for the Kafka examples that ship a data set
 * (each prepared as {@link ExamplesRunTest#prepared} does: this broker, {@code createTopics}, a test key).
 */
@Timeout(600)
class ReadRoundTripTest {

  @RegisterExtension static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

  @TempDir Path dir;

  private Path prepared(String example) throws Exception {
    return ExamplesRunTest.prepared(example, KAFKA.bootstrapServers(), dir, KeyFiles.write(dir, 15, 15));
  }

  private static Run ok(Run r) {
    assertThat(r.code()).as(r.err()).isZero();
    return r;
  }

  private static Path data(String csv) {
    return ExamplesRunTest.EXAMPLES.resolve("data").resolve(csv);
  }

  /** Opt-outs fed through the opt-out topic redact what they cover: home-02 opted out of ticks 100..130. */
  @Test
  void presenceWithOptOutsFeedRunRead() throws Exception {
    Path job = prepared("presence-opt-outs.yaml");
    Run fed = ok(CliHarness.run(new FeedCommand(), "--config", job.toString(), "--input",
        data("presence.csv").toString(), "--opt-outs", data("presence-opt-outs.csv").toString()));
    assertThat(fed.out()).contains("fed 3 opt-outs to presence-opt-outs").contains("fed 1699 records");
    ok(CliHarness.run(new RunCommand(), "--config", job.toString(), "--bounded"));

    Run five = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "--from-beginning", "--max", "5",
        "redacted-records"));
    List<String> lines = five.out().lines().toList();
    assertThat(lines).hasSize(5);
    for (String l : lines) {
      JsonNode n = CliJson.parse("line", l);
      assertThat(n.has("output")).isFalse(); // one output: exactly the JSON of file mode
      assertThat(n.get("subjectId").asText()).startsWith("home-");
      assertThat(n.get("tick").isIntegralNumber()).isTrue();
    }

    Run all = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "redacted-records"));
    List<String> records = all.out().lines().toList();
    assertThat(records).hasSize(1699);
    long redacted = records.stream().map(l -> CliJson.parse("line", l))
        .filter(n -> n.get("subjectId").asText().equals("home-02"))
        .filter(n -> n.get("tick").asLong() >= 100 && n.get("tick").asLong() <= 130)
        .peek(n -> assertThat(n.get("value").isNull()).as(n.toString()).isTrue())
        .count();
    assertThat(redacted).isGreaterThan(20);

    JsonNode summary = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "--summary")).json();
    JsonNode outputs = summary.get("outputs");
    assertThat(outputs.get("redacted-records").get("records").asLong()).isEqualTo(1699);
    long perSubject = 0;
    for (JsonNode c : outputs.get("redacted-records").get("subjects")) {
      perSubject += c.asLong();
    }
    assertThat(perSubject).isEqualTo(1699);
    assertThat(outputs.get("redacted-records").get("subjects").has("home-02")).isTrue();
    assertThat(outputs.has("rejected")).isTrue();
  }

  /** The smart meters: four meters' day histograms and the fleet's, read back from their topics. */
  @Test
  void smartMetersFeedRunRead() throws Exception {
    Path job = prepared("smart-meters.yaml");
    ok(CliHarness.run(new FeedCommand(), "--config", job.toString(), "--input", data("smart-meters.csv").toString()));
    ok(CliHarness.run(new RunCommand(), "--config", job.toString(), "--bounded"));

    Run read = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "--from-beginning", "--max", "100"));
    List<JsonNode> lines = read.out().lines().map(l -> CliJson.parse("line", l)).toList();
    assertThat(lines).filteredOn(n -> n.get("output").asText().equals("window-histograms")).hasSize(4);
    assertThat(lines).as(read.out()).filteredOn(n -> n.get("output").asText().equals("fleet-histograms")).hasSize(1)
        .allMatch(n -> n.get("record").get("subjects").asInt() == 4);

    Run summary = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "--summary"));
    // exactly the example of docs/cli.md, 'read'
    assertThat(summary.out().strip()).isEqualTo("{\"outputs\":{\"window-histograms\":{\"records\":4,\"subjects\":"
        + "{\"meter-01\":1,\"meter-02\":1,\"meter-03\":1,\"meter-04\":1}},\"fleet-histograms\":{\"records\":1},"
        + "\"ledger-events\":{\"records\":0,\"subjects\":{}},\"rejected\":{\"records\":0,\"reasons\":{}}}}");
    JsonNode outputs = summary.json().get("outputs");
    assertThat(outputs.get("window-histograms").get("records").asLong()).isEqualTo(4);
    assertThat(outputs.get("window-histograms").get("subjects").size()).isEqualTo(4);
    assertThat(outputs.get("fleet-histograms").get("records").asLong()).isEqualTo(1);
    assertThat(outputs.get("rejected").get("records").asLong()).isZero();

    Run unknown = CliHarness.run(new ReadCommand(), "--config", job.toString(), "dphmm-releases");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err().strip()).startsWith("error: OUTPUT: 'dphmm-releases' is not an output of this"
        + " configuration; its outputs: window-histograms, fleet-histograms, ledger-events, rejected");
  }

  /** A file-mode example: read prints the Avro files of output.dir as the jsonl run would have written them. */
  @Test
  void presenceFileRunRead() throws Exception {
    Path job = prepared("presence-file.yaml");
    ok(CliHarness.run(new RunCommand(), "--config", job.toString()));
    Run read = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "redacted-records"));
    assertThat(read.out().lines()).hasSize(1699).allMatch(l -> l.startsWith("{\"subjectId\":\"home-"));
    JsonNode outputs = ok(CliHarness.run(new ReadCommand(), "--config", job.toString(), "--summary")).json()
        .get("outputs");
    assertThat(outputs.get("redacted-records").get("records").asLong()).isEqualTo(1699);
    Run follow = CliHarness.run(new ReadCommand(), "--config", job.toString(), "--follow");
    assertThat(follow.code()).isEqualTo(2);
    assertThat(follow.err().strip()).startsWith("error: --follow: this configuration writes files");
  }
}
