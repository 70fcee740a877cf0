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
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.pufferflow.avro.LedgerEntry;

/**
 * {@link LedgerEntry} records for {@link ExternalSort}, as the ledger directory merges them ({@link LedgerSegments}):
 * a record's bytes are an 8-byte big-endian <em>rank</em> (the position of the file it came from: a later segment
 * has a greater rank; every part file of one run has rank 0) followed by the entry's Avro binary encoding. The sort
 * key is (mechanism, subjectId, rank, lastTick), so among the records of one (mechanism, subject) the one sorted last
 * is the entry that wins: from the latest segment, and within it the greatest lastTick.
 *
 * <p>The files read and written are Avro object container files of {@code LedgerEntry}; the writer is deterministic
 * like {@link AvroRecordFormat}'s (its sync marker derived from the schema) and drops the rank. Not thread-safe.
 */
final class LedgerEntryFormat implements RecordFormat {

  /** The schema of the entries, as generated. */
  static final Schema SCHEMA = LedgerEntry.getClassSchema();

  private static final int RANK = Long.BYTES;

  private final SpecificDatumWriter<LedgerEntry> datumWriter = new SpecificDatumWriter<>(LedgerEntry.class);
  private final SpecificDatumReader<LedgerEntry> datumReader = new SpecificDatumReader<>(LedgerEntry.class);
  private BinaryEncoder encoder;
  private BinaryDecoder decoder;

  /** The entries of {@code file} in file order, each with rank 0 (the parts of one run). */
  @Override
  public void read(Path file, RecordSink records) throws IOException {
    read(file, 0, records);
  }

  /** The entries of {@code file} in file order, each prefixed with {@code rank}. */
  void read(Path file, long rank, RecordSink records) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file));
        DataFileStream<LedgerEntry> entries = new DataFileStream<>(in, new SpecificDatumReader<>(LedgerEntry.class))) {
      LedgerEntry e = null;
      while (entries.hasNext()) {
        e = entries.next(e);
        bytes.reset();
        bytes.write(ByteBuffer.allocate(RANK).putLong(rank).array());
        encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
        datumWriter.write(e, encoder);
        encoder.flush();
        records.accept(bytes.toByteArray());
      }
    }
  }

  @Override
  public OutputOrder.Keyed keyed(byte[] record) throws IOException {
    LedgerEntry e = entry(record);
    long rank = ByteBuffer.wrap(record, 0, RANK).getLong();
    return new OutputOrder.Keyed(new Object[] {utf8(e.getMechanism()), utf8(e.getSubjectId()), rank,
        e.getLastTick()}, record);
  }

  /** The entry of {@code record} (bytes as from {@link #read}). */
  LedgerEntry entry(byte[] record) throws IOException {
    decoder = DecoderFactory.get().binaryDecoder(record, RANK, record.length - RANK, decoder);
    return datumReader.read(null, decoder);
  }

  /** Whether two records (bytes as from {@link #read}) hold entries of the same (mechanism, subjectId). */
  static boolean sameSubject(OutputOrder.Keyed a, OutputOrder.Keyed b) {
    return Arrays.equals((byte[]) a.key()[0], (byte[]) b.key()[0])
        && Arrays.equals((byte[]) a.key()[1], (byte[]) b.key()[1]);
  }

  /** A container-file writer onto {@code out}; each record's rank is dropped. */
  @Override
  public RecordWriter writer(OutputStream out) throws IOException {
    DataFileWriter<LedgerEntry> w = new DataFileWriter<>(new SpecificDatumWriter<>(LedgerEntry.class));
    w.create(SCHEMA, out, AvroRecordFormat.syncMarker(SCHEMA));
    return new RecordWriter() {
      @Override
      public void accept(byte[] record) throws IOException {
        w.appendEncoded(ByteBuffer.wrap(record, RANK, record.length - RANK));
      }

      @Override
      public void close() throws IOException {
        w.close();
      }
    };
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
