package org.pufferflow.operators;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.NoiseKey;

/**
 * Where a job's secret noise key comes from (docs/configuration.md, 'noise'; docs/privacy-noise.md): the
 * absolute path of a key file ({@code noise.keyFile}) or the NAME of an environment variable ({@code noise.keyEnv}).
 * Never the key bytes: this object travels in the Flink job graph, and each function calls {@link #load()} in
 * {@code open()}, so the key stays out of job graphs and checkpoints ({@link NoiseKey} is not serializable on
 * purpose).
 *
 * <p>Messages and {@link #toString()} never repeat the path or the variable name, in case a user pasted the key
 * itself where a file name or a variable name belongs; they name the configuration key instead.
 */
@PublicEvolving
public final class NoiseKeySource implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The configuration key of a key file. */
  public static final String KEY_FILE = "noise.keyFile";
  /** The configuration key of an environment variable. */
  public static final String KEY_ENV = "noise.keyEnv";

  private final boolean file;
  private final String location;

  private NoiseKeySource(boolean file, String location) {
    this.file = file;
    this.location = location;
  }

  /** A key file at {@code absolutePath} (raw binary ≥ 32 bytes or ≥ 64 hex digits, see {@link NoiseKey}). */
  public static NoiseKeySource file(String absolutePath) {
    PufferPreconditions.checkNotNull(KEY_FILE, absolutePath);
    PufferPreconditions.checkArgument(!absolutePath.isBlank(), "%s: must not be blank", KEY_FILE);
    PufferPreconditions.checkArgument(
        Path.of(absolutePath).isAbsolute(), "%s: must be an absolute path (value not shown)", KEY_FILE);
    return new NoiseKeySource(true, absolutePath);
  }

  /** The environment variable named {@code variable} (hexadecimal or Base64, see {@link NoiseKey}). */
  public static NoiseKeySource env(String variable) {
    PufferPreconditions.checkNotNull(KEY_ENV, variable);
    PufferPreconditions.checkArgument(
        variable.matches("[A-Za-z_][A-Za-z0-9_]*"),
        "%s: not a valid environment variable name (letters, digits, '_'; value not shown)", KEY_ENV);
    return new NoiseKeySource(false, variable);
  }

  /** The key file's absolute path, or {@code null} for an environment variable. */
  public String keyFile() {
    return file ? location : null;
  }

  /** The environment variable's name, or {@code null} for a key file. */
  public String keyEnv() {
    return file ? null : location;
  }

  /** {@value #KEY_FILE} or {@value #KEY_ENV}: the configuration key this source came from. */
  public String configKey() {
    return file ? KEY_FILE : KEY_ENV;
  }

  /**
   * Reads the key now (call it in {@code open()}, or once at start to fail early).
   *
   * @throws NoiseKeyUnavailableException {@code "noise.keyFile: <reason>"} or {@code "noise.keyEnv: <reason>"} when
   *     the file cannot be read, the variable is unset, or the content is not a key of at least 32 bytes; Flink treats
   *     it as non-recoverable, so an operator whose {@code open()} throws it fails the job without restarts
   */
  public NoiseKey load() {
    try {
      return file ? NoiseKey.fromFile(Path.of(location)) : NoiseKey.fromEnv(location);
    } catch (InvalidParameterException e) {
      // NoiseKey's failures carry the reason apart from the location, which this message must not repeat (no cause)
      throw unavailable(e.reason());
    } catch (IllegalArgumentException e) {
      throw unavailable("cannot be loaded");
    }
  }

  private NoiseKeyUnavailableException unavailable(String reason) {
    return new NoiseKeyUnavailableException(configKey(),
        reason + (file ? " (file name not shown)" : " (variable name not shown)"));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NoiseKeySource s && s.file == file && s.location.equals(location);
  }

  @Override
  public int hashCode() {
    return Objects.hash(file, location);
  }

  /** Names only the kind of source, never the path or the variable (see the class comment). */
  @Override
  public String toString() {
    return "NoiseKeySource[" + configKey() + "]";
  }
}
