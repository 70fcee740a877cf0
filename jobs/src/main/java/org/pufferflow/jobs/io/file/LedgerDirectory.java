package org.pufferflow.jobs.io.file;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.flink.annotation.Internal;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.operators.LedgerStore;

/**
 * The durable privacy ledger of a file-mode deployment ({@code ledger.dir}, docs/privacy-noise.md, 'The durable
 * ledger'): a directory that every run of the deployment shares, whose committed state is its segment files
 * {@code segment-<seq>-<runId>.avro} (Avro container files of {@link LedgerEntry}), read in sequence order, a later
 * entry of a (mechanism, subject) replacing an earlier one. Files whose names start with a dot are never part of
 * the committed state.
 *
 * <p>A run changes the directory only while it holds the directory's {@link #lock lock}, in this order:
 * {@link Lock#recover} before the job starts (it completes or discards the commit of a run that crashed), then,
 * after the job finished, {@link Lock#commit} with the run's output files: the run's entries are merged into a
 * pending segment and a manifest of the outputs is written, both fsynced, before the outputs are published; the
 * pending segment is then renamed to the next segment. So the store is never ahead of the published outputs nor,
 * after the next {@code recover}, behind them; when the evidence of a crashed publication is lost, it errs ahead
 * (spent privacy counted that was maybe never published), never behind ({@link LedgerManifest}).
 *
 * <p>This class is the serializable reading side (the directory as an absolute path): the mechanism functions call
 * {@link #read} in {@code open()}, on the machine of the run (a local file system; a shared one for a cluster).
 */
@Internal
public final class LedgerDirectory implements LedgerStore {

  private static final long serialVersionUID = 1L;

  /** The file stem of the ledger entries' part files: {@code <output.dir>/.parts/ledger-entries/}. */
  public static final String PARTS_STEM = "ledger-entries";

  /** Above this many segments a commit compacts them into one. */
  static final int MAX_SEGMENTS = 8;

  /** Distinguishes the locks one JVM takes in one millisecond (tests); not randomness. */
  private static final AtomicLong LOCKS = new AtomicLong();

  private final String dir;

  /** The ledger in {@code dir}, an absolute path. */
  public LedgerDirectory(String dir) {
    PufferPreconditions.checkNotNull("dir", dir);
    PufferPreconditions.checkArgument(Path.of(dir).isAbsolute(), "ledger.dir %s: must be an absolute path", dir);
    this.dir = dir;
  }

  /** The directory. */
  public Path dir() {
    return Path.of(dir);
  }

  /**
   * Delivers the entries of {@code mechanism} whose subject {@code subjects} accepts, segment by segment in sequence
   * order and in file order within one. A missing or empty directory is an empty ledger.
   *
   * @throws IllegalStateException when a segment cannot be read (one line naming it)
   */
  @Override
  public void read(String mechanism, Predicate<String> subjects, Consumer<LedgerEntry> entries) {
    PufferPreconditions.checkNotNull("mechanism", mechanism);
    PufferPreconditions.checkNotNull("subjects", subjects);
    PufferPreconditions.checkNotNull("entries", entries);
    List<LedgerSegments.Segment> segments;
    try {
      segments = LedgerSegments.list(dir());
    } catch (IOException e) {
      throw new IllegalStateException(this + ": cannot list the segments: " + reason(e), e);
    }
    for (LedgerSegments.Segment s : segments) {
      try (InputStream in = new BufferedInputStream(Files.newInputStream(s.file()));
          DataFileStream<LedgerEntry> file = new DataFileStream<>(in, new SpecificDatumReader<>(LedgerEntry.class))) {
        while (file.hasNext()) {
          LedgerEntry e = file.next();
          if (e.getMechanism().equals(mechanism) && subjects.test(e.getSubjectId())) {
            entries.accept(e);
          }
        }
        LedgerSegments.checkComplete(s.file(), file.getSchema());
      } catch (IOException | AvroRuntimeException e) {
        throw new IllegalStateException(this + ": cannot read segment " + s.file().getFileName() + ": " + reason(e),
            e);
      }
    }
  }

  /**
   * Creates {@code dir} if needed and locks it for the calling run, until {@link Lock#close}. Run commands hold the
   * lock from before the job starts until after its commit, and only one run at a time may.
   *
   * @throws IllegalStateException when another run (or another lock in this JVM) holds it, or the lock file
   *     cannot be created (one line)
   */
  public static Lock lock(Path dir) {
    return lock(dir, ExternalSort.Limits.DEFAULT);
  }

  /** {@link #lock(Path)} with the merge sort's memory limits given (tests force spills). */
  static Lock lock(Path dir, ExternalSort.Limits limits) {
    LedgerDirectory store = new LedgerDirectory(dir.toAbsolutePath().normalize().toString());
    FileChannel channel = null;
    try {
      Files.createDirectories(store.dir());
      channel = FileChannel.open(store.dir().resolve(LedgerSegments.LOCK), StandardOpenOption.CREATE,
          StandardOpenOption.WRITE);
      FileLock held;
      try {
        held = channel.tryLock();
      } catch (OverlappingFileLockException sameJvm) {
        held = null;
      }
      if (held == null) {
        throw new IllegalStateException(store + ": in use by another run (lock " + LedgerSegments.LOCK + " held)");
      }
      String runId = String.format("%013d-%d-%d", System.currentTimeMillis(), ProcessHandle.current().pid(),
          LOCKS.incrementAndGet());
      return new Lock(store, channel, held, runId, limits);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new IllegalStateException(store + ": cannot lock " + LedgerSegments.LOCK + ": " + reason(e), e);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  /** What {@link Lock#recover} did: pending commits completed (with their entries) and discarded. */
  public record Recovery(int completed, long entries, int discarded) {
    /** Whether it changed the committed state. */
    public boolean completedAny() {
      return completed > 0;
    }

    /** One line for the run's log when it completed a commit, or null: counts only. */
    public String summary() {
      if (completed == 0) {
        return null;
      }
      return "ledger.dir: completed the commit of " + (completed == 1 ? "an interrupted run" : completed
          + " interrupted runs") + " (" + entries + " entries)";
    }
  }

  /** What {@link Lock#commit} did: the entries committed (0: no segment written) and whether it compacted. */
  public record Committed(long entries, boolean compacted) {}

  /** The publication of a run's outputs: the atomic moves of its temporary files to their final names. */
  @FunctionalInterface
  public interface Publication {
    void publish() throws IOException;
  }

  /**
   * A run's exclusive hold on a ledger directory (the {@code .lock} file, locked with {@link FileChannel#tryLock}),
   * and the only way to change it. It names the run ({@link #runId}: start time in milliseconds, process id and a
   * counter) for the run's files. Not thread-safe; one commit per lock.
   */
  public static final class Lock implements AutoCloseable {
    private final LedgerDirectory store;
    private final FileChannel channel;
    private final FileLock lock;
    private final String runId;
    private final LedgerCommits commits;
    private boolean committed;

    private Lock(LedgerDirectory store, FileChannel channel, FileLock lock, String runId,
        ExternalSort.Limits limits) {
      this.store = store;
      this.channel = channel;
      this.lock = lock;
      this.runId = runId;
      this.commits = new LedgerCommits(store, limits);
    }

    /** The ledger this lock holds. */
    public LedgerDirectory store() {
      return store;
    }

    /** This run's identifier in the names of its files. */
    public String runId() {
      return runId;
    }

    /**
     * Completes or discards the pending commit of every earlier run that crashed (see {@link LedgerManifest} for
     * how it tells whether that run's outputs were published) and deletes the temporary files of crashed runs. Call
     * before the job starts, so that the job reads the ledger as of the last published outputs.
     *
     * @throws IllegalStateException when the directory cannot be read or changed (one line)
     */
    public Recovery recover() {
      checkHeld();
      return commits.recover();
    }

    /**
     * Commits this run's ledger entries with its outputs, after the job finished successfully: merges the committed
     * part files ({@code ledger-entries*.avro}, not starting with a dot) of {@code partsDir} into a pending segment
     * holding the latest entry per (mechanism, subject) (the greatest lastTick), writes the manifest of the outputs
     * ({@code outputTmpFiles[i]} will become {@code outputFinalFiles[i]}), both fsynced, then calls
     * {@code publish} (which must move each temporary file atomically to its final name, and nothing else), then
     * makes the pending segment the next segment and compacts when there are more than {@value #MAX_SEGMENTS}.
     * Without entries it only publishes.
     *
     * <p>Caller's duty: every temporary file is complete (the caller need not fsync it; this does) and stays
     * unchanged until {@code publish} moves it. When {@code publish} fails, its exception is thrown and the pending
     * commit is left for the next run's {@link #recover}, which completes it if any output was moved.
     *
     * @throws IOException only from {@code publish}
     * @throws IllegalStateException when the ledger cannot be written (one line), or on a second commit
     */
    public Committed commit(Path partsDir, List<Path> outputTmpFiles, List<Path> outputFinalFiles,
        Publication publish) throws IOException {
      checkHeld();
      PufferPreconditions.checkNotNull("publish", publish);
      if (committed) {
        throw new IllegalStateException(store + ": this run has committed already");
      }
      committed = true;
      return commits.commit(runId, partsDir, outputTmpFiles, outputFinalFiles, publish);
    }

    /** Releases the lock (the {@code .lock} file stays, for the next run to lock). */
    @Override
    public void close() {
      try {
        if (lock.isValid()) {
          lock.release();
        }
        channel.close();
      } catch (IOException e) {
        throw new IllegalStateException(store + ": cannot release " + LedgerSegments.LOCK + ": " + reason(e), e);
      }
    }

    private void checkHeld() {
      if (!lock.isValid()) {
        throw new IllegalStateException(store + ": the lock was released");
      }
    }
  }

  /** A throwable's class and first message line, for one-line messages. */
  static String reason(Throwable e) {
    String m = e.getMessage();
    String first = m == null ? "" : m.lines().findFirst().orElse("");
    return e.getClass().getSimpleName() + (first.isEmpty() ? "" : " " + first);
  }

  private static void closeQuietly(FileChannel c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException ignored) {
        // the error being reported matters more
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LedgerDirectory d && d.dir.equals(dir);
  }

  @Override
  public int hashCode() {
    return Objects.hash(dir);
  }

  @Override
  public String toString() {
    return "ledger.dir " + dir;
  }
}
