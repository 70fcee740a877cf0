package org.pufferflow.avro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;

/**
 * Forward and backward compatibility when a producer adds an optional field: a reader on the old schema reads a
 * record written with the new one (the field is skipped), and a reader on the new schema reads an old record (the
 * field takes its default).
 */
class SchemaEvolutionTest {

  /** The Observation schema with one more optional field, as a newer producer would publish it. */
  static Schema withAddedOptionalField(Schema old) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : old.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    Schema optionalString = Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING));
    fields.add(new Schema.Field("deviceModel", optionalString, "Hardware model of the meter (added in v2).",
        Schema.Field.NULL_DEFAULT_VALUE));
    return Schema.createRecord(old.getName(), old.getDoc(), old.getNamespace(), false, fields);
  }

  @Test
  void oldReaderReadsRecordWrittenWithAddedOptionalField() throws IOException {
    Schema v1 = Observation.getClassSchema();
    Schema v2 = withAddedOptionalField(v1);
    GenericRecord rec = new GenericData.Record(v2);
    rec.put("subjectId", "meter-1");
    rec.put("eventTime", 1000L);
    rec.put("reading", 2.5);
    rec.put("deviceModel", "EM-24");
    byte[] bytes = write(v2, rec);

    Observation back = new org.apache.avro.specific.SpecificDatumReader<Observation>(v2, v1)
        .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
    assertThat(back.getSubjectId()).isEqualTo("meter-1");
    assertThat(back.getEventTime().toEpochMilli()).isEqualTo(1000L);
    assertThat(back.getReading()).isEqualTo(2.5);
    assertThat(SchemaCompatibility.checkReaderWriterCompatibility(v1, v2).getType())
        .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
  }

  @Test
  void newReaderReadsOldRecordWithDefault() throws IOException {
    Schema v1 = Observation.getClassSchema();
    Schema v2 = withAddedOptionalField(v1);
    Observation old = Observation.newBuilder().setSubjectId("meter-2")
        .setEventTime(java.time.Instant.ofEpochMilli(7L)).setStateLabel("home").build();
    byte[] bytes = RecordRoundTripTest.write(old);

    GenericRecord back = new GenericDatumReader<GenericRecord>(v1, v2)
        .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
    assertThat(back.get("subjectId").toString()).isEqualTo("meter-2");
    assertThat(back.get("stateLabel").toString()).isEqualTo("home");
    assertThat(back.get("deviceModel")).isNull();
    assertThat(SchemaCompatibility.checkReaderWriterCompatibility(v2, v1).getType())
        .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
  }

  @Test
  void removingARequiredFieldIsDetectedAsIncompatible() {
    Schema v1 = DphmmRelease.getClassSchema();
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : v1.getFields()) {
      if (!f.name().equals("epsilon")) {
        fields.add(new Schema.Field(f, f.schema()));
      }
    }
    Schema writer = Schema.createRecord(v1.getName(), v1.getDoc(), v1.getNamespace(), false, fields);
    assertThat(SchemaCompatibility.checkReaderWriterCompatibility(v1, writer).getType())
        .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.INCOMPATIBLE);
  }

  static byte[] write(Schema schema, GenericRecord rec) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(schema).write(rec, enc);
    enc.flush();
    return out.toByteArray();
  }
}
