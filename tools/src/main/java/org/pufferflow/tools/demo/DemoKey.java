package org.pufferflow.tools.demo;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * The demo's fixed, PUBLIC key (docs/cli.md, 'demo'). It is printed here on purpose: it is a demo key, not a secret.
 * It drives the project's keyed generator ({@link KeyedRandom}) for the synthetic input data (one stream per
 * purpose and subject, so the feed is a deterministic function of this key), and, when the environment variable of
 * {@code noise.keyEnv} is not set, the mechanisms' noise too: the demo's releases are then reproducible by anyone,
 * which is fine for synthetic data and never acceptable for real data (give a secret key there).
 */
final class DemoKey {

  /** 32 bytes, hexadecimal: the UTF-8 bytes of "pufferflow demo key: NOT SECRET!". */
  public static final String HEX =
      HexFormat.of().formatHex("pufferflow demo key: NOT SECRET!".getBytes(StandardCharsets.UTF_8));

  private static final String DATA = "demo-data/";

  private DemoKey() {}

  /** The demo key. */
  public static NoiseKey key() {
    return NoiseKey.of(HexFormat.of().parseHex(HEX));
  }

  /** A fresh keyed stream for one purpose (e.g. {@code "meters"}) and one subject (or {@code "*"}). */
  static KeyedRandom stream(String purpose, String subject) {
    return new KeyedRandom(key()).reset(DATA + purpose, subject, 0);
  }
}
