package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.Observation;

class ObservationDecoderTest {

  static byte[] encode(Observation o) {
    return new ObservationEncoder().encode(o);
  }

  private final ObservationDecoder decoder = new ObservationDecoder();

  @Test
  void decodesWhatTheAvroWriterWrote() throws IOException {
    Observation o = Observation.newBuilder().setSubjectId("m1").setEventTime(Instant.ofEpochMilli(42)).setReading(0.5).build();
    assertThat(decoder.decode(encode(o))).isEqualTo(o);
    assertThat(decoder.error()).isNull();
  }

  @Test
  void reportsGarbageInsteadOfThrowing() {
    assertThat(decoder.decode("not avro at all".getBytes(StandardCharsets.UTF_8))).isNull();
    assertThat(decoder.error()).startsWith("not an Avro Observation (15 bytes)");
    assertThat(decoder.decode(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07})).isNull();
    assertThat(decoder.decode(new byte[0])).isNull();
    assertThat(decoder.decode(null)).isNull();
    assertThat(decoder.error()).isEqualTo("the record has no value (null payload)");
  }

  @Test
  void aHugeDeclaredStringLengthDoesNotAllocateIt() {
    // union branch 1 (string), then a length of ~2^62: must fail cleanly, not with OutOfMemoryError
    byte[] b = {0x02, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f};
    assertThat(decoder.decode(b)).isNull();
    byte[] b2 = {0x02, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
    assertThat(decoder.decode(b2)).isNull();
  }

  @Test
  void trailingBytesAreUndecodable() throws IOException {
    Observation o = Observation.newBuilder().setSubjectId("m1").build();
    byte[] good = encode(o);
    byte[] longer = java.util.Arrays.copyOf(good, good.length + 1);
    assertThat(decoder.decode(longer)).isNull();
    assertThat(decoder.error()).startsWith("trailing bytes");
    assertThat(decoder.decode(good)).isEqualTo(o);
  }

  @Test
  void theReasonOfAnImplicitJvmExceptionDoesNotDependOnTheJit() {
    // A poison record of ExactlyOnceRecoveryTest: the decoder fails with an ArrayIndexOutOfBoundsException, whose
    // message ("Index -23104 out of bounds ...") the JIT drops once the code is hot (OmitStackTraceInFastThrow). A
    // rejection is an output record: a replay after a restore must publish the same bytes as the first run.
    byte[] poison = {(byte) 0xff, (byte) 0xe8, 2, 3};
    assertThat(decoder.decode(poison)).isNull();
    assertThat(decoder.error()).isEqualTo("not an Avro Observation (4 bytes): ArrayIndexOutOfBoundsException");
  }
}
