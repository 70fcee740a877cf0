package org.pufferflow.jobs.io.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.formats.avro.AvroDeserializationSchema;
import org.apache.flink.formats.avro.AvroSerializationSchema;
import org.pufferflow.jobs.io.OutputKind;

/**
 * {@link AvroValue} writes the bytes Flink's {@code AvroSerializationSchema.forSpecific} writes, for random records
 * of every output type: nulls in every optional field, timestamps, strings outside ASCII, and arrays long enough to
 * outgrow the buffered encoder's buffer (2 kB) several times; one instance encodes many records in turn, as in a sink.
 * The bytes decode to a record that encodes to them again.
 */
class AvroValueProperties {

  @Property(tries = 60)
  void writesTheBytesOfFlinksAvroSchemaForEveryOutputType(@ForAll long seed) throws Exception {
    Random random = new Random(seed);
    for (OutputKind kind : OutputKind.all()) {
      check(kind.recordClass(), random);
    }
  }

  private static <T extends SpecificRecordBase> void check(Class<T> type, Random random) throws Exception {
    AvroValue<T> ours = new AvroValue<>(type);
    if (random.nextBoolean()) {
      ours.open(null); // Flink opens a schema; a caller that does not still gets the same bytes
    }
    AvroSerializationSchema<T> flinks = AvroSerializationSchema.forSpecific(type);
    flinks.open(null);
    AvroDeserializationSchema<T> reader = AvroDeserializationSchema.forSpecific(type);
    reader.open(null);
    for (int i = 0; i < 5; i++) {
      T record = randomRecord(type, random);
      byte[] bytes = ours.serialize(record);
      assertThat(bytes).as("%s %s", type.getSimpleName(), record).isEqualTo(flinks.serialize(record));
      // decoded and encoded again: the same bytes (records with NaN are not equal to themselves)
      assertThat(ours.serialize(reader.deserialize(bytes))).isEqualTo(bytes);
    }
  }

  @SuppressWarnings("unchecked")
  static <T extends SpecificRecordBase> T randomRecord(Class<T> type, Random random) {
    Schema schema = SpecificData.getForClass(type).getSchema(type);
    T record = (T) SpecificData.getForClass(type).newRecord(null, schema);
    for (Schema.Field f : schema.getFields()) {
      record.put(f.pos(), value(f.schema(), random));
    }
    return record;
  }

  private static Object value(Schema s, Random random) {
    return switch (s.getType()) {
      case UNION -> {
        List<Schema> branches = s.getTypes();
        Schema branch = branches.get(random.nextInt(branches.size()));
        yield branch.getType() == Schema.Type.NULL ? null : value(branch, random);
      }
      case LONG -> s.getLogicalType() instanceof LogicalTypes.TimestampMillis
          ? Instant.ofEpochMilli(random.nextLong(-1L << 50, 1L << 50)) : random.nextLong();
      case INT -> random.nextInt();
      case DOUBLE -> random.nextInt(20) == 0 ? Double.NaN : random.nextGaussian() * Math.pow(10, random.nextInt(12));
      case BOOLEAN -> random.nextBoolean();
      case STRING -> string(random);
      case BYTES -> {
        byte[] b = new byte[random.nextInt(64)];
        random.nextBytes(b);
        yield ByteBuffer.wrap(b);
      }
      case ARRAY -> {
        // mostly short, sometimes several times the encoder's 2 kB buffer
        int n = random.nextInt(4) == 0 ? random.nextInt(3000) : random.nextInt(12);
        List<Object> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          items.add(value(s.getElementType(), random));
        }
        yield items;
      }
      default -> throw new IllegalStateException("an output schema with a " + s.getType() + ": extend this test");
    };
  }

  private static String string(Random random) {
    int n = random.nextInt(24);
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append(random.nextInt(5) == 0 ? (char) (0x00e0 + random.nextInt(0x2000)) : (char) ('a' + random.nextInt(26)));
    }
    return b.toString();
  }
}
