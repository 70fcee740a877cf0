package org.pufferflow.jobs.io.file;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.avro.generic.IndexedRecord;
import org.apache.flink.api.common.serialization.Encoder;

/** The row encoder of the {@code jsonl} file sinks: one {@link JsonLines} line per record. One per sink subtask. */
final class JsonLinesEncoder<T extends IndexedRecord> implements Encoder<T> {
  private static final long serialVersionUID = 1L;

  private transient JsonLines lines;

  @Override
  public void encode(T element, OutputStream stream) throws IOException {
    if (lines == null) {
      lines = new JsonLines();
    }
    lines.write(element, stream);
  }
}
