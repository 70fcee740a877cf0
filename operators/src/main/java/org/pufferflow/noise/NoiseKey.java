package org.pufferflow.noise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.pufferflow.common.FileProblems;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.common.VisibleForTesting;

/**
 * The job's secret noise key (docs/privacy-noise.md, 'The keyed generator'): the master key of every
 * {@link KeyedRandom} stream.
 *
 * <p>The key is at least {@value #MIN_BYTES} bytes (256 bits). It is loaded from a file or an environment variable,
 * never from the job configuration in clear. Its bytes never leave this class: {@link KeyedRandom} obtains
 * domain-separated sub-keys through {@link #deriveSubkey(String)} (HMAC-SHA256 of a public label under the master
 * key). {@link #toString()} and every exception message this class throws state at most the key's length and where
 * it came from, never its content; decoding errors are re-thrown without their cause so that a decoder's message
 * (which may quote an offending character) cannot leak.
 *
 * <p>Encodings accepted from a file: raw binary (at least 32 bytes), or text holding the key in hexadecimal (at least
 * 64 hex digits, surrounding whitespace ignored). From an environment variable: hexadecimal or standard Base64. Text
 * made only of hex digits is always read as hexadecimal.
 *
 * <p>Not {@link java.io.Serializable} on purpose: a Flink operator should carry where the key comes from (a path or
 * a variable name) and load it in {@code open()}, so that the key never enters a job graph or a checkpoint.
 */
public final class NoiseKey {

  /** Minimum key length in bytes. */
  public static final int MIN_BYTES = 32;

  private final byte[] bytes;

  private NoiseKey(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * A key from raw bytes (copied).
   *
   * @throws IllegalArgumentException if {@code bytes} is null or shorter than 32 bytes
   */
  public static NoiseKey of(byte[] bytes) {
    PufferPreconditions.checkNotNull("noise key", bytes);
    checkLength("noise key", bytes.length);
    return new NoiseKey(bytes.clone());
  }

  /**
   * Reads a key file: raw binary of at least 32 bytes, or hexadecimal text of at least 64 digits.
   *
   * @throws IllegalArgumentException if the file cannot be read or holds a key shorter than 32 bytes
   */
  public static NoiseKey fromFile(Path file) {
    PufferPreconditions.checkNotNull("noise key file", file);
    byte[] content;
    try {
      content = Files.readAllBytes(file);
    } catch (IOException e) {
      throw invalid("noise key file " + file, FileProblems.problem(e));
    }
    try {
      String text = asciiTrimmed(content);
      byte[] key = text != null && isHex(text) ? decodeHex("noise key file " + file, text) : content;
      checkLength("noise key file " + file, key.length);
      return new NoiseKey(key.clone());
    } finally {
      Arrays.fill(content, (byte) 0);
    }
  }

  /**
   * Reads a key from an environment variable holding it in hexadecimal or Base64.
   *
   * @throws IllegalArgumentException if the variable is unset, empty, not hex or Base64, or decodes to fewer than
   *     32 bytes
   */
  public static NoiseKey fromEnv(String variable) {
    PufferPreconditions.checkNotNull("noise key environment variable name", variable);
    return fromEnvValue(variable, System.getenv(variable));
  }

  /** {@link #fromEnv} on an explicit value, so that tests need not set process environment variables. */
  @VisibleForTesting
  static NoiseKey fromEnvValue(String variable, String value) {
    String where = "noise key environment variable " + variable;
    if (value == null) {
      throw invalid(where, "is not set");
    }
    String text = value.trim();
    if (text.isEmpty()) {
      throw invalid(where, "is empty");
    }
    byte[] key;
    if (isHex(text)) {
      key = decodeHex(where, text);
    } else {
      try {
        key = Base64.getDecoder().decode(text);
      } catch (IllegalArgumentException e) {
        // no cause and no decoder message: it may quote a character of the key
        throw invalid(where, "is neither hexadecimal nor Base64 (" + text.length() + " characters)");
      }
    }
    checkLength(where, key.length);
    return new NoiseKey(key);
  }

  /** Length of the key in bytes. */
  public int length() {
    return bytes.length;
  }

  /**
   * HMAC-SHA256(masterKey, label): a 32-byte sub-key for one purpose. Distinct labels give independent sub-keys
   * (HMAC is a PRF), so the keys of different purposes are separated.
   */
  byte[] deriveSubkey(String label) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(bytes, "HmacSHA256"));
      return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 unavailable in this JVM", e);
    }
  }

  /** Never shows the key: only its length. */
  @Override
  public String toString() {
    return "NoiseKey[" + bytes.length + " bytes, redacted]";
  }

  private static void checkLength(String where, int length) {
    if (length < MIN_BYTES) {
      throw invalid(where, "key length " + length + " bytes: must be >= " + MIN_BYTES + " bytes");
    }
  }

  /**
   * The failure of the key at {@code where} (the parameter, e.g. {@code "noise key file <path>"}), with the reason
   * as a field: callers report the reason without the location ({@link InvalidParameterException#reason()}).
   */
  private static InvalidParameterException invalid(String where, String reason) {
    return new InvalidParameterException(where, where + ": " + reason, reason);
  }

  private static String asciiTrimmed(byte[] content) {
    for (byte b : content) {
      if (b < 0x09 || b > 0x7e) {
        return null;
      }
    }
    return new String(content, StandardCharsets.US_ASCII).trim();
  }

  /** Only hex digits: read as hexadecimal (random Base64 or binary keys are never all hex digits in practice). */
  private static boolean isHex(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (Character.digit(text.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }

  private static byte[] decodeHex(String where, String text) {
    if (text.length() % 2 != 0) {
      throw invalid(where, "hexadecimal key of " + text.length() + " digits: must have an even number");
    }
    byte[] out = new byte[text.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) (Character.digit(text.charAt(2 * i), 16) << 4 | Character.digit(text.charAt(2 * i + 1), 16));
    }
    return out;
  }
}
