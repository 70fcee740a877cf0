package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** For arbitrary contexts (any UTF-16 content, any length, any sequence) the stream is the documented one. */
class KeyedRandomProperties {

  private static final NoiseKey KEY = TestKeys.key();

  @net.jqwik.api.Example
  void unpairedSurrogatesAreEncodedAsCodeUnits() throws Exception {
    streamOfAnyContextEqualsThePlainJceConstruction("\ud800", "x\udfff", 5, 3);
  }

  @Property(tries = 200)
  void streamOfAnyContextEqualsThePlainJceConstruction(
      @ForAll @StringLength(max = 70) String mechanism,
      @ForAll @StringLength(max = 70) String subject,
      @ForAll long sequence,
      @ForAll @IntRange(min = 1, max = 300) int words) throws Exception {
    ByteBuffer expected = ByteBuffer.wrap(
        KeyedRandomTest.referenceKeystream(KEY, mechanism, subject, sequence, 8 * words))
        .order(ByteOrder.LITTLE_ENDIAN);
    KeyedRandom r = new KeyedRandom(KEY);
    r.reset("warm", "up", 0).nextLong(); // a reused instance must not carry state over
    r.reset(mechanism, subject, sequence);
    for (int i = 0; i < words; i++) {
      assertThat(r.nextLong()).isEqualTo(expected.getLong());
    }
  }
}
