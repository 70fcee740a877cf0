package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.testing.KeyFiles;
import org.pufferflow.jobs.testing.CommittedRecords;

/**
 * Every example job configuration under {@code examples/} runs as shipped (issue "The whole job end to end", item
 * 3), with two substitutions a user would make: the noise key comes from a test key file, and Kafka examples use a
 * broker started here (with {@code createTopics}) instead of the address in the file. The file-mode examples publish
 * their data sets; the Kafka smart-meter and presence examples are fed their CSV files with {@code feed}.
 */
@Timeout(300)
class ExamplesRunTest {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  static final Path EXAMPLES = RepositoryPaths.root().resolve("examples");

  static EmbeddedKafka kafka;
  @TempDir static Path dir;
  static Path key;

  @BeforeAll
  static void start() throws IOException {
    kafka = EmbeddedKafka.start();
    key = KeyFiles.write(dir, 15, 15);
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  /** The example as a user would run it here: test key, this broker, output under the test directory. */
  static Path prepared(String example) throws IOException {
    return prepared(example, kafka.bootstrapServers(), dir, key);
  }

  /** {@link #prepared(String)} with the broker, the directory and the key given (ReadRoundTripTest). */
  static Path prepared(String example, String bootstrapServers, Path dir, Path key) throws IOException {
    ObjectNode root = (ObjectNode) YAML.readTree(EXAMPLES.resolve(example).toFile());
    root.putObject("noise").put("keyFile", key.toString());
    absolute(root, "input", "file");
    absolute(root, "input", "optOuts");
    absolute(root, "model", "modelFile");
    if (root.has("output")) {
      ((ObjectNode) root.get("output")).put("dir", dir.resolve("out-" + example).toString());
    }
    if (root.has("ledger")) {
      ((ObjectNode) root.get("ledger")).put("dir", dir.resolve("ledger-" + example).toString());
    }
    if (root.has("kafka")) {
      ObjectNode k = (ObjectNode) root.get("kafka");
      k.put("bootstrapServers", bootstrapServers);
      k.put("createTopics", true);
      k.put("groupId", "examples-" + example);
      k.put("transactionalIdPrefix", "examples-" + example);
    }
    Path f = dir.resolve(example);
    YAML.writeValue(f.toFile(), root);
    return f;
  }

  private static void absolute(ObjectNode root, String section, String field) {
    if (root.has(section) && root.get(section).has(field)) {
      ((ObjectNode) root.get(section)).put(field, EXAMPLES.resolve(root.get(section).get(field).asText()).toString());
    }
  }

  static List<String> jobExamples() throws IOException {
    try (Stream<Path> s = Files.list(EXAMPLES)) {
      return s.filter(p -> p.toString().endsWith(".yaml")).map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void everyExampleRunsToTheEndOfItsInput() throws Exception {
    List<String> ran = new ArrayList<>();
    for (String example : jobExamples()) {
      Path f = prepared(example);
      if (example.equals("smart-meters.yaml")) {
        feed(f, "data/smart-meters.csv");
      } else if (example.equals("redaction.yaml")) {
        feed(f, "data/presence.csv");
      }
      Run r = CliHarness.run(new RunCommand(), YAML.readTree(f.toFile()).has("kafka")
          ? new String[] {"--config", f.toString(), "--bounded"} : new String[] {"--config", f.toString()});
      assertThat(r.code()).as(example + ": " + r.err()).isZero();
      ran.add(example);
    }
    assertThat(ran).contains("smart-meters.yaml", "location-grid.yaml", "redaction.yaml", "learned-model.yaml",
        "smart-meters-file.yaml", "presence-file.yaml");
    // what the fed and file examples published
    assertThat(CommittedRecords.values(kafka.bootstrapServers(), "mqm-histograms", WindowHistogram.class)).hasSize(4);
    assertThat(CommittedRecords.values(kafka.bootstrapServers(), "presence-redacted", RedactedRecord.class))
        .hasSize(1699);
    Path meters = dir.resolve("out-smart-meters-file.yaml");
    assertThat(Files.readAllLines(meters.resolve("window-histograms.jsonl"))).hasSize(4);
    assertThat(Files.readAllLines(meters.resolve("fleet-histograms.jsonl"))).hasSize(1)
        .allMatch(l -> l.contains("\"subjects\":4"));
    Path presence = dir.resolve("out-presence-file.yaml").resolve("redacted-records.avro");
    int records = 0;
    int redactedInOptOut = 0;
    try (DataFileReader<RedactedRecord> in =
        new DataFileReader<>(presence.toFile(), new SpecificDatumReader<>(RedactedRecord.class))) {
      for (RedactedRecord r : in) {
        records++;
        // home-02 opted out of ticks 100..130: none of its records there is released
        if (r.getSubjectId().toString().equals("home-02") && r.getTick() >= 100 && r.getTick() <= 130) {
          assertThat(r.getValue()).isNull();
          redactedInOptOut++;
        }
      }
    }
    assertThat(records).isEqualTo(1699);
    assertThat(redactedInOptOut).isGreaterThan(20);
  }

  private static void feed(Path config, String csv) {
    Run r = CliHarness.run(new FeedCommand(), "--config", config.toString(), "--input",
        EXAMPLES.resolve(csv).toString());
    assertThat(r.code()).as(r.err()).isZero();
  }
}
