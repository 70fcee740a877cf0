package org.pufferflow.jobs.io.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The job's published records as a reader sees them (docs/cli.md, 'read'): each as the one JSON object of file
 * mode's {@code jsonl} files ({@link JsonLines}), and its group for a summary — the {@code subjectId} of the record,
 * or the {@code reasonCode} of a rejected record, or none (the fleet histogram). Reads the merged files of
 * {@code output.dir} in either format; an Avro file is decoded with the published specific schema of its output,
 * so its records print exactly as the {@code jsonl} run would have written them.
 */
@Internal
public final class OutputRecords {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Receives each record; returns false to stop reading. */
  public interface Handler {
    boolean record(OutputKind kind, String json, String group) throws IOException;
  }

  private OutputRecords() {}

  /** {@code record} as the JSON object file mode writes, without the line feed. */
  public static String json(IndexedRecord record) {
    return JsonLines.toJson(record);
  }

  /** The group of {@code record} in a summary: its subject, the reason of a rejected record, or null. */
  public static String group(IndexedRecord record) {
    Schema s = record.getSchema();
    Schema.Field f = s.getField("subjectId") != null ? s.getField("subjectId") : s.getField("reasonCode");
    Object v = f == null ? null : record.get(f.pos());
    return v == null ? null : v.toString();
  }

  /**
   * Hands every record of {@code kind}'s merged file in {@code out} to {@code handler}, in file order, until it
   * returns false.
   *
   * @throws java.nio.file.NoSuchFileException when the file does not exist (the job has not finished)
   * @throws IOException when the file cannot be read, or a record is not of the output's type
   */
  public static void readFile(OutputConfig.Directory out, OutputKind kind, boolean withGroup, Handler handler)
      throws IOException {
    PufferPreconditions.checkNotNull("out", out);
    PufferPreconditions.checkNotNull("kind", kind);
    Path file = FileOutputs.fileOf(out, kind);
    if (out.format() == OutputConfig.Format.JSONL) {
      try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          if (!line.isEmpty() && !handler.record(kind, line, withGroup ? group(line) : null)) {
            return;
          }
        }
      }
      return;
    }
    try (InputStream in = Files.newInputStream(file);
        DataFileStream<SpecificRecordBase> records =
            new DataFileStream<>(in, new SpecificDatumReader<>(specificSchema(kind)))) {
      SpecificRecordBase r = null;
      while (records.hasNext()) {
        r = records.next(null);
        if (!handler.record(kind, json(r), withGroup ? group(r) : null)) {
          return;
        }
      }
    }
  }

  private static Schema specificSchema(OutputKind kind) {
    return org.apache.avro.specific.SpecificData.get().getSchema(kind.recordClass());
  }

  /** The group of a {@code jsonl} line, as {@link #group(IndexedRecord)}. */
  private static String group(String line) throws IOException {
    JsonNode n = MAPPER.readTree(line);
    JsonNode g = n.has("subjectId") ? n.get("subjectId") : n.get("reasonCode");
    return g == null || g.isNull() ? null : g.asText();
  }
}
