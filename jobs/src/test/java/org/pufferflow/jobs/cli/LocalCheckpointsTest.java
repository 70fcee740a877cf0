package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;

/**
 * docs/cli.md, 'run': a local run that finishes leaves no {@code pufferflow-checkpoints-*} folder in the temp folder;
 * one that does not finish keeps it and prints the checkpoint to resume from in one line.
 */
@Timeout(120)
class LocalCheckpointsTest {

  private static List<Path> checkpointFolders(Path tmp) throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(p -> p.getFileName().toString().startsWith("pufferflow-checkpoints-")).toList();
    }
  }

  @Test
  void aFinishedLocalRunRemovesItsCheckpointFolder(@TempDir Path dir) throws Exception {
    Path tmp = Files.createDirectory(dir.resolve("tmp"));
    FileModeCanonicalOutputsTest.input(dir);
    Path config = FileModeCanonicalOutputsTest.config(dir, "out", "jsonl");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    String original = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", tmp.toString());
    Run r;
    try {
      r = CliHarness.run(RunCommand::new, new PrintStream(progress, true, StandardCharsets.UTF_8), "--config",
          config.toString());
    } finally {
      System.setProperty("java.io.tmpdir", original);
    }
    String err = progress.toString(StandardCharsets.UTF_8);
    assertThat(r.code()).as(r.err() + err).isZero();
    assertThat(err).as("the run used the dedicated temp folder")
        .contains("checkpoints in " + tmp.resolve("pufferflow-checkpoints-"))
        .doesNotContain("checkpoints kept");
    assertThat(checkpointFolders(tmp)).isEmpty();
  }

  @Test
  void aRunThatDidNotFinishKeepsTheFolderAndNamesTheNewestCheckpoint(@TempDir Path dir) throws Exception {
    LocalCheckpoints local = createIn(dir);
    Path job = local.dir().resolve("0123abcd");
    for (String chk : List.of("chk-2", "chk-10", "chk-9")) {
      Files.createDirectories(job.resolve(chk));
      Files.writeString(job.resolve(chk).resolve("_metadata"), "m");
    }
    Files.createDirectories(job.resolve("chk-11")); // in progress: no metadata yet
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    local.close(new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("checkpoints kept in " + local.dir()
        + "; resume with --from-savepoint " + job.resolve("chk-10") + System.lineSeparator());
    assertThat(checkpointFolders(dir)).containsExactly(local.dir());
  }

  @Test
  void aRunThatDidNotFinishWithoutACompletedCheckpointRemovesTheFolder(@TempDir Path dir) throws Exception {
    String original = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", dir.toString());
    try {
      LocalCheckpoints local = LocalCheckpoints.create();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      local.close(new PrintStream(out, true, StandardCharsets.UTF_8));
      assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    } finally {
      System.setProperty("java.io.tmpdir", original);
    }
    assertThat(checkpointFolders(dir)).isEmpty();
  }

  /** The embedded broker's run: its topics are gone when it stops, so no resume hint, and no folder left. */
  @Test
  void aRunThatCannotBeResumedSaysSoAndRemovesTheFolder(@TempDir Path dir) throws Exception {
    LocalCheckpoints local = createIn(dir);
    Path chk = Files.createDirectories(local.dir().resolve("0123abcd").resolve("chk-3"));
    Files.writeString(chk.resolve("_metadata"), "m");
    local.notResumable("the embedded broker is gone");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    local.close(new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("the embedded broker is gone" + System.lineSeparator());
    assertThat(checkpointFolders(dir)).isEmpty();
  }

  /** {@link LocalCheckpoints#create} with {@code java.io.tmpdir} set to {@code dir} meanwhile. */
  private static LocalCheckpoints createIn(Path dir) throws IOException {
    String original = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", dir.toString());
    try {
      return LocalCheckpoints.create();
    } finally {
      System.setProperty("java.io.tmpdir", original);
    }
  }
}
