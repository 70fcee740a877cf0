package org.pufferflow.jobs.io.file;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The canonical order of the records in a file-mode output file (docs/configuration.md, 'Output files'): by the
 * output's key fields ({@link #keyFields}), then by the record's encoded bytes (the JSON line's UTF-8 bytes, or the
 * Avro binary encoding), compared as unsigned bytes. The bytes make the order total: two records that compare equal are
 * byte for byte the same, so any two runs with the same multiset of records write the same file.
 *
 * <p>Assumptions: every key field is a non-null {@code int}, {@code long} or {@code string} field of the output's
 * Avro schema (checked by {@link #of}). Numbers compare numerically; strings by Unicode code point (the order of
 * their UTF-8 bytes, so a JSON and an Avro file of the same records agree on the key order).
 */
final class OutputOrder {

  /**
   * One record to sort: its key ({@link #keyOf}: per key field a {@code Long} or a string's UTF-8 bytes) and its
   * encoded bytes. The arrays are not copied; nobody changes them.
   */
  record Keyed(Object[] key, byte[] bytes) {}

  /** Key, then bytes; a total order on records of one output. */
  static final Comparator<Keyed> ORDER = (a, b) -> {
    for (int i = 0; i < a.key.length; i++) {
      int c = compareComponent(a.key[i], b.key[i]);
      if (c != 0) {
        return c;
      }
    }
    return Arrays.compareUnsigned(a.bytes, b.bytes);
  };

  private final OutputKind kind;
  private final List<String> fields;
  private final List<Schema.Type> types;

  private OutputOrder(OutputKind kind, List<String> fields, List<Schema.Type> types) {
    this.kind = kind;
    this.fields = fields;
    this.types = types;
  }

  /**
   * The key fields of {@code kind}'s records, most significant first: the subject, then the tick or window, where
   * the record has them. {@code LedgerEvent} has no tick-like field; {@code FleetHistogram} no subject.
   */
  static List<String> keyFields(OutputKind kind) {
    return kind.keyFields();
  }

  /** The order of {@code kind}, its key fields checked against the record schema. */
  static OutputOrder of(OutputKind kind) {
    PufferPreconditions.checkNotNull("kind", kind);
    Schema schema = schema(kind);
    List<String> fields = keyFields(kind);
    List<Schema.Type> types = new ArrayList<>();
    for (String name : fields) {
      Schema.Field f = schema.getField(name);
      PufferPreconditions.checkArgument(f != null, "key field %s: not a field of %s", name, schema.getFullName());
      Schema.Type t = f.schema().getType();
      PufferPreconditions.checkArgument(t == Schema.Type.INT || t == Schema.Type.LONG || t == Schema.Type.STRING,
          "key field %s of %s: type %s, must be int, long or string", name, schema.getFullName(), t);
      types.add(t);
    }
    return new OutputOrder(kind, fields, List.copyOf(types));
  }

  /** The Avro schema of {@code kind}'s records. */
  static Schema schema(OutputKind kind) {
    return SpecificData.get().getSchema(kind.recordClass());
  }

  OutputKind kind() {
    return kind;
  }

  /** The key field names, most significant first. */
  List<String> fields() {
    return fields;
  }

  /** {@code bytes} with its key, from the value of each key field ({@code values[i]} of {@code fields().get(i)}). */
  Keyed keyOf(byte[] bytes, Object... values) {
    PufferPreconditions.checkArgument(values.length == fields.size(), "%s key values for the %s key fields of %s",
        values.length, fields.size(), kind);
    Object[] key = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      key[i] = component(i, values[i]);
    }
    return new Keyed(key, bytes);
  }

  /** A {@code Long} for a number field, the UTF-8 bytes for a string field. */
  private Object component(int i, Object value) {
    if (types.get(i) == Schema.Type.STRING) {
      if (value instanceof CharSequence s) {
        return s.toString().getBytes(StandardCharsets.UTF_8);
      }
    } else if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).longValue();
    }
    throw new IllegalArgumentException("key field " + fields.get(i) + " of " + kind + ": value " + value
        + " is not a " + types.get(i).getName());
  }

  private static int compareComponent(Object a, Object b) {
    if (a instanceof Long x && b instanceof Long y) {
      return Long.compare(x, y);
    }
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return Arrays.compareUnsigned(x, y);
    }
    throw new IllegalStateException("key components of different types: " + a + ", " + b);
  }
}
