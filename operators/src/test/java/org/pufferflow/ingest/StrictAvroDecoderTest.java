package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.OptOut;

/** Strict decoding of any record type (the opt-out topic's and the preflight's use): docs/configuration.md, 'Reason codes'. */
class StrictAvroDecoderTest {

  static byte[] encode(OptOut o) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder e = EncoderFactory.get().binaryEncoder(out, null);
    new SpecificDatumWriter<>(OptOut.class).write(o, e);
    e.flush();
    return out.toByteArray();
  }

  @Test
  void withoutReuseEveryCallReturnsANewRecord() throws IOException {
    StrictAvroDecoder<OptOut> d = new StrictAvroDecoder<>(OptOut.class, null);
    OptOut a = d.decode(encode(new OptOut("s1", 3L, 5L, null)));
    OptOut b = d.decode(encode(new OptOut("s2", 7L, 9L, null)));
    assertThat(a).isNotSameAs(b).isEqualTo(new OptOut("s1", 3L, 5L, null));
    assertThat(b).isEqualTo(new OptOut("s2", 7L, 9L, null));
    assertThat(d.error()).isNull();
  }

  @Test
  void trailingBytesGarbageAndNullAreRefusedWithAReason() throws IOException {
    StrictAvroDecoder<OptOut> d = new StrictAvroDecoder<>(OptOut.class, null);
    byte[] good = encode(new OptOut("s1", 3L, 5L, null));
    assertThat(d.decode(Arrays.copyOf(good, good.length + 1))).isNull();
    assertThat(d.error()).isEqualTo("trailing bytes after an OptOut (" + (good.length + 1) + " bytes in total)");
    assertThat(d.decode(new byte[] {9, 9, 9, 9, 9})).isNull();
    assertThat(d.error()).startsWith("not an Avro OptOut (5 bytes): ");
    assertThat(d.decode(null)).isNull();
    assertThat(d.error()).isEqualTo("the record has no value (null payload)");
  }
}
