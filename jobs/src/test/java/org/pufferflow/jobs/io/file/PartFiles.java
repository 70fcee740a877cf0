package org.pufferflow.jobs.io.file;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * Test helper: committed part files as the file sinks write them (JSON lines by {@link JsonLines}; Avro container
 * files with a random sync marker, as every {@code DataFileWriter}), and the canonical order computed independently
 * of {@link OutputOrder}: by a test's key comparator, then by the encoded bytes.
 */
final class PartFiles {
  private PartFiles() {}

  /** Writes {@code records} as committed parts of {@code kind}, split into 1 to 4 parts at random. */
  static void write(OutputConfig.Directory out, OutputKind kind, List<? extends SpecificRecordBase> records,
      Random random) throws IOException {
    List<SpecificRecordBase> shuffled = new ArrayList<>(records);
    Collections.shuffle(shuffled, random);
    int parts = 1 + random.nextInt(4);
    List<List<SpecificRecordBase>> split = new ArrayList<>();
    for (int i = 0; i < parts; i++) {
      split.add(new ArrayList<>());
    }
    for (SpecificRecordBase r : shuffled) {
      split.get(random.nextInt(parts)).add(r);
    }
    Path dir = FileOutputs.partsOf(out, kind);
    Files.createDirectories(dir);
    for (int i = 0; i < parts; i++) {
      Path f = dir.resolve(kind.fileStem() + "-" + random.nextInt(1000) + "-" + i + "." + out.format().configName());
      write(f, out.format(), kind, split.get(i));
    }
  }

  private static void write(Path f, OutputConfig.Format format, OutputKind kind, List<SpecificRecordBase> records)
      throws IOException {
    if (format == OutputConfig.Format.JSONL) {
      try (OutputStream o = Files.newOutputStream(f)) {
        JsonLines lines = new JsonLines();
        for (SpecificRecordBase r : records) {
          lines.write(r, o);
        }
      }
      return;
    }
    try (DataFileWriter<SpecificRecordBase> w = new DataFileWriter<>(new SpecificDatumWriter<>())) {
      w.create(OutputOrder.schema(kind), f.toFile());
      for (SpecificRecordBase r : records) {
        w.append(r);
      }
    }
  }

  /**
   * The bytes {@link RecordFormat} sorts a record by: its line as the {@code jsonl} sink writes it (with
   * {@link JsonLines#write}, which escapes what {@link JsonLines#toJson} may not), without the line feed; or its Avro
   * binary encoding.
   */
  static byte[] encoded(SpecificRecordBase r, OutputConfig.Format format) {
    if (format == OutputConfig.Format.AVRO) {
      return IoFixtures.avro(r);
    }
    byte[] line = jsonl(List.of(r));
    return Arrays.copyOf(line, line.length - 1);
  }

  /** The content of a {@code jsonl} file of {@code records} in this order. */
  static byte[] jsonl(List<? extends SpecificRecordBase> records) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    JsonLines lines = new JsonLines();
    try {
      for (SpecificRecordBase r : records) {
        lines.write(r, bytes);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // not from a ByteArrayOutputStream
    }
    return bytes.toByteArray();
  }

  /** {@code records} in the canonical order: by {@code key}, then by the encoded bytes (unsigned). */
  static <T extends SpecificRecordBase> List<T> canonical(List<T> records, Comparator<T> key,
      OutputConfig.Format format) {
    List<T> sorted = new ArrayList<>(records);
    sorted.sort(key.thenComparing((a, b) -> Arrays.compareUnsigned(encoded(a, format), encoded(b, format))));
    return sorted;
  }

  /** Strings by Unicode code point, the order the files use. */
  static int byCodePoints(CharSequence a, CharSequence b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }
}
