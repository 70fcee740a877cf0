package org.pufferflow.tools.experiments;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * The one noise key of the experiments: SHA-256 of the public label {@link #LABEL}. It is deliberately public so
 * that anyone can re-run an experiment and get the same numbers; it must never protect a real release (a real
 * deployment reads its secret key from the environment, docs/experiments.md, 'Randomness').
 */
final class ExperimentKeys {

  /** The public label whose SHA-256 is the experiment key. */
  public static final String LABEL = "pufferflow/experiments/v1: PUBLIC key for reproducible experiments, not secret";

  private ExperimentKeys() {}

  /** The public experiment key (32 bytes). */
  public static NoiseKey publicKey() {
    try {
      return NoiseKey.of(MessageDigest.getInstance("SHA-256").digest(LABEL.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable in this JVM", e);
    }
  }

  /** A keyed generator under the public experiment key; reset it to a context before drawing. */
  public static KeyedRandom random() {
    return new KeyedRandom(publicKey());
  }
}
