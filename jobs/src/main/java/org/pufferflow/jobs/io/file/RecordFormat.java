package org.pufferflow.jobs.io.file;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The records of one output in one file format, as encoded bytes: read from the part files the sink wrote, keyed for
 * the {@link OutputOrder canonical order}, and written to the output file. One record's bytes are its JSON line
 * without the line feed ({@code jsonl}) or its Avro binary encoding ({@code avro}).
 */
interface RecordFormat {

  /** Takes records one at a time. */
  interface RecordSink {
    void accept(byte[] record) throws IOException;
  }

  /** Writes records into a file; {@link #close()} finishes the file and closes its stream. */
  interface RecordWriter extends RecordSink, Closeable {}

  /** Passes the records of {@code part}, in order, to {@code records}. */
  void read(Path part, RecordSink records) throws IOException;

  /** {@code record} (bytes as from {@link #read}) with its sort key. */
  OutputOrder.Keyed keyed(byte[] record) throws IOException;

  /** A writer of the output file onto {@code out}: the same records give the same bytes. */
  RecordWriter writer(OutputStream out) throws IOException;

  /** The records of {@code kind} in {@code format}. */
  static RecordFormat of(OutputConfig.Format format, OutputKind kind) {
    PufferPreconditions.checkNotNull("format", format);
    OutputOrder order = OutputOrder.of(kind);
    return format == OutputConfig.Format.JSONL ? new JsonlRecordFormat(order) : new AvroRecordFormat(order);
  }
}
