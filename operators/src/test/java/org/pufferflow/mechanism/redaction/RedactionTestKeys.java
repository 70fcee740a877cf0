package org.pufferflow.mechanism.redaction;

import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/** A fixed, public test key for the keyed coins of the redaction tests. */
final class RedactionTestKeys {

  private RedactionTestKeys() {}

  static KeyedRandom random() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (17 * i + 3);
    }
    return new KeyedRandom(NoiseKey.of(key));
  }
}
