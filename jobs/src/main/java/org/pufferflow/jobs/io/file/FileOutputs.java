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
import java.util.TreeSet;
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
   * same records write byte-identical files; then deletes {@code <dir>/.parts}. Each file replaces an existing one
   * atomically (written to a hidden temporary file, then moved). An output without records gets an empty file
   * ({@code jsonl}: zero bytes; {@code avro}: a container file with the schema and no records). In-progress part
   * files (names starting with a dot) are ignored. Memory is bounded: the sort spills sorted runs to
   * {@code <dir>/.parts/.runs/} ({@link ExternalSort.Limits#DEFAULT}).
   *
   * @return the files written, in the order of {@code kinds}' enum constants
   */
  public static List<Path> finish(OutputConfig.Directory out, Set<OutputKind> kinds) {
    return finish(out, kinds, ExternalSort.Limits.DEFAULT);
  }

  /** {@link #finish(OutputConfig.Directory, Set)} with the sort's memory limits given (tests force spills). */
  @VisibleForTesting
  static List<Path> finish(OutputConfig.Directory out, Set<OutputKind> kinds, ExternalSort.Limits limits) {
    PufferPreconditions.checkNotNull("out", out);
    List<Path> written = new ArrayList<>();
    try {
      Files.createDirectories(Path.of(out.dir()));
      for (OutputKind kind : new TreeSet<>(kinds)) {
        Path target = fileOf(out, kind);
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        Path runs = Path.of(out.dir()).resolve(PARTS).resolve(RUNS).resolve(kind.fileStem());
        writeSorted(RecordFormat.of(out.format(), kind), committedParts(out, kind), runs, limits, tmp);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        written.add(target);
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

  /** The committed parts of {@code kind}, sorted by file name. */
  static List<Path> committedParts(OutputConfig.Directory out, OutputKind kind) throws IOException {
    Path dir = partsOf(out, kind);
    List<Path> parts = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return parts;
    }
    String suffix = "." + out.format().configName();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (Files.isRegularFile(f) && name.startsWith(kind.fileStem()) && name.endsWith(suffix)) {
          parts.add(f);
        }
      }
    }
    parts.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
    return parts;
  }

  private static void deleteTree(Path root) {
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
