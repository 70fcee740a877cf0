package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Reproducibility and separation of the keyed stream, checked against an independent JCE rendering. */
class KeyedRandomTest {

  /**
   * First 4 words for key 00 01 .. 1f and context ("dphmm", "subject-1", 7), pinned once: the construction is fixed
   * (AES, HMAC-SHA256), so any JVM on any platform must reproduce it. Changing it changes every release's noise.
   */
  private static final String GOLDEN_HEX = "aac657e98228931c5843c4e30c76845841a9cd04d49bd93651764d99dab3d425";

  @Test
  void streamMatchesThePinnedGoldenVector() {
    KeyedRandom r = TestKeys.random("dphmm", "subject-1", 7);
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      hex.append(String.format("%016x", r.nextLong()));
    }
    assertThat(hex.toString()).isEqualTo(GOLDEN_HEX);
  }

  @Test
  void streamEqualsTheDocumentedConstructionComputedWithPlainJce() throws Exception {
    NoiseKey key = TestKeys.key();
    String mechanism = "mqm";
    String subject = "ß-subject/ünïcode-" + "x".repeat(40); // multi-block encoding, non-ASCII
    long sequence = -123456789L;
    byte[] keystream = referenceKeystream(key, mechanism, subject, sequence, 20_000 * 8);
    ByteBuffer expected = ByteBuffer.wrap(keystream).order(ByteOrder.LITTLE_ENDIAN);
    KeyedRandom r = new KeyedRandom(key).reset(mechanism, subject, sequence);
    for (int i = 0; i < 20_000; i++) { // crosses many buffer refills
      assertThat(r.nextLong()).as("word %d", i).isEqualTo(expected.getLong());
    }
  }

  @Test
  void resetRestartsTheStreamWhateverWasConsumed() {
    KeyedRandom r = new KeyedRandom(TestKeys.key());
    r.reset("dphmm", "s", 3);
    long first = r.nextLong();
    long second = r.nextLong();
    for (int i = 0; i < 1000; i++) {
      r.nextLong();
    }
    r.reset("other", "t", 4).nextLong();
    r.reset("dphmm", "s", 3);
    assertThat(r.nextLong()).isEqualTo(first);
    assertThat(r.nextLong()).isEqualTo(second);
  }

  @Test
  void distinctContextsAndKeysGiveDistinctStreams() {
    Set<Long> firstWords = new HashSet<>();
    KeyedRandom r = new KeyedRandom(TestKeys.key());
    String[][] contexts = {
      {"ab", "c"}, {"a", "bc"}, {"abc", ""}, {"", "abc"}, {"a\u0000", "bc"}, {"dphmm", "1"}, {"mqm", "1"}
    };
    int n = 0;
    for (String[] c : contexts) {
      for (long seq : new long[] {0, 1, -1, Long.MAX_VALUE}) {
        firstWords.add(r.reset(c[0], c[1], seq).nextLong());
        n++;
      }
    }
    byte[] otherKey = TestKeys.sequentialBytes();
    otherKey[31] ^= 1;
    firstWords.add(new KeyedRandom(NoiseKey.of(otherKey)).reset("dphmm", "1", 0).nextLong());
    n++;
    assertThat(firstWords).hasSize(n);
  }

  @Test
  void contextAndStreamKeysAreSeparatedSubkeys() {
    NoiseKey key = TestKeys.key();
    byte[] context = key.deriveSubkey(KeyedRandom.CONTEXT_KEY_LABEL);
    byte[] stream = key.deriveSubkey(KeyedRandom.STREAM_KEY_LABEL);
    assertThat(context).hasSize(32).isNotEqualTo(stream);
    assertThat(context).isNotEqualTo(TestKeys.sequentialBytes());
    assertThat(key.deriveSubkey(KeyedRandom.CONTEXT_KEY_LABEL)).isEqualTo(context);
  }

  @Test
  void drawingBeforeResetIsAnError() {
    KeyedRandom r = new KeyedRandom(TestKeys.key());
    assertThatThrownBy(r::nextLong).isInstanceOf(IllegalStateException.class).hasMessageContaining("reset");
    assertThatThrownBy(() -> r.reset(null, "s", 0)).hasMessageContaining("mechanismId");
  }

  @Test
  void consecutiveWordsAreNotCorrelatedAcrossContexts() {
    // streams of adjacent sequence numbers: the fraction of equal bits is 1/2 (as for independent streams)
    KeyedRandom a = new KeyedRandom(TestKeys.key());
    KeyedRandom b = new KeyedRandom(TestKeys.key());
    long equalBits = 0;
    int words = 20_000;
    for (int s = 0; s < words / 100; s++) {
      a.reset("dphmm", "s", s);
      b.reset("dphmm", "s", s + 1);
      for (int i = 0; i < 100; i++) {
        equalBits += 64 - Long.bitCount(a.nextLong() ^ b.nextLong());
      }
    }
    double bits = 64.0 * words;
    assertThat(Math.abs(equalBits - bits / 2)).isLessThan(Stats.Z_CRITICAL * Math.sqrt(bits / 4));
  }

  /** UTF-16 code units, big-endian (as UTF_16BE, but keeping unpaired surrogates as they are). */
  private static byte[] codeUnits(String text) {
    ByteBuffer b = ByteBuffer.allocate(2 * text.length());
    for (int i = 0; i < text.length(); i++) {
      b.putChar(text.charAt(i));
    }
    return b.array();
  }

  /** The class javadoc's construction, written with AES/CBC (the MAC) and AES/CTR (the stream) of the JCE. */
  static byte[] referenceKeystream(NoiseKey key, String mechanism, String subject, long seq, int bytes)
      throws Exception {
    byte[] m = codeUnits(mechanism);
    byte[] s = codeUnits(subject);
    int length = 16 + ((m.length + s.length + 15) / 16) * 16;
    ByteBuffer enc = ByteBuffer.allocate(length);
    enc.order(ByteOrder.BIG_ENDIAN).putInt(mechanism.length()).putInt(subject.length());
    enc.order(ByteOrder.LITTLE_ENDIAN).putLong(seq);
    enc.put(m).put(s);
    Cipher cbc = Cipher.getInstance("AES/CBC/NoPadding");
    cbc.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(key.deriveSubkey(KeyedRandom.CONTEXT_KEY_LABEL), "AES"),
        new IvParameterSpec(new byte[16]));
    byte[] macBlocks = cbc.doFinal(enc.array());
    byte[] iv = new byte[16];
    System.arraycopy(macBlocks, macBlocks.length - 16, iv, 0, 12); // tag (96 bits) || counter 0
    Cipher ctr = Cipher.getInstance("AES/CTR/NoPadding");
    ctr.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(key.deriveSubkey(KeyedRandom.STREAM_KEY_LABEL), "AES"),
        new IvParameterSpec(iv));
    return ctr.doFinal(new byte[bytes]);
  }
}
