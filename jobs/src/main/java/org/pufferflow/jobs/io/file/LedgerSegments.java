package org.pufferflow.jobs.io.file;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;

/**
 * The files of a ledger directory ({@link LedgerDirectory}) and the operations on them: naming and listing the
 * committed segments, merging entry files into one segment that keeps the latest entry per (mechanism, subject), and
 * making files and renames durable.
 *
 * <p>Names: committed segments {@code segment-<seq>-<runId>.avro} ({@code seq} zero-padded to 8 digits); everything
 * else the protocol writes starts with a dot ({@code .lock}, {@code .pending-<runId>.avro},
 * {@code .pending-<runId>.manifest}, and temporary files and sort runs), so a reader sees committed segments only.
 */
final class LedgerSegments {

  static final String LOCK = ".lock";
  static final String PENDING = ".pending-";
  static final String SEGMENT_SUFFIX = ".avro";
  static final String MANIFEST_SUFFIX = ".manifest";

  private static final Pattern SEGMENT = Pattern.compile("segment-(\\d{8,})-([^/]+)\\.avro");

  private LedgerSegments() {}

  /** A committed segment: its file and sequence number. */
  record Segment(Path file, long seq) {}

  /** {@code segment-<seq>-<runId>.avro} in {@code dir}. */
  static Path segment(Path dir, long seq, String runId) {
    return dir.resolve(String.format("segment-%08d-%s%s", seq, runId, SEGMENT_SUFFIX));
  }

  /** {@code .pending-<runId>.avro} in {@code dir}: a run's merged entries before they are committed. */
  static Path pending(Path dir, String runId) {
    return dir.resolve(PENDING + runId + SEGMENT_SUFFIX);
  }

  /** {@code .pending-<runId>.manifest} in {@code dir}: the outputs a pending segment is committed with. */
  static Path manifest(Path dir, String runId) {
    return dir.resolve(PENDING + runId + MANIFEST_SUFFIX);
  }

  /**
   * The committed segments of {@code dir} in sequence order (then by name); none when {@code dir} does not exist.
   * Files whose name starts with a dot, and any other file not named like a segment, are not segments.
   */
  static List<Segment> list(Path dir) throws IOException {
    List<Segment> segments = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return segments;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        Matcher m = SEGMENT.matcher(f.getFileName().toString());
        if (m.matches() && Files.isRegularFile(f)) {
          segments.add(new Segment(f, Long.parseLong(m.group(1))));
        }
      }
    }
    segments.sort(Comparator.comparingLong(Segment::seq).thenComparing(s -> s.file().getFileName().toString()));
    return segments;
  }

  /** The sequence number after the last committed segment of {@code dir} (1 for an empty directory). */
  static long nextSeq(Path dir) throws IOException {
    List<Segment> s = list(dir);
    return s.isEmpty() ? 1 : s.get(s.size() - 1).seq() + 1;
  }

  /**
   * Writes {@code target}: the entries of {@code sources} (entry files, earliest first), keeping per (mechanism,
   * subjectId) the entry of the latest source, and within one source the one with the greatest lastTick; sorted by
   * mechanism, then subject (by Unicode code point). With {@code ranked == false} all sources count as one (the part
   * files of one run: the greatest lastTick wins). The file is complete and fsynced on return; memory is bounded by
   * {@code limits}, the sort spilling to {@code runs} (a directory private to this call, deleted at the end).
   *
   * @return the number of entries written
   */
  static long writeLatest(List<Path> sources, boolean ranked, Path target, Path runs, ExternalSort.Limits limits)
      throws IOException {
    LedgerEntryFormat format = new LedgerEntryFormat();
    long[] written = {0};
    try (ExternalSort sort = new ExternalSort(runs, format, limits)) {
      for (int i = 0; i < sources.size(); i++) {
        format.read(sources.get(i), ranked ? i : 0, sort::add);
      }
      try (OutputStream out = Files.newOutputStream(target);
          RecordFormat.RecordWriter w = format.writer(out)) {
        LatestPerSubject latest = new LatestPerSubject(format, r -> {
          w.accept(r);
          written[0]++;
        });
        sort.writeTo(latest);
        latest.flush();
      }
    } finally {
      Files.deleteIfExists(runs);
    }
    fsync(target);
    return written[0];
  }

  /** Passes on the last of each group of consecutive records of the same (mechanism, subject). */
  private static final class LatestPerSubject implements RecordFormat.RecordSink {
    private final LedgerEntryFormat format;
    private final RecordFormat.RecordSink out;
    private OutputOrder.Keyed held;

    LatestPerSubject(LedgerEntryFormat format, RecordFormat.RecordSink out) {
      this.format = format;
      this.out = out;
    }

    @Override
    public void accept(byte[] record) throws IOException {
      OutputOrder.Keyed k = format.keyed(record);
      if (held != null && !LedgerEntryFormat.sameSubject(held, k)) {
        out.accept(held.bytes());
      }
      held = k;
    }

    void flush() throws IOException {
      if (held != null) {
        out.accept(held.bytes());
        held = null;
      }
    }
  }

  /**
   * Checks that {@code segment} ends with the sync marker this store writes for its writer schema
   * ({@link AvroRecordFormat#syncMarker}, as {@link LedgerEntryFormat#writer} writes): an Avro reader stops without
   * an error at a truncated last block, so a segment cut short (or not written by this store) is caught here.
   * Cutting exactly at a block boundary is not detectable this way; segments are fsynced before their rename.
   *
   * @throws IOException when it does not
   */
  static void checkComplete(Path segment) throws IOException {
    try (InputStream in = Files.newInputStream(segment);
        DataFileStream<Object> header = new DataFileStream<>(in, new GenericDatumReader<>())) {
      checkComplete(segment, header.getSchema());
    }
  }

  /** {@link #checkComplete(Path)} given the writer schema of {@code segment}'s header. */
  static void checkComplete(Path segment, Schema writer) throws IOException {
    byte[] marker = AvroRecordFormat.syncMarker(writer);
    ByteBuffer tail = ByteBuffer.allocate(marker.length);
    try (SeekableByteChannel c = Files.newByteChannel(segment)) {
      c.position(Math.max(0, c.size() - marker.length));
      while (tail.hasRemaining() && c.read(tail) >= 0) {
        // reads the last bytes
      }
    }
    if (!Arrays.equals(tail.array(), marker)) {
      throw new IOException("truncated, or not written by this store: it does not end with its sync marker");
    }
  }

  /** Renames {@code from} to {@code to} atomically (replacing nothing) and makes the rename durable. */
  static void commitRename(Path from, Path to) throws IOException {
    Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    fsyncDirectory(to.getParent());
  }

  /** Flushes {@code file}'s content to the disk. */
  static void fsync(Path file) throws IOException {
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      c.force(true);
    }
  }

  /**
   * Flushes {@code dir}'s entries (creations, renames, deletions) to the disk, where the platform can open a
   * directory (Linux, macOS); elsewhere a no-op, as the platform does not offer it to Java.
   */
  static void fsyncDirectory(Path dir) throws IOException {
    FileChannel c;
    try {
      c = FileChannel.open(dir, StandardOpenOption.READ);
    } catch (IOException | UnsupportedOperationException notOnThisPlatform) {
      return;
    }
    try (c) {
      c.force(true);
    }
  }
}
