package org.pufferflow.jobs.io.file;

import java.io.BufferedOutputStream;
import java.io.IOException;
import org.apache.avro.generic.IndexedRecord;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;

/**
 * The writer of the {@code jsonl} file sinks: one {@link JsonLines} line per record, buffered (64 KiB) between
 * checkpoints. Flink calls {@link #flush} before a checkpoint and {@link #finish} when a part file is rolled (at every
 * checkpoint and at the end of the input), so everything a checkpoint covers is in its part file; an in-progress part
 * is never committed (docs/configuration.md, 'File mode'). A row encoder, which this replaces, had to hand every line
 * to the file at once: a write to the file system per record. One per part file.
 */
final class JsonLinesWriter<T extends IndexedRecord> implements BulkWriter<T> {

  /** Bytes buffered before they are written to the part file. */
  static final int BUFFER_BYTES = 64 * 1024;

  private final BufferedOutputStream out;
  private final JsonLines lines = new JsonLines();

  private JsonLinesWriter(FSDataOutputStream stream) {
    this.out = new BufferedOutputStream(stream, BUFFER_BYTES);
  }

  /** The factory a {@code FileSink.forBulkFormat} takes. */
  static <T extends IndexedRecord> BulkWriter.Factory<T> factory() {
    return JsonLinesWriter::new;
  }

  @Override
  public void addElement(T element) throws IOException {
    lines.write(element, out);
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void finish() throws IOException {
    out.flush(); // not close: the stream belongs to the sink
  }
}
