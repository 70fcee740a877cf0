package org.pufferflow.ingest;

import java.io.IOException;
import java.util.function.Supplier;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;

/**
 * Decodes values written as Avro binary with the schema of {@code T} (no framing, no schema registry), strictly:
 * garbage, a truncated record, trailing bytes or an invalid union branch give {@code null} and a reason
 * ({@link #error()}) instead of an exception, so one bad record never fails a job. The reason never depends on JIT
 * state, so a replay after a restore reports the same bytes (docs/operators.md, 'Exactly-once and rescaling,
 * tested').
 *
 * <p>Not thread-safe: it reuses one decoder between calls (one instance per Flink subtask). With a {@code reuse}
 * supplier the returned record is also reused and overwritten by the next call; without, each call returns a new
 * record (for records that are emitted downstream).
 */
public final class StrictAvroDecoder<T extends SpecificRecordBase> {

  private final SpecificDatumReader<T> reader;
  private final String typeName;
  private final Supplier<T> fresh;
  private BinaryDecoder decoder;
  private T reuse;
  private String error;

  /**
   * @param reuse makes the record reused between calls, or {@code null} for a new record per call
   */
  public StrictAvroDecoder(Class<T> type, Supplier<T> reuse) {
    this.reader = new SpecificDatumReader<>(type);
    this.typeName = type.getSimpleName();
    this.fresh = reuse;
    this.reuse = reuse == null ? null : reuse.get();
  }

  /** Decodes {@code payload}; the record, or null when the bytes are not one (then {@link #error()} says why). */
  public T decode(byte[] payload) {
    error = null;
    if (payload == null) {
      error = "the record has no value (null payload)";
      return null;
    }
    try {
      decoder = DecoderFactory.get().binaryDecoder(payload, decoder);
      T record = reader.read(reuse, decoder);
      if (!decoder.isEnd()) {
        error = "trailing bytes after an " + typeName + " (" + payload.length + " bytes in total)";
        return null;
      }
      if (fresh != null) {
        reuse = record;
      }
      return record;
    } catch (IOException | RuntimeException e) {
      error = "not an Avro " + typeName + " (" + payload.length + " bytes): " + describe(e);
      if (fresh != null) {
        reuse = fresh.get(); // a failed read may leave the reused record half-filled
      }
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
   * ({@code -XX:+OmitStackTraceInFastThrow}), so theirs is left out.
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
