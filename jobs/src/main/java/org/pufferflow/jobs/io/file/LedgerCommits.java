package org.pufferflow.jobs.io.file;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;

/**
 * The writing side of a {@link LedgerDirectory}: the commit protocol's steps, run only under the directory's
 * {@link LedgerDirectory.Lock lock} (which is the caller's duty). Every file is written under a name starting with a
 * dot and becomes a segment by one atomic rename, after an fsync; so a crash at any point leaves the committed
 * state as of before or after a step, never a partial segment.
 */
final class LedgerCommits {

  private static final String COMPACT = ".compact-";
  private static final String RUNS = ".runs-";

  private final LedgerDirectory store;
  private final Path dir;
  private final ExternalSort.Limits limits;

  LedgerCommits(LedgerDirectory store, ExternalSort.Limits limits) {
    this.store = store;
    this.dir = store.dir();
    this.limits = limits;
  }

  /** {@link LedgerDirectory.Lock#recover}. */
  LedgerDirectory.Recovery recover() {
    try {
      Set<String> runs = new TreeSet<>(); // run ids of pending segments or manifests, oldest first
      List<Path> stray = new ArrayList<>();
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
        for (Path f : files) {
          String name = f.getFileName().toString();
          if (name.startsWith(LedgerSegments.PENDING) && name.endsWith(LedgerSegments.SEGMENT_SUFFIX)) {
            runs.add(name.substring(LedgerSegments.PENDING.length(),
                name.length() - LedgerSegments.SEGMENT_SUFFIX.length()));
          } else if (name.startsWith(LedgerSegments.PENDING) && name.endsWith(LedgerSegments.MANIFEST_SUFFIX)) {
            runs.add(name.substring(LedgerSegments.PENDING.length(),
                name.length() - LedgerSegments.MANIFEST_SUFFIX.length()));
          } else if (name.startsWith(LedgerSegments.PENDING) || name.startsWith(COMPACT) || name.startsWith(RUNS)) {
            stray.add(f); // a manifest's temporary file, a compaction or a sort of a crashed run
          }
        }
      }
      int completed = 0;
      int discarded = 0;
      long entries = 0;
      for (String run : runs) {
        Path pending = LedgerSegments.pending(dir, run);
        Path manifest = LedgerSegments.manifest(dir, run);
        if (!Files.exists(pending)) {
          Files.delete(manifest); // the crash came after the pending segment's rename
        } else if (Files.exists(manifest) && LedgerManifest.read(manifest).published()) {
          entries += count(pending);
          commitPending(run);
          completed++;
        } else { // no manifest: the crash came before the outputs could be published
          Files.delete(pending);
          Files.deleteIfExists(manifest);
          discarded++;
        }
      }
      for (Path f : stray) {
        FileOutputs.deleteTree(f);
      }
      LedgerSegments.fsyncDirectory(dir);
      return new LedgerDirectory.Recovery(completed, entries, discarded);
    } catch (IOException | UncheckedIOException | AvroRuntimeException e) {
      throw new IllegalStateException(store + ": recovering interrupted commits failed: "
          + LedgerDirectory.reason(e), e);
    }
  }

  /** {@link LedgerDirectory.Lock#commit}. */
  LedgerDirectory.Committed commit(String runId, Path partsDir, List<Path> tmp, List<Path> targets,
      LedgerDirectory.Publication publish) throws IOException {
    Path pending = LedgerSegments.pending(dir, runId);
    long entries;
    try {
      List<Path> parts = FileOutputs.committedParts(partsDir, LedgerDirectory.PARTS_STEM,
          LedgerSegments.SEGMENT_SUFFIX);
      entries = LedgerSegments.writeLatest(parts, false, pending, dir.resolve(RUNS + runId), limits);
      if (entries == 0) {
        Files.delete(pending);
      } else {
        for (Path t : tmp) {
          LedgerSegments.fsync(t);
        }
        LedgerManifest.of(tmp, targets).write(LedgerSegments.manifest(dir, runId));
      }
    } catch (IOException | AvroRuntimeException e) {
      throw new IllegalStateException(store + ": writing the pending segment of run " + runId + " failed: "
          + LedgerDirectory.reason(e), e);
    }
    publish.publish();
    if (entries == 0) {
      return new LedgerDirectory.Committed(0, false);
    }
    try {
      Set<Path> outputDirs = new LinkedHashSet<>();
      for (Path t : targets) {
        outputDirs.add(t.toAbsolutePath().getParent());
      }
      for (Path d : outputDirs) {
        LedgerSegments.fsyncDirectory(d); // the moves are durable before the segment is
      }
      return new LedgerDirectory.Committed(entries, commitPending(runId));
    } catch (IOException | AvroRuntimeException e) {
      throw new IllegalStateException(store + ": committing the segment of run " + runId + " failed (the next run"
          + " completes it): " + LedgerDirectory.reason(e), e);
    }
  }

  /**
   * Renames {@code run}'s pending segment to the next segment, deletes its manifest, and compacts when there are
   * more than {@link LedgerDirectory#MAX_SEGMENTS} segments; true when it compacted.
   */
  private boolean commitPending(String run) throws IOException {
    LedgerSegments.commitRename(LedgerSegments.pending(dir, run),
        LedgerSegments.segment(dir, LedgerSegments.nextSeq(dir), run));
    Files.delete(LedgerSegments.manifest(dir, run));
    LedgerSegments.fsyncDirectory(dir);
    List<LedgerSegments.Segment> segments = LedgerSegments.list(dir);
    if (segments.size() <= LedgerDirectory.MAX_SEGMENTS) {
      return false;
    }
    compact(segments, run);
    return true;
  }

  /**
   * Writes the latest entry per (mechanism, subject) of {@code segments} (later segments win) as the next segment,
   * then deletes them. A crash before the rename leaves them as they were; after it, before the deletions, the new
   * segment (last in order) repeats what they hold, so reading gives the same entries either way.
   */
  private void compact(List<LedgerSegments.Segment> segments, String run) throws IOException {
    List<Path> files = new ArrayList<>();
    for (LedgerSegments.Segment s : segments) {
      LedgerSegments.checkComplete(s.file());
      files.add(s.file());
    }
    Path tmp = dir.resolve(COMPACT + run + LedgerSegments.SEGMENT_SUFFIX);
    LedgerSegments.writeLatest(files, true, tmp, dir.resolve(RUNS + run), limits);
    long seq = segments.get(segments.size() - 1).seq() + 1;
    LedgerSegments.commitRename(tmp, LedgerSegments.segment(dir, seq, run));
    for (Path f : files) {
      Files.delete(f);
    }
    LedgerSegments.fsyncDirectory(dir);
  }

  /** The number of entries in an entry file (for the counts reported; never their contents). */
  private static long count(Path file) throws IOException {
    long n = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file));
        DataFileStream<GenericRecord> entries = new DataFileStream<>(in, new GenericDatumReader<>())) {
      for (GenericRecord r = null; entries.hasNext(); n++) {
        r = entries.next(r);
      }
    }
    return n;
  }
}
