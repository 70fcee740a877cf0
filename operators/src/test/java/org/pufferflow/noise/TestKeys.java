package org.pufferflow.noise;

/** Fixed keys of the tests (never used outside tests). */
final class TestKeys {

  private TestKeys() {}

  /** Bytes 0, 1, ..., 31. */
  static byte[] sequentialBytes() {
    byte[] b = new byte[32];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) i;
    }
    return b;
  }

  static NoiseKey key() {
    return NoiseKey.of(sequentialBytes());
  }

  static KeyedRandom random(String mechanism, String subject, long sequence) {
    return new KeyedRandom(key()).reset(mechanism, subject, sequence);
  }
}
