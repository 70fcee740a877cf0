package org.pufferflow.jobs.io.file;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.operators.RawRecord;

/**
 * The file-mode inputs (docs/configuration.md, 'File mode'): observations from a CSV or Avro file as the same
 * {@link RawRecord}s a Kafka source gives (so ingestion, rejections and the mechanisms do not know the difference),
 * and opt-outs from a small CSV file read by the client before the job starts.
 *
 * <p>A record's "topic" is {@code file:<file name>}, its partition 0, its offset the 1-based line number (CSV) or the
 * 0-based record index (Avro): what a rejected record reports as its source.
 */
@Internal
public final class FileInputs {

  /** The explicit type of the source's records: {@link RawRecord} is a Flink POJO. */
  static final TypeInformation<RawRecord> RAW_RECORD = TypeInformation.of(RawRecord.class);

  private FileInputs() {}

  /**
   * A bounded, non-splittable {@code FileSource} reading {@code input} (one reader does the whole file; its other
   * subtasks are idle), with operator uid {@code uidPrefix + "file-source"}. No timestamps or watermarks: ingestion
   * assigns event time after validation, as for Kafka.
   *
   * @param discretizer the job's discretizer, which decides the CSV columns
   */
  public static DataStream<RawRecord> observations(StreamExecutionEnvironment env, InputConfig.File input,
      DiscretizerConfig discretizer, String uidPrefix) {
    PufferPreconditions.checkNotNull("env", env);
    PufferPreconditions.checkNotNull("input", input);
    PufferPreconditions.checkNotNull("discretizer", discretizer);
    PufferPreconditions.checkNotNull("uidPrefix", uidPrefix);
    String topic = topicOf(input);
    StreamFormat<RawRecord> format = input.format() == InputConfig.Format.CSV
        ? new CsvLineFormat(topic, discretizer)
        : new AvroObservationFormat(topic);
    FileSource<RawRecord> source =
        FileSource.forRecordStreamFormat(format, org.apache.flink.core.fs.Path.fromLocalFile(new File(input.path())))
            .build();
    return env.fromSource(source, WatermarkStrategy.noWatermarks(), uidPrefix + "observations: " + topic, RAW_RECORD)
        .uid(uidPrefix + "file-source");
  }

  /** The source name of records read from {@code input}: {@code file:<file name>}. */
  public static String topicOf(InputConfig.File input) {
    return "file:" + Path.of(input.path()).getFileName();
  }

  /**
   * Checks before the job starts that the observations file can be read and, for Avro, that its records can be read
   * as {@code Observation}s; throws a {@link ConfigException} on {@code input.file} otherwise.
   */
  public static void check(InputConfig.File input) {
    Path p = Path.of(input.path());
    String problem = FileProblems.problem(p);
    if (problem != null) {
      throw new ConfigException("input.file", p + ": " + problem);
    }
    if (input.format() == InputConfig.Format.AVRO) {
      Schema writer;
      try (DataFileReader<GenericRecord> r = new DataFileReader<>(p.toFile(), new GenericDatumReader<>())) {
        writer = r.getSchema();
      } catch (IOException e) {
        throw new ConfigException("input.file", p + " is not an Avro container file (" + e.getMessage() + ")");
      }
      SchemaCompatibility.SchemaPairCompatibility c =
          SchemaCompatibility.checkReaderWriterCompatibility(Observation.getClassSchema(), writer);
      if (c.getType() != SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
        throw new ConfigException("input.file", p + ": its records (" + writer.getFullName()
            + ") cannot be read as org.pufferflow.avro.Observation (" + c.getDescription() + ")");
      }
    }
  }

  /**
   * The opt-outs in {@code csv}: rows {@code subject,fromTick,toTick} of {@link CsvRows} (ticks inclusive; header,
   * blank lines and a byte-order mark skipped). Strict: a missing file, a wrong field count, a quoted line, an empty
   * subject, a tick that is not a long, a negative {@code fromTick} or {@code fromTick > toTick} is a
   * {@link ConfigException} on {@code input.optOuts} naming the line.
   */
  public static List<OptOut> optOuts(Path csv) {
    List<OptOut> out = new ArrayList<>();
    try {
      CsvRows.forEach(csv, "subject,fromTick,toTick", null, (f, n) -> out.add(optOut(f, n)));
    } catch (CsvRows.BadRow e) {
      throw bad(e.line(), e.reason());
    } catch (IOException e) {
      throw new ConfigException("input.optOuts", csv + ": " + FileProblems.problem(e));
    }
    return out;
  }

  private static OptOut optOut(String[] f, long n) {
    String subject = f[0];
    if (subject.isEmpty()) {
      throw bad(n, "subject is empty");
    }
    long from = tick(f[1], "fromTick", n);
    long to = tick(f[2], "toTick", n);
    if (from < 0) {
      throw bad(n, "fromTick = " + from + ": must be >= 0");
    }
    if (from > to) {
      throw bad(n, "fromTick = " + from + " > toTick = " + to + ": the range is inclusive and must not be empty");
    }
    return new OptOut(subject, from, to, null); // preloaded: applied before any decision, no issue time needed
  }

  private static long tick(String s, String name, long n) {
    try {
      return Long.parseLong(s.strip());
    } catch (NumberFormatException e) {
      throw bad(n, name + " = '" + s.strip() + "': not an integer tick");
    }
  }

  private static ConfigException bad(long n, String why) {
    return new ConfigException("input.optOuts", "line " + n + ": " + why);
  }
}
