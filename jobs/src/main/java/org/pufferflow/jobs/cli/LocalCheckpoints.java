package org.pufferflow.jobs.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;

/**
 * The checkpoint folder of a local {@code run} when the configuration names no {@code flink.checkpointDir}: a fresh
 * {@code pufferflow-checkpoints-*} folder in the temp folder ({@code java.io.tmpdir}, read when the run starts).
 * Checkpoints are retained when the job fails or is cancelled, so a stopped run can be resumed with
 * {@code --from-savepoint} (docs/cli.md, 'run'). {@link #close} removes the folder after a run that finished, and
 * otherwise keeps it and prints the newest retained checkpoint in one line; a folder holding no completed checkpoint
 * (nothing to resume) is removed either way, and so is the folder of a run that {@link #notResumable cannot be
 * resumed} (the embedded broker's: its topics are gone when it stops), which says so in one line instead.
 */
@Internal
final class LocalCheckpoints {

  private final Path dir;
  private boolean finished;
  private String notResumable;

  private LocalCheckpoints(Path dir) {
    this.dir = dir;
  }

  /** Creates the folder in the current {@code java.io.tmpdir}. */
  static LocalCheckpoints create() throws IOException {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    return new LocalCheckpoints(Files.createTempDirectory(tmp, "pufferflow-checkpoints-"));
  }

  Path dir() {
    return dir;
  }

  /** Keeps completed checkpoints when the job is cancelled or fails, so {@code --from-savepoint} can resume it. */
  static void retainOnCancellation(Configuration conf) {
    conf.set(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
        ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
  }

  /** The run finished: {@link #close} removes the folder. */
  void finished() {
    finished = true;
  }

  /** No checkpoint of this run can be resumed ({@code why}): {@link #close} prints {@code why}, not a resume hint. */
  void notResumable(String why) {
    notResumable = why;
  }

  /** Removes the folder, or keeps it and prints where to resume from when the run did not finish. */
  void close(PrintStream err) throws IOException {
    if (notResumable != null && !finished) {
      err.println(notResumable);
      err.flush();
    }
    Optional<Path> newest = finished || notResumable != null ? Optional.empty() : newestCheckpoint();
    if (newest.isPresent()) {
      err.println("checkpoints kept in " + dir + "; resume with --from-savepoint " + newest.get());
      err.flush();
    } else {
      deleteRecursively(dir);
    }
  }

  /** The {@code chk-N} folder with the highest N under {@code <dir>/<job id>/}, if any. */
  private Optional<Path> newestCheckpoint() throws IOException {
    try (Stream<Path> s = Files.find(dir, 2, (p, a) -> a.isDirectory() && p.getFileName().toString()
        .matches("chk-\\d+") && Files.exists(p.resolve("_metadata")))) {
      return s.max(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().substring(4))));
    }
  }

  /**
   * Deletes {@code dir} and everything under it. Flink's checkpoint cleaner may still be removing old {@code chk-N}
   * folders when the run returns, so a file that vanishes during the walk is skipped, and a folder that was not
   * empty yet is retried (at most 3 passes).
   */
  private static void deleteRecursively(Path dir) throws IOException {
    for (int attempt = 1; ; attempt++) {
      try {
        deletePass(dir);
        return;
      } catch (DirectoryNotEmptyException e) {
        if (attempt == 3) {
          throw e;
        }
        try {
          Thread.sleep(100L * attempt);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  private static void deletePass(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(dir, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
        Files.deleteIfExists(f);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) {
          return FileVisitResult.CONTINUE; // removed by someone else meanwhile
        }
        throw e;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        if (e != null && !(e instanceof NoSuchFileException)) {
          throw e;
        }
        Files.deleteIfExists(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
