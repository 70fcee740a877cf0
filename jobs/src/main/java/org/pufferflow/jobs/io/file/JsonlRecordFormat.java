package org.pufferflow.jobs.io.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code jsonl} records ({@link RecordFormat}): a record is one line of a part file without its line feed, exactly
 * as {@link JsonLinesWriter} wrote it (never decoded and re-encoded); the output file is the lines in the order
 * given, each followed by a line feed. The key values are read from the line's top-level fields of the key's names
 * (strings and integers, as {@link JsonLines} writes {@code string}, {@code int} and {@code long}).
 *
 * <p>Assumes a part file holds whole lines, each ended by a line feed (a last line without one is still a record).
 * Not thread-safe.
 */
final class JsonlRecordFormat implements RecordFormat {

  private static final JsonFactory FACTORY = new JsonFactory();
  private static final int BUFFER = 1 << 16;

  private final OutputOrder order;

  JsonlRecordFormat(OutputOrder order) {
    this.order = order;
  }

  @Override
  public void read(Path part, RecordSink records) throws IOException {
    byte[] buf = new byte[BUFFER];
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    try (InputStream in = Files.newInputStream(part)) {
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        int start = 0;
        for (int i = 0; i < n; i++) {
          if (buf[i] == '\n') {
            line.write(buf, start, i - start);
            records.accept(line.toByteArray());
            line.reset();
            start = i + 1;
          }
        }
        line.write(buf, start, n - start);
      }
    }
    if (line.size() > 0) {
      records.accept(line.toByteArray());
    }
  }

  @Override
  public OutputOrder.Keyed keyed(byte[] record) throws IOException {
    List<String> fields = order.fields();
    Object[] values = new Object[fields.size()];
    int found = 0;
    try (JsonParser p = FACTORY.createParser(record)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw notARecord(null);
      }
      while (found < values.length && p.nextToken() == JsonToken.FIELD_NAME) {
        int i = fields.indexOf(p.currentName());
        JsonToken t = p.nextToken();
        if (i < 0 || values[i] != null) {
          p.skipChildren();
        } else {
          values[i] = t == JsonToken.VALUE_STRING ? p.getText()
              : t == JsonToken.VALUE_NUMBER_INT ? (Object) p.getLongValue() : t; // a token: refused by keyOf
          found++;
        }
      }
    } catch (JsonProcessingException e) {
      throw notARecord(e);
    }
    if (found < values.length) {
      throw notARecord(null);
    }
    return order.keyOf(record, values);
  }

  /**
   * The error of a line that is not a record; its message does not quote the line (a rejected record holds a raw
   * payload).
   */
  private IOException notARecord(JsonProcessingException cause) {
    return new IOException("a line of the " + order.kind().fileStem() + " parts is not a JSON object with the fields "
        + order.fields(), cause);
  }

  @Override
  public RecordWriter writer(OutputStream out) {
    OutputStream o = new BufferedOutputStream(out, BUFFER);
    return new RecordWriter() {
      @Override
      public void accept(byte[] record) throws IOException {
        o.write(record);
        o.write('\n');
      }

      @Override
      public void close() throws IOException {
        o.close();
      }
    };
  }
}
