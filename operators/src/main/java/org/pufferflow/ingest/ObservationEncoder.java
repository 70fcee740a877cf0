package org.pufferflow.ingest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.pufferflow.avro.Observation;

/**
 * Encodes an {@link Observation} as the Kafka record value {@link ObservationDecoder} reads: Avro binary with the
 * Observation schema, no framing, no schema registry. Used by producers of the input topic (the demo feed) and by
 * tests.
 *
 * <p>Not thread-safe: it reuses one Avro encoder between calls.
 */
public final class ObservationEncoder {

  private final SpecificDatumWriter<Observation> writer = new SpecificDatumWriter<>(Observation.class);
  private BinaryEncoder encoder;

  /** The Avro binary encoding of {@code o} (a fresh array). */
  public byte[] encode(Observation o) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(64);
      encoder = EncoderFactory.get().binaryEncoder(out, encoder);
      writer.write(o, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
