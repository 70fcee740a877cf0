package org.pufferflow.jobs.io.file;

import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.SimpleStreamFormat;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.operators.RawRecord;

/**
 * A CSV file of observations as {@link RawRecord}s (docs/configuration.md, 'File mode'): one record per row of
 * {@link CsvRows} (header, blank and comment lines and a byte-order mark skipped), offset = the row's 1-based line
 * number, partition 0, the payload from {@link CsvObservations}. Lines are decoded as UTF-8 (an invalid byte becomes
 * U+FFFD).
 *
 * <p>Not splittable: the line number needs the whole file. On restore from a checkpoint Flink re-opens the file and
 * skips the records read before it ({@link SimpleStreamFormat}); the reader counts lines from the start of the file,
 * so the skipped records advance the count and the offsets after a restore are those of a failure-free run
 * ({@code FileInputsTest#csvLineNumbersSurviveARestore}).
 */
final class CsvLineFormat extends SimpleStreamFormat<RawRecord> {
  private static final long serialVersionUID = 1L;

  private final String topic;
  private final DiscretizerConfig discretizer;

  CsvLineFormat(String topic, DiscretizerConfig discretizer) {
    this.topic = topic;
    this.discretizer = discretizer;
  }

  @Override
  public StreamFormat.Reader<RawRecord> createReader(Configuration config, FSDataInputStream stream) {
    CsvObservations csv = CsvObservations.forDiscretizer(discretizer);
    CsvRows lines = new CsvRows(new InputStreamReader(stream, StandardCharsets.UTF_8), csv.header(), null);
    return new StreamFormat.Reader<>() {
      @Override
      public RawRecord read() throws IOException {
        String line = lines.next();
        return line == null ? null : new RawRecord(topic, 0, lines.lineNumber(), csv.payload(line));
      }

      @Override
      public void close() throws IOException {
        lines.close();
      }
    };
  }

  @Override
  public TypeInformation<RawRecord> getProducedType() {
    return FileInputs.RAW_RECORD;
  }
}
