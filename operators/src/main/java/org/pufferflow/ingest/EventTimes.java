package org.pufferflow.ingest;

/**
 * Reads the event time of an input record straight from its Avro binary value, without decoding the record
 * (docs/configuration.md, 'Event time and lateness'): the Kafka sources need the event time of every record to keep one
 * watermark per partition, and decoding each record twice (once for its time, once to validate it) would double the
 * cost of ingestion. The prefix is read by hand: the fields in front of the time are skipped, the time itself is one
 * zig-zag varint.
 *
 * <p>Layouts (schemas/src/main/avro): {@code Observation} = subjectId {@code [null, string]}, eventTime
 * {@code [null, long]}, ...; {@code OptOut} = subjectId {@code string}, fromTick {@code long}, toTick {@code long},
 * eventTime {@code [null, long]}. Union branches and string lengths are zig-zag varints (Avro specification,
 * 'Binary encoding').
 *
 * <p>Total: any byte array (or null) gives a time or {@link #NONE}; nothing throws, nothing is allocated. A value
 * that decodes as a record has the time its {@code eventTime} field holds ({@code EventTimesProperties}); a value
 * that does not may still yield a number, harmlessly: such a record is rejected by validation and only its
 * partition's watermark saw the number (as it sees every record's time).
 */
public final class EventTimes {

  /** No event time: a null {@code eventTime}, or a value too short or malformed to have one. */
  public static final long NONE = Long.MIN_VALUE;

  private EventTimes() {}

  /** The {@code eventTime} of an Avro binary {@code Observation}, or {@link #NONE}. */
  public static long ofObservation(byte[] value) {
    if (value == null) {
      return NONE;
    }
    int pos = skipOptionalString(value, 0);
    return optionalLong(value, pos);
  }

  /** The {@code eventTime} of an Avro binary {@code OptOut}, or {@link #NONE}. */
  public static long ofOptOut(byte[] value) {
    if (value == null) {
      return NONE;
    }
    int pos = skipString(value, 0);
    pos = skipVarint(value, pos); // fromTick
    pos = skipVarint(value, pos); // toTick
    return optionalLong(value, pos);
  }

  /** Position after a {@code [null, string]} union at {@code pos}, or -1. */
  private static int skipOptionalString(byte[] b, int pos) {
    long branch = zigZag(b, pos);
    int next = skipVarint(b, pos);
    if (next < 0 || (branch != 0 && branch != 1)) {
      return -1;
    }
    return branch == 0 ? next : skipString(b, next);
  }

  /** Position after a string at {@code pos}, or -1. */
  private static int skipString(byte[] b, int pos) {
    long length = zigZag(b, pos);
    int next = skipVarint(b, pos);
    if (next < 0 || length < 0 || length > b.length - next) {
      return -1;
    }
    return next + (int) length;
  }

  /** The value of a {@code [null, long]} union at {@code pos}, or {@link #NONE} (null branch, or malformed). */
  private static long optionalLong(byte[] b, int pos) {
    if (pos < 0 || zigZag(b, pos) != 1) {
      return NONE;
    }
    int at = skipVarint(b, pos);
    return at < 0 || skipVarint(b, at) < 0 ? NONE : zigZag(b, at);
  }

  /** Position after the varint at {@code pos} (at most 10 bytes), or -1 when it runs past the end. */
  private static int skipVarint(byte[] b, int pos) {
    if (pos < 0) {
      return -1;
    }
    for (int i = pos; i < b.length && i < pos + 10; i++) {
      if ((b[i] & 0x80) == 0) {
        return i + 1;
      }
    }
    return -1;
  }

  /** The zig-zag varint at {@code pos}; meaningful only when {@link #skipVarint} finds its end. */
  private static long zigZag(byte[] b, int pos) {
    if (pos < 0) {
      return -1;
    }
    long raw = 0;
    int shift = 0;
    for (int i = pos; i < b.length && shift < 64; i++, shift += 7) {
      raw |= (long) (b[i] & 0x7f) << shift;
      if ((b[i] & 0x80) == 0) {
        return (raw >>> 1) ^ -(raw & 1);
      }
    }
    return -1;
  }
}
