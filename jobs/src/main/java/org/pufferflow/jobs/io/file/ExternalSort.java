package org.pufferflow.jobs.io.file;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.pufferflow.common.PufferPreconditions;

/**
 * Sorts the records of one output in the {@link OutputOrder canonical order} in bounded memory: an external merge
 * sort. Records are collected in memory until {@link Limits} says the buffer is full; then the buffer is sorted and
 * spilled to a run file in the run directory (a length-prefixed sequence of record bytes). {@link #writeTo} merges
 * the runs (at most {@link Limits#fanIn()} open at a time, merging runs into longer runs first if there are more)
 * with the records still in memory; without a spill it sorts in memory only. Since the order is total (ties are
 * byte-identical records), the result does not depend on the limits or on the order records were added in.
 *
 * <p>Caller's duties: the run directory is private to this sort (run files are named {@code run-<n>}); call
 * {@link #writeTo} at most once, then {@link #close} (which deletes any run files left, e.g. after an error). A run
 * file's records are keyed again when read back (the key is not stored). Not thread-safe.
 */
final class ExternalSort implements Closeable {

  /**
   * When the in-memory buffer is spilled: at {@code maxRecords} records or an estimated {@code maxBytes} of heap
   * (record bytes, key and a fixed overhead per record); {@code fanIn} runs merged at a time.
   */
  record Limits(int maxRecords, long maxBytes, int fanIn) {
    /** About 64 MiB of records, at most a million, merging 64 runs at a time. */
    static final Limits DEFAULT = new Limits(1_000_000, 64L << 20, 64);

    Limits {
      PufferPreconditions.checkAtLeast("maxRecords", maxRecords, 1);
      PufferPreconditions.checkAtLeast("maxBytes", maxBytes, 1);
      PufferPreconditions.checkAtLeast("fanIn", fanIn, 2);
    }
  }

  /** Estimated heap per buffered record beyond its bytes and string key components: objects and references. */
  private static final int OVERHEAD = 96;

  private final Path runDir;
  private final RecordFormat format;
  private final Limits limits;
  private final List<OutputOrder.Keyed> buffer = new ArrayList<>();
  private final List<Run> runs = new ArrayList<>();
  private long bufferedBytes;
  private int runsWritten;

  /** A sort of {@code format}'s records, spilling into {@code runDir} (created when first needed). */
  ExternalSort(Path runDir, RecordFormat format, Limits limits) {
    this.runDir = PufferPreconditions.checkNotNull("runDir", runDir);
    this.format = PufferPreconditions.checkNotNull("format", format);
    this.limits = PufferPreconditions.checkNotNull("limits", limits);
  }

  /** Adds one record (bytes as {@link RecordFormat#read} gives them). */
  void add(byte[] record) throws IOException {
    OutputOrder.Keyed k = format.keyed(record);
    buffer.add(k);
    bufferedBytes += heapEstimate(k);
    if (buffer.size() >= limits.maxRecords() || bufferedBytes >= limits.maxBytes()) {
      spill();
    }
  }

  /** Passes every record added, in the canonical order, to {@code out}. */
  void writeTo(RecordFormat.RecordSink out) throws IOException {
    buffer.sort(OutputOrder.ORDER);
    if (runs.isEmpty()) {
      for (OutputOrder.Keyed k : buffer) {
        out.accept(k.bytes());
      }
      buffer.clear();
      return;
    }
    if (!buffer.isEmpty()) {
      spill();
    }
    while (runs.size() > limits.fanIn()) {
      List<Run> first = new ArrayList<>(runs.subList(0, limits.fanIn()));
      runs.subList(0, limits.fanIn()).clear();
      Run merged = newRun();
      try (RunWriter w = new RunWriter(merged)) {
        merge(first, w);
      }
      runs.add(merged);
    }
    List<Run> last = new ArrayList<>(runs);
    runs.clear();
    merge(last, out);
  }

  /** The number of run files written so far (spills and intermediate merges). */
  int runsWritten() {
    return runsWritten;
  }

  /** Deletes the run files not merged yet. */
  @Override
  public void close() throws IOException {
    for (Run r : runs) {
      Files.deleteIfExists(r.file);
    }
    runs.clear();
    buffer.clear();
  }

  private static long heapEstimate(OutputOrder.Keyed k) {
    long n = k.bytes().length + OVERHEAD;
    for (Object c : k.key()) {
      n += c instanceof byte[] b ? b.length + 16 : 16;
    }
    return n;
  }

  private void spill() throws IOException {
    buffer.sort(OutputOrder.ORDER);
    Run r = newRun();
    try (RunWriter w = new RunWriter(r)) {
      for (OutputOrder.Keyed k : buffer) {
        w.accept(k.bytes());
      }
    }
    runs.add(r);
    buffer.clear();
    bufferedBytes = 0;
  }

  private Run newRun() throws IOException {
    Files.createDirectories(runDir);
    Run r = new Run(runDir.resolve("run-" + runsWritten));
    runsWritten++;
    return r;
  }

  /** Merges {@code from} (each sorted) into {@code out}, deleting each run when it has been read. */
  private void merge(List<Run> from, RecordFormat.RecordSink out) throws IOException {
    PriorityQueue<Cursor> heap = new PriorityQueue<>(Comparator.comparing(Cursor::head, OutputOrder.ORDER));
    List<Cursor> open = new ArrayList<>();
    try {
      for (Run r : from) {
        Cursor c = new Cursor(r);
        open.add(c);
        if (c.advance()) {
          heap.add(c);
        }
      }
      while (!heap.isEmpty()) {
        Cursor c = heap.poll();
        out.accept(c.head.bytes());
        if (c.advance()) {
          heap.add(c);
        }
      }
    } finally {
      for (Cursor c : open) {
        c.in.close();
      }
      for (Run r : from) {
        Files.deleteIfExists(r.file);
      }
    }
  }

  /** A sorted run file and the number of records in it. */
  private static final class Run {
    final Path file;
    long records;

    Run(Path file) {
      this.file = file;
    }
  }

  /** Appends records to a run: per record its length (4 bytes, big-endian) and its bytes. */
  private static final class RunWriter implements RecordFormat.RecordSink, Closeable {
    private final Run run;
    private final DataOutputStream out;

    RunWriter(Run run) throws IOException {
      this.run = run;
      this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run.file), 1 << 16));
    }

    @Override
    public void accept(byte[] record) throws IOException {
      out.writeInt(record.length);
      out.write(record);
      run.records++;
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** Reads a run back record by record; {@link #head} is the current record with its key. */
  private final class Cursor {
    final DataInputStream in;
    long left;
    OutputOrder.Keyed head;

    Cursor(Run run) throws IOException {
      this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run.file), 1 << 16));
      this.left = run.records;
    }

    OutputOrder.Keyed head() {
      return head;
    }

    /** Moves to the next record; false at the end of the run. */
    boolean advance() throws IOException {
      if (left == 0) {
        head = null;
        return false;
      }
      byte[] record = new byte[in.readInt()];
      in.readFully(record);
      left--;
      head = format.keyed(record);
      return true;
    }
  }
}
