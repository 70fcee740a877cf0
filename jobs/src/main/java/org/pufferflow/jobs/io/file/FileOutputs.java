package org.pufferflow.jobs.io.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.formats.avro.AvroWriters;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The file-mode outputs (docs/configuration.md, 'File mode'): one Flink {@code FileSink} per output writes part files
 * under {@code <dir>/.parts/<fileStem>/}, and after the job has finished {@link #finish} merges each output's parts
 * into {@code <dir>/<fileStem>.jsonl} or {@code .avro}, sorted in the canonical order ({@link OutputOrder}).
 *
 * <p>Exactly-once: a part file becomes visible (committed, its name no longer starting with a dot) only when the
 * checkpoint that covers its records completes, or at the end of a bounded run (the final checkpoint); after a
 * failure the job restores from the last checkpoint and the records after it are written again into new parts,
 * while in-progress files of the failed attempt are never committed. So the job MUST run with checkpointing enabled
 * (or in batch execution mode): without it, streaming-mode parts stay in progress and {@link #finish} finds nothing.
 *
 * <p>Caller's duties: call {@link #clearParts} before a fresh run (not before a restore from a savepoint or
 * checkpoint, whose committed parts belong to the output), and {@link #finish} only after the job finished
 * successfully.
 */
@Internal
public final class FileOutputs {

  /** The directory of part files, inside the output directory. */
  public static final String PARTS = ".parts";

  /** The directory of the sort's run files, inside {@link #PARTS}. */
  static final String RUNS = ".runs";

  private FileOutputs() {}

  /**
   * The sink of one output: {@code jsonl} lines written by {@link JsonLinesWriter} (buffered, a part file per
   * checkpoint), or {@code avro} container files (one per part). {@code T} must be {@code kind.recordClass()}.
   */
  @SuppressWarnings("unchecked")
  public static <T extends SpecificRecordBase> Sink<T> sink(OutputConfig.Directory out, OutputKind kind) {
    PufferPreconditions.checkNotNull("out", out);
    PufferPreconditions.checkNotNull("kind", kind);
    org.apache.flink.core.fs.Path parts = org.apache.flink.core.fs.Path.fromLocalFile(partsOf(out, kind).toFile());
    OutputFileConfig names = OutputFileConfig.builder().withPartPrefix(kind.fileStem())
        .withPartSuffix("." + out.format().configName()).build();
    if (out.format() == OutputConfig.Format.JSONL) {
      return FileSink.forBulkFormat(parts, JsonLinesWriter.<T>factory())
          .withBucketAssigner(new BasePathBucketAssigner<>())
          .withOutputFileConfig(names)
          .build();
    }
    return FileSink.forBulkFormat(parts, AvroWriters.forSpecificRecord((Class<T>) kind.recordClass()))
        .withBucketAssigner(new BasePathBucketAssigner<>())
        .withOutputFileConfig(names)
        .build();
  }

  /**
   * {@link #sink(OutputConfig.Directory, OutputKind)} with the record type checked: {@code type} must be
   * {@code kind.recordClass()}.
   */
  public static <T extends SpecificRecordBase> Sink<T> sink(OutputConfig.Directory out, OutputKind kind,
      Class<T> type) {
    PufferPreconditions.checkArgument(kind != null && kind.recordClass().equals(type),
        "type = %s: the records of output %s are %s", type, kind, kind == null ? null : kind.recordClass());
    return sink(out, kind);
  }

  /** {@code <dir>/<fileStem>.<format>}: the merged file of {@code kind}. */
  public static Path fileOf(OutputConfig.Directory out, OutputKind kind) {
    return Path.of(out.dir()).resolve(kind.fileStem() + "." + out.format().configName());
  }

  /** Deletes {@code <dir>/.parts} (left by an earlier run that did not finish), if present. */
  public static void clearParts(OutputConfig.Directory out) {
    deleteTree(Path.of(out.dir()).resolve(PARTS));
  }

  /**
   * Merges the committed part files of each of {@code kinds} into its file, sorted in the canonical order
   * ({@link OutputOrder}: by subject, then tick or window, then the record's bytes), so that two runs giving the
   * same records write byte-identical files; then deletes {@code <dir>/.parts}. Every file is first written to a
   * hidden temporary file; when all are written, each replaces its file by an atomic move. An output without
   * records gets an empty file ({@code jsonl}: zero bytes; {@code avro}: a container file with the schema and no
   * records). In-progress part files (names starting with a dot) are ignored. Memory is bounded: the sort spills
   * sorted runs to {@code <dir>/.parts/.runs/} ({@link ExternalSort.Limits#DEFAULT}).
   *
   * @return the files written, in the order of {@code kinds}' enum constants
   */
  public static List<Path> finish(OutputConfig.Directory out, Set<OutputKind> kinds) {
    return finish(out, kinds, null, ExternalSort.Limits.DEFAULT);
  }

  /**
   * {@link #finish(OutputConfig.Directory, Set)} committing the run's ledger entries (the committed parts of
   * {@link #ledgerPartsOf}) with the output files ({@link LedgerDirectory.Lock#commit}): when every output's
   * temporary file is written, the ledger's pending segment and manifest are, then the files are moved, then the
   * segment is committed. {@code ledger} null: no ledger, as the two-argument form.
   *
   * <p>Caller's duty: hold {@code ledger} since before the job started, and have called its
   * {@link LedgerDirectory.Lock#recover recover()} then.
   */
  public static List<Path> finish(OutputConfig.Directory out, Set<OutputKind> kinds, LedgerDirectory.Lock ledger) {
    return finish(out, kinds, ledger, ExternalSort.Limits.DEFAULT);
  }

  /** {@link #finish(OutputConfig.Directory, Set)} with the sort's memory limits given (tests force spills). */
  @VisibleForTesting
  static List<Path> finish(OutputConfig.Directory out, Set<OutputKind> kinds, ExternalSort.Limits limits) {
    return finish(out, kinds, null, limits);
  }

  private static List<Path> finish(OutputConfig.Directory out, Set<OutputKind> kinds, LedgerDirectory.Lock ledger,
      ExternalSort.Limits limits) {
    PufferPreconditions.checkNotNull("out", out);
    List<Path> written = new ArrayList<>();
    List<Path> tmps = new ArrayList<>();
    try {
      Files.createDirectories(Path.of(out.dir()));
      for (OutputKind kind : OutputKind.all().stream().filter(kinds::contains).toList()) {
        Path target = fileOf(out, kind);
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        Path runs = Path.of(out.dir()).resolve(PARTS).resolve(RUNS).resolve(kind.fileStem());
        writeSorted(RecordFormat.of(out.format(), kind), committedParts(out, kind), runs, limits, tmp);
        tmps.add(tmp);
        written.add(target);
      }
      LedgerDirectory.Publication moves = () -> {
        for (int i = 0; i < tmps.size(); i++) {
          Files.move(tmps.get(i), written.get(i), StandardCopyOption.REPLACE_EXISTING,
              StandardCopyOption.ATOMIC_MOVE);
        }
      };
      if (ledger == null) {
        moves.publish();
      } else {
        ledger.commit(ledgerPartsOf(out), tmps, written, moves);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing the output files in " + out.dir() + " failed", e);
    }
    clearParts(out);
    return written;
  }

  private static void writeSorted(RecordFormat format, List<Path> parts, Path runs, ExternalSort.Limits limits,
      Path target) throws IOException {
    try (ExternalSort sort = new ExternalSort(runs, format, limits)) {
      for (Path p : parts) {
        format.read(p, sort::add);
      }
      try (RecordFormat.RecordWriter w = format.writer(Files.newOutputStream(target))) {
        sort.writeTo(w);
      }
    }
  }

  static Path partsOf(OutputConfig.Directory out, OutputKind kind) {
    return Path.of(out.dir()).resolve(PARTS).resolve(kind.fileStem());
  }

  /**
   * {@code <dir>/.parts/ledger-entries}: where the job's sink writes the ledger entries' part files (Avro container
   * files of {@code LedgerEntry} named {@code ledger-entries*.avro}, whatever the output format).
   */
  public static Path ledgerPartsOf(OutputConfig.Directory out) {
    return Path.of(out.dir()).resolve(PARTS).resolve(LedgerDirectory.PARTS_STEM);
  }

  /** The committed parts of {@code kind}, sorted by file name. */
  static List<Path> committedParts(OutputConfig.Directory out, OutputKind kind) throws IOException {
    return committedParts(partsOf(out, kind), kind.fileStem(), "." + out.format().configName());
  }

  /**
   * The committed parts in {@code dir} (regular files named {@code <stem>*<suffix>}, so never an in-progress file,
   * whose name starts with a dot), sorted by file name; none when {@code dir} does not exist.
   */
  static List<Path> committedParts(Path dir, String stem, String suffix) throws IOException {
    List<Path> parts = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return parts;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (Files.isRegularFile(f) && name.startsWith(stem) && name.endsWith(suffix)) {
          parts.add(f);
        }
      }
    }
    parts.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
    return parts;
  }

  /** Deletes {@code root} and everything under it, if present. */
  static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
          if (e != null) {
            throw e;
          }
          Files.delete(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + root, e);
    }
  }
}
