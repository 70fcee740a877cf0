package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.PrintWriter;
import java.io.Serializable;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading the key, and key hygiene: nothing this package prints or throws reveals key material. */
class NoiseKeyTest {

  private static final byte[] SECRET = HexFormat.of().parseHex(
      "c0ffee00deadbeef0123456789abcdeffedcba9876543210a5a5a5a55a5a5a5a");

  @TempDir Path dir;

  @Test
  void loadsRawAndHexFilesAndHexAndBase64EnvironmentValues() throws Exception {
    Path raw = Files.write(dir.resolve("raw.key"), SECRET);
    Path hex = Files.writeString(dir.resolve("hex.key"), "  " + HexFormat.of().formatHex(SECRET) + "\n");
    long expected = new KeyedRandom(NoiseKey.of(SECRET)).reset("m", "s", 1).nextLong();
    assertThat(firstWord(NoiseKey.fromFile(raw))).isEqualTo(expected);
    assertThat(firstWord(NoiseKey.fromFile(hex))).isEqualTo(expected);
    assertThat(firstWord(NoiseKey.fromEnvValue("K", HexFormat.of().formatHex(SECRET)))).isEqualTo(expected);
    assertThat(firstWord(NoiseKey.fromEnvValue("K", Base64.getEncoder().encodeToString(SECRET))))
        .isEqualTo(expected);
  }

  @Test
  void ofCopiesTheCallersArray() {
    byte[] bytes = SECRET.clone();
    NoiseKey key = NoiseKey.of(bytes);
    long before = firstWord(key);
    bytes[0] ^= 1;
    assertThat(firstWord(key)).isEqualTo(before);
  }

  @Test
  void toStringShowsOnlyTheLength() {
    NoiseKey key = NoiseKey.of(SECRET);
    assertThat(key.toString()).isEqualTo("NoiseKey[32 bytes, redacted]");
    assertNoSecret(key.toString(), SECRET);
    KeyedRandom r = new KeyedRandom(key).reset("dphmm", "alice", 1);
    assertNoSecret(r.toString(), SECRET);
    assertThat(r.toString()).doesNotContain("alice");
  }

  @Test
  void shortOrMissingKeysAreRejectedWithoutRevealingThem() throws Exception {
    byte[] shortKey = java.util.Arrays.copyOf(SECRET, 31);
    assertMessageSafe(catchThrowable(() -> NoiseKey.of(shortKey)), shortKey, "31 bytes", "must be >= 32");
    assertThatThrownBy(() -> NoiseKey.of(null)).hasMessageContaining("noise key: must not be null");

    Path shortFile = Files.write(dir.resolve("short.key"), shortKey);
    assertMessageSafe(catchThrowable(() -> NoiseKey.fromFile(shortFile)), shortKey, "short.key", "31 bytes");
    Path missing = dir.resolve("missing.key");
    assertThatThrownBy(() -> NoiseKey.fromFile(missing))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("missing.key")
        .hasMessageContaining("no such file");

    String shortHex = HexFormat.of().formatHex(shortKey);
    assertMessageSafe(
        catchThrowable(() -> NoiseKey.fromEnvValue("PUFFER_KEY", shortHex)), shortKey, "PUFFER_KEY", "31 bytes");
    assertThatThrownBy(() -> NoiseKey.fromEnvValue("PUFFER_KEY", null)).hasMessageContaining("PUFFER_KEY: is not set");
    assertThatThrownBy(() -> NoiseKey.fromEnv("PUFFERFLOW_SURELY_UNSET_VARIABLE_3"))
        .hasMessageContaining("is not set");
    assertThatThrownBy(() -> NoiseKey.fromEnvValue("PUFFER_KEY", "  ")).hasMessageContaining("is empty");
  }

  @Test
  void undecodableEnvironmentValueIsNotQuoted() {
    String secretish = "s3cr3t-value-with-a-dash!" + HexFormat.of().formatHex(SECRET);
    Throwable t = catchThrowable(() -> NoiseKey.fromEnvValue("PUFFER_KEY", secretish));
    assertThat(t).isInstanceOf(IllegalArgumentException.class).hasNoCause();
    String all = stackTraceOf(t);
    assertThat(all).contains("neither hexadecimal nor Base64").doesNotContain("s3cr3t").doesNotContain("!")
        .doesNotContain("2d"); // the JDK decoder would quote the bad character as hex
    assertNoSecret(all, SECRET);
  }

  @Test
  void keyIsNotSerializable() {
    assertThat(Serializable.class.isAssignableFrom(NoiseKey.class)).isFalse();
    assertThat(Serializable.class.isAssignableFrom(KeyedRandom.class)).isFalse();
  }

  private static long firstWord(NoiseKey key) {
    return new KeyedRandom(key).reset("m", "s", 1).nextLong();
  }

  private static void assertMessageSafe(Throwable t, byte[] secret, String... mustContain) {
    assertThat(t).isInstanceOf(IllegalArgumentException.class);
    for (String s : mustContain) {
      assertThat(t.getMessage()).contains(s);
    }
    assertNoSecret(stackTraceOf(t), secret);
  }

  /** Neither hex (either case), Base64, nor the raw bytes read as Latin-1 of any 4-byte window of the secret. */
  private static void assertNoSecret(String text, byte[] secret) {
    String lower = text.toLowerCase();
    for (int i = 0; i + 4 <= secret.length; i++) {
      byte[] window = java.util.Arrays.copyOfRange(secret, i, i + 4);
      assertThat(lower).doesNotContain(HexFormat.of().formatHex(window));
      assertThat(text).doesNotContain(new String(window, StandardCharsets.ISO_8859_1));
    }
    String b64 = Base64.getEncoder().encodeToString(secret);
    for (int i = 0; i + 8 <= b64.length(); i += 4) {
      assertThat(text).doesNotContain(b64.substring(i, i + 8));
    }
  }

  private static String stackTraceOf(Throwable t) {
    StringWriter w = new StringWriter();
    t.printStackTrace(new PrintWriter(w));
    return w.toString();
  }
}
