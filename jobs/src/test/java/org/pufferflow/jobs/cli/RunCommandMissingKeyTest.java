package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.KeyFiles;

/**
 * What a local {@code pufferflow run} prints when the noise key is there at start (the client's check passes) but
 * gone when the operators open, as on a TaskManager without the key (docs/cluster.md, 'The noise key'): exit 1 and
 * one line, {@code error: the job failed: …} with the key line as the root cause, although the job allows 3
 * restarts. That the job is not restarted is tested on a MiniCluster in the operators module
 * ({@code MissingNoiseKeyTest}).
 */
@Timeout(120)
class RunCommandMissingKeyTest {

  @Test
  void aKeyFileGoneWhenTheOperatorsOpenEndsTheRunWithTheKeyLineOnce(@TempDir Path dir) throws Exception {
    Path key = KeyFiles.write(dir, 3, 11);
    Path examples = RepositoryPaths.root().resolve("examples");
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    ObjectNode root = (ObjectNode) yaml.readTree(examples.resolve("smart-meters-file.yaml").toFile());
    ((ObjectNode) root.get("input")).put("file", examples.resolve("data/smart-meters.csv").toString());
    ((ObjectNode) root.get("output")).put("dir", dir.resolve("out").toString());
    ((ObjectNode) root.get("ledger")).put("dir", dir.resolve("ledger").toString());
    root.putObject("noise").put("keyFile", key.toString());
    root.putObject("flink").put("restartAttempts", 3);
    Path config = dir.resolve("job.yaml");
    yaml.writeValue(config.toFile(), root);

    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    // RunCommand prints "running …" after it has checked the key and built the job, before the job starts
    PrintStream systemErr = CliHarness.deletingOnRunning(key, progress);
    Run r = CliHarness.run(RunCommand::new, systemErr, "--config", config.toString());
    assertThat(progress.toString()).contains("running ");
    assertThat(Files.exists(key)).isFalse();
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.err().strip()).isEqualTo("error: the job failed: NoiseKeyUnavailableException: "
        + "noise.keyFile: no such file (file name not shown)");
    assertThat(r.err()).doesNotContain(dir.toString());
    assertThat(r.out()).isEmpty();
  }
}
