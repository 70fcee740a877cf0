package org.pufferflow.jobs.io.file;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * {@code avro} records ({@link RecordFormat}): a record is its Avro binary encoding with the output's schema
 * ({@code SpecificData}'s schema of the record class; part files written with another schema are resolved to it).
 * The output file is a deterministic Avro object container file: the writer's default codec ({@code null}, not
 * recorded in the header) and block size, no metadata but the schema, and the sync marker {@link #syncMarker}
 * derived from the schema instead of a random one, so the same records in the same order give the same bytes.
 *
 * <p>Not thread-safe (it reuses one encoder and decoder).
 */
final class AvroRecordFormat implements RecordFormat {

  private final OutputOrder order;
  private final Schema schema;
  private final GenericDatumWriter<GenericRecord> datumWriter;
  private final GenericDatumReader<GenericRecord> datumReader;
  private BinaryEncoder encoder;
  private BinaryDecoder decoder;

  AvroRecordFormat(OutputOrder order) {
    this.order = order;
    this.schema = OutputOrder.schema(order.kind());
    this.datumWriter = new GenericDatumWriter<>(schema);
    this.datumReader = new GenericDatumReader<>(schema);
  }

  @Override
  public void read(Path part, RecordSink records) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (InputStream in = new BufferedInputStream(Files.newInputStream(part));
        DataFileStream<GenericRecord> file = new DataFileStream<>(in, new GenericDatumReader<>(schema, schema))) {
      GenericRecord r = null;
      while (file.hasNext()) {
        r = file.next(r);
        bytes.reset();
        encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
        datumWriter.write(r, encoder);
        encoder.flush();
        records.accept(bytes.toByteArray());
      }
    }
  }

  @Override
  public OutputOrder.Keyed keyed(byte[] record) throws IOException {
    decoder = DecoderFactory.get().binaryDecoder(record, decoder);
    GenericRecord r = datumReader.read(null, decoder);
    List<String> fields = order.fields();
    Object[] values = new Object[fields.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = r.get(fields.get(i));
    }
    return order.keyOf(record, values);
  }

  @Override
  public RecordWriter writer(OutputStream out) throws IOException {
    DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema));
    w.create(schema, out, syncMarker(schema));
    return new RecordWriter() {
      @Override
      public void accept(byte[] record) throws IOException {
        w.appendEncoded(ByteBuffer.wrap(record));
      }

      @Override
      public void close() throws IOException {
        w.close();
      }
    };
  }

  /** The first 16 bytes of the SHA-256 of the schema's Parsing Canonical Form. */
  static byte[] syncMarker(Schema schema) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(SchemaNormalization.toParsingForm(schema).getBytes(StandardCharsets.UTF_8));
      return Arrays.copyOf(digest, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
