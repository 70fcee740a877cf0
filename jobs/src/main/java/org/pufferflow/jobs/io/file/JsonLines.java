package org.pufferflow.jobs.io.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.specific.SpecificData;
import org.pufferflow.common.PufferPreconditions;

/**
 * Writes Avro records as JSON Lines, one object per line with the schema's field names (docs/configuration.md, 'File
 * mode'), for the {@code jsonl} output files:
 * <ul>
 *   <li>a union with null is the value or {@code null} (no Avro type wrapper); other unions write the value of the
 *       branch it belongs to;</li>
 *   <li>{@code bytes} and {@code fixed} are base64 strings (RFC 4648, with padding); enums and strings are strings;
 *       arrays are arrays; maps and nested records are objects;</li>
 *   <li>a non-finite {@code float}/{@code double} is the string {@code "NaN"}, {@code "inf"} or {@code "-inf"}
 *       (JSON has no such numbers);</li>
 *   <li>a logical {@code timestamp-millis} (or {@code -micros}) value is written as its Avro long (epoch
 *       milliseconds or microseconds);</li>
 *   <li>in a field whose schema has the property {@value #INTEGERS} = {@code true} (the {@code noisyCounts} of the
 *       histograms), a finite {@code double} with an integral value of magnitude below 2<sup>53</sup> is written as
 *       an integer: {@code 44}, not {@code 44.0}. The same JSON number, so a reader gets the same value; the Avro
 *       type stays {@code double}, so the schema is unchanged for Avro readers (docs/configuration.md, 'Output
 *       files').</li>
 * </ul>
 *
 * <p>Not thread-safe: an instance keeps one generator for the stream it last wrote to (a Flink encoder is used by
 * one subtask). Writing allocates no per-record objects beyond Jackson's own buffers.
 */
final class JsonLines {

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET)
      .disable(com.fasterxml.jackson.core.StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
      .build();

  /** The field property that makes integral doubles print as integers. */
  static final String INTEGERS = "jsonIntegers";

  /** Integral doubles below this magnitude are exact longs. */
  private static final double EXACT = 0x1p53;

  private OutputStream target;
  private JsonGenerator generator;

  /**
   * Writes {@code record} and a line feed to {@code out}. The bytes are flushed into {@code out} (not further) before
   * returning, so the caller may close or roll {@code out} at any record boundary.
   */
  public void write(IndexedRecord record, OutputStream out) throws IOException {
    PufferPreconditions.checkNotNull("record", record);
    if (out != target) {
      generator = FACTORY.createGenerator(out);
      generator.setRootValueSeparator(null);
      target = out;
    }
    writeRecord(record, generator);
    generator.writeRaw('\n');
    generator.flush();
  }

  /** {@code record} as one JSON object, without the line feed. */
  public static String toJson(IndexedRecord record) {
    PufferPreconditions.checkNotNull("record", record);
    StringWriter s = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(s)) {
      writeRecord(record, g);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return s.toString();
  }

  private static void writeRecord(IndexedRecord record, JsonGenerator g) throws IOException {
    g.writeStartObject();
    for (Schema.Field f : record.getSchema().getFields()) {
      g.writeFieldName(f.name());
      writeValue(f.schema(), record.get(f.pos()), Boolean.TRUE.equals(f.getObjectProp(INTEGERS)), g);
    }
    g.writeEndObject();
  }

  private static void writeValue(Schema schema, Object value, boolean integers, JsonGenerator g) throws IOException {
    switch (schema.getType()) {
      case NULL -> g.writeNull();
      case UNION -> {
        if (value == null) {
          g.writeNull();
        } else {
          writeValue(branch(schema, value), value, integers, g);
        }
      }
      case BOOLEAN -> g.writeBoolean((Boolean) value);
      case INT -> g.writeNumber(((Number) value).intValue());
      case LONG -> g.writeNumber(value instanceof Instant i ? epoch(i, schema) : ((Number) value).longValue());
      case FLOAT, DOUBLE -> writeDouble(((Number) value).doubleValue(), schema.getType() == Schema.Type.FLOAT,
          integers, g);
      case STRING, ENUM -> g.writeString(value.toString());
      case BYTES -> g.writeString(base64((ByteBuffer) value));
      case FIXED -> g.writeString(Base64.getEncoder().encodeToString(((GenericFixed) value).bytes()));
      case ARRAY -> {
        g.writeStartArray();
        for (Object item : (Collection<?>) value) {
          writeValue(schema.getElementType(), item, integers, g);
        }
        g.writeEndArray();
      }
      case MAP -> {
        g.writeStartObject();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
          g.writeFieldName(e.getKey().toString());
          writeValue(schema.getValueType(), e.getValue(), integers, g);
        }
        g.writeEndObject();
      }
      case RECORD -> writeRecord((IndexedRecord) value, g);
      default -> throw new IllegalArgumentException("schema type = " + schema.getType() + ": not supported");
    }
  }

  /** The branch of {@code union} that non-null {@code value} belongs to. */
  private static Schema branch(Schema union, Object value) {
    java.util.List<Schema> types = union.getTypes();
    if (types.size() == 2 && types.get(0).getType() == Schema.Type.NULL) {
      return types.get(1); // the common ["null", T]: also right for logical types (an Instant in a long)
    }
    if (types.size() == 2 && types.get(1).getType() == Schema.Type.NULL) {
      return types.get(0);
    }
    return types.get(SpecificData.get().resolveUnion(union, value));
  }

  /** A timestamp as its Avro long: milliseconds, or microseconds for {@code timestamp-micros}. */
  private static long epoch(Instant t, Schema schema) {
    if (schema.getLogicalType() != null && "timestamp-micros".equals(schema.getLogicalType().getName())) {
      return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000L);
    }
    return t.toEpochMilli();
  }

  private static void writeDouble(double v, boolean isFloat, boolean integers, JsonGenerator g) throws IOException {
    if (Double.isNaN(v)) {
      g.writeString("NaN");
    } else if (Double.isInfinite(v)) {
      g.writeString(v > 0 ? "inf" : "-inf");
    } else if (integers && Math.abs(v) < EXACT && v == Math.rint(v)) {
      g.writeNumber((long) v);
    } else if (isFloat) {
      g.writeNumber((float) v);
    } else {
      g.writeNumber(v);
    }
  }

  private static String base64(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] bytes = new byte[d.remaining()];
    d.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }
}
