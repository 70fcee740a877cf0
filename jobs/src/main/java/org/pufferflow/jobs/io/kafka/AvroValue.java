package org.pufferflow.jobs.io.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.pufferflow.common.PufferPreconditions;

/**
 * The Avro binary encoding of an output record, the value of its Kafka record: the same bytes as Flink's
 * {@code AvroSerializationSchema.forSpecific} (no header, no schema id), written through Avro's buffered encoder.
 * Flink's schema writes through the direct encoder, which hands every byte (every varint, every double) to its
 * {@link ByteArrayOutputStream} one call at a time; with one DPHMM release per input record that was about a tenth of
 * the keyed task (docs/benchmarks.md, 'Pipeline, end to end'). The buffered encoder writes its buffer in bulk.
 *
 * <p>One instance per sink subtask, used from its task thread only (Flink's contract for a serialization schema): the
 * writer, the encoder and the output buffer are built in {@link #open} (or at the first record, when a caller never
 * opened it) and reused for every record; each call returns a new array, which the Kafka producer keeps until the
 * record is sent.
 */
@Internal
public final class AvroValue<T extends SpecificRecordBase> implements SerializationSchema<T> {
  private static final long serialVersionUID = 1L;

  private final Class<T> type;
  private transient SpecificDatumWriter<T> writer;
  private transient ByteArrayOutputStream bytes;
  private transient BinaryEncoder encoder;

  public AvroValue(Class<T> type) {
    this.type = PufferPreconditions.checkNotNull("type", type);
  }

  @Override
  public void open(InitializationContext context) {
    writer = new SpecificDatumWriter<>(type); // the class's own model: its logical-type conversions (Instant)
    bytes = new ByteArrayOutputStream(256);
    encoder = EncoderFactory.get().binaryEncoder(bytes, null);
  }

  @Override
  public byte[] serialize(T element) {
    if (writer == null) {
      open(null); // as Flink's own Avro schema: a caller that never opened it still gets the bytes
    }
    bytes.reset();
    try {
      writer.write(element, encoder);
      encoder.flush();
    } catch (IOException e) {
      // a ByteArrayOutputStream does not fail; a record that does not match its schema is a bug
      throw new UncheckedIOException("cannot encode a " + type.getSimpleName(), e);
    }
    return bytes.toByteArray();
  }
}
