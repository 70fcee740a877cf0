package org.pufferflow.jobs.io.file;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.SimpleStreamFormat;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;
import org.pufferflow.avro.Observation;
import org.pufferflow.operators.RawRecord;

/**
 * An Avro object container file of {@code Observation} records as {@link RawRecord}s (docs/configuration.md, 'File
 * mode'): payload = the record re-encoded in Avro binary (what a producer writes to the input topic), offset = the
 * record's 0-based index in the file, partition 0. The file's writer schema is resolved against
 * {@code Observation} (checked before the job starts by {@link FileInputs#check}).
 *
 * <p>Not splittable; on restore Flink re-reads the file and skips the records read before the checkpoint, which
 * advances the index ({@code FileInputsTest#avroRecordIndexSurvivesARestore}). A corrupt block fails the source
 * (the file is not what it claims to be), unlike a malformed CSV line.
 */
final class AvroObservationFormat extends SimpleStreamFormat<RawRecord> {
  private static final long serialVersionUID = 1L;

  private final String topic;

  AvroObservationFormat(String topic) {
    this.topic = topic;
  }

  @Override
  public StreamFormat.Reader<RawRecord> createReader(Configuration config, FSDataInputStream stream)
      throws IOException {
    DataFileStream<Observation> records = new DataFileStream<>(stream, new SpecificDatumReader<>(Observation.class));
    SpecificDatumWriter<Observation> writer = new SpecificDatumWriter<>(Observation.class);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
    return new StreamFormat.Reader<>() {
      private long index;
      private Observation reuse;

      @Override
      public RawRecord read() throws IOException {
        if (!records.hasNext()) {
          return null;
        }
        reuse = records.next(reuse);
        bytes.reset();
        writer.write(reuse, encoder);
        encoder.flush();
        return new RawRecord(topic, 0, index++, bytes.toByteArray());
      }

      @Override
      public void close() throws IOException {
        records.close();
      }
    };
  }

  @Override
  public TypeInformation<RawRecord> getProducedType() {
    return FileInputs.RAW_RECORD;
  }
}
