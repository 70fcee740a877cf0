package org.pufferflow.ingest;

import java.io.IOException;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.pufferflow.avro.Observation;

/**
 * Decodes Kafka record values written as Avro binary with the {@link Observation} schema (no framing, no schema
 * registry). Anything else — garbage, a truncated record, trailing bytes, an invalid union branch — is reported as
 * {@link ReasonCode#UNDECODABLE} instead of throwing, so one bad record never fails the job.
 *
 * <p>Not thread-safe: it reuses one decoder and one {@link Observation} between calls (one instance per Flink
 * subtask). The returned observation is overwritten by the next call.
 */
public final class ObservationDecoder {

  private final SpecificDatumReader<Observation> reader = new SpecificDatumReader<>(Observation.class);
  private BinaryDecoder decoder;
  private Observation reuse = new Observation();
  private String error;

  /**
   * Decodes {@code payload}; returns the observation, or null when the bytes are not an Observation (then
   * {@link #error()} says why).
   */
  public Observation decode(byte[] payload) {
    error = null;
    if (payload == null) {
      error = "the record has no value (null payload)";
      return null;
    }
    try {
      decoder = DecoderFactory.get().binaryDecoder(payload, decoder);
      reuse = reader.read(reuse, decoder);
      if (!decoder.isEnd()) {
        error = "trailing bytes after an Observation (" + payload.length + " bytes in total)";
        return null;
      }
      return reuse;
    } catch (IOException | RuntimeException e) {
      error = "not an Avro Observation (" + payload.length + " bytes): " + describe(e);
      reuse = new Observation(); // a failed read may leave the reused record half-filled
      return null;
    }
  }

  /** Why the last {@link #decode} returned null. */
  public String error() {
    return error;
  }

  /**
   * The exception's class and message. Exceptions the JVM throws implicitly (index out of bounds, null pointer,
   * class cast, arithmetic, array store) lose their message once the code is compiled
   * ({@code -XX:+OmitStackTraceInFastThrow}), so theirs is left out: the reason of a rejected record must not depend
   * on JIT state, or a replay after a restore would publish different bytes (docs/operators.md, 'Exactly-once and
   * rescaling, tested').
   */
  private static String describe(Exception e) {
    String m = implicit(e) ? null : e.getMessage();
    String s = e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    s = s.replace('\n', ' ').replace('\r', ' ');
    return s.length() > 160 ? s.substring(0, 160) + "..." : s;
  }

  private static boolean implicit(Exception e) {
    return e instanceof IndexOutOfBoundsException || e instanceof NullPointerException
        || e instanceof ClassCastException || e instanceof ArithmeticException || e instanceof ArrayStoreException;
  }
}
