package org.pufferflow.avro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every record of docs/configuration.md, 'Data model' survives a binary Avro round trip unchanged, and every field has a doc. */
class RecordRoundTripTest {

  static Stream<SpecificRecord> records() {
    return Stream.of(
        Observation.newBuilder().setSubjectId("meter-7").setEventTime(java.time.Instant.ofEpochMilli(1_700_000_000_000L))
            .setReading(1.25).build(),
        Observation.newBuilder().setSubjectId("car-1").setEventTime(java.time.Instant.ofEpochMilli(5L))
            .setLat(39.9).setLon(116.4).build(),
        Observation.newBuilder().setSubjectId("s").setEventTime(java.time.Instant.ofEpochMilli(0L))
            .setStateLabel("home").build(),
        DphmmRelease.newBuilder().setSubjectId("car-1").setTick(12).setReleaseSeq(3)
            .setValues(List.of(1.5, -2.0)).setEpsilon(1.0).setMechanism("KNORM").setConstraintSize(9)
            .setConstrainedDpEpsilon(Double.POSITIVE_INFINITY).setCumulativeEpsilon(4.000000000000001).build(),
        WindowHistogram.newBuilder().setSubjectId("meter-7").setWindowStartTick(0).setWindowEndTick(23)
            .setReleaseSeq(0).setStateLabels(List.of("away", "home", "busy"))
            .setNoisyCounts(List.of(3.0, 17.0, 4.0)).setNoiseScale(2.5).setPerPointEpsilon(1.0)
            .setMode("exact-any-initial").build(),
        FleetHistogram.newBuilder().setWindowStartTick(0).setWindowEndTick(23).setSubjects(1200)
            .setStateLabels(List.of("away", "home", "busy")).setNoisyCounts(List.of(3610.0, 20411.0, 4779.0))
            .setNoiseStdDev(List.of(123.4, 123.4, 123.4)).setOutput("counts").build(),
        RedactedRecord.newBuilder().setSubjectId("p").setTick(4).setValue(null).build(),
        RedactedRecord.newBuilder().setSubjectId("p").setTick(5).setValue(1).build(),
        LedgerEvent.newBuilder().setSubjectId("p").setMechanism("dphmm").setSpent(10.000000000000002)
            .setRemaining(0.0).setExhausted(true).build(),
        RejectedObservation.newBuilder().setSourceTopic("observations").setSourcePartition(1).setSourceOffset(42)
            .setRawPayload(ByteBuffer.wrap(new byte[] {1, 2, 3})).setReasonCode("UNDECODABLE")
            .setMessage("not an Observation").build(),
        OptOut.newBuilder().setSubjectId("p").setFromTick(10).setToTick(20).build());
  }

  @ParameterizedTest
  @MethodSource("records")
  void roundTripsUnchanged(SpecificRecord record) throws IOException {
    byte[] bytes = write(record);
    SpecificRecord back = read(record.getSchema(), record.getSchema(), bytes);
    assertThat(back).isEqualTo(record);
    assertThat(bytes.length).isGreaterThan(0);
  }

  @ParameterizedTest
  @MethodSource("records")
  void everyFieldHasADocAndTheNamespaceIsFixed(SpecificRecord record) {
    Schema s = record.getSchema();
    assertThat(s.getNamespace()).isEqualTo("org.pufferflow.avro");
    assertThat(s.getDoc()).isNotBlank();
    for (Schema.Field f : s.getFields()) {
      assertThat(f.doc()).as("doc of %s.%s", s.getName(), f.name()).isNotBlank();
    }
  }

  static byte[] write(SpecificRecord record) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
    new SpecificDatumWriter<SpecificRecord>(record.getSchema()).write(record, enc);
    enc.flush();
    return out.toByteArray();
  }

  static SpecificRecord read(Schema writer, Schema reader, byte[] bytes) throws IOException {
    BinaryDecoder dec = DecoderFactory.get().binaryDecoder(bytes, null);
    return new SpecificDatumReader<SpecificRecord>(writer, reader).read(null, dec);
  }
}
