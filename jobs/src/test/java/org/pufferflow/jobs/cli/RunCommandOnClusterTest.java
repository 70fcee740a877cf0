package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.testing.KeyFiles;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.ObservationRecords;

/**
 * {@code run} started where Flink provides a cluster environment (as {@code flink run} does; here a MiniCluster's
 * context environment): it submits the job to that cluster and returns, with the cluster's parallelism and
 * checkpointing (docs/cluster.md); {@code embedded} is refused there.
 */
@Timeout(180)
class RunCommandOnClusterTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());

  static EmbeddedKafka kafka;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    kafka = EmbeddedKafka.start();
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  static Path config(String servers) throws Exception {
    Path key = KeyFiles.write(dir, -17, 255);
    Path f = dir.resolve("cluster.yaml");
    Files.writeString(f, String.join("\n",
        "kafka: {bootstrapServers: \"" + servers + "\", inputTopic: cin, rejectedTopic: crej, dphmmTopic: cdphmm,"
            + " ledgerTopic: cledger, createTopics: true}",
        "time: {tickMillis: 1000}",
        "model: {states: [a, b], transition: [[0.9, 0.1], [0.2, 0.8]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 1000.0}}",
        "noise: {keyFile: " + key + "}", ""));
    return f;
  }

  @Test
  void theJobIsSubmittedToTheClusterAndPublishes() throws Exception {
    Path f = config(kafka.bootstrapServers());
    kafka.createTopics(2, "cin");
    ObservationRecords.produce(kafka.bootstrapServers(), "cin", RunCommandBrokerTest.observations(4, 5));
    Run r = CliHarness.run(new RunCommand(), "--config", f.toString(), "--bounded");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("submitted job ");
    List<DphmmRelease> out = List.of();
    long deadline = System.nanoTime() + 90_000_000_000L;
    while (out.size() < 20 && System.nanoTime() < deadline) {
      Thread.sleep(500);
      out = CommittedRecords.values(kafka.bootstrapServers(), "cdphmm", DphmmRelease.class);
    }
    assertThat(out).hasSize(20);
  }

  @Test
  void theEmbeddedBrokerIsRefusedOnACluster() throws Exception {
    Run r = CliHarness.run(new RunCommand(), "--config", config("embedded").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("error: kafka.bootstrapServers: embedded runs only locally");
  }
}
