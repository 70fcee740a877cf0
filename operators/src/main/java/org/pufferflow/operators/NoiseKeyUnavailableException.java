package org.pufferflow.operators;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * The noise key cannot be loaded ({@link NoiseKeySource#load()}): the file is missing or unreadable, the variable is
 * unset, or the content is not a key of at least 32 bytes. The message names the configuration key
 * ({@code noise.keyFile} or {@code noise.keyEnv}) only, never the path, the variable or the value.
 *
 * <p>Annotated as a {@link ThrowableType#NonRecoverableError}: when an operator's {@code open()} throws it on a
 * TaskManager that lacks the key, Flink's scheduler ({@code ExecutionFailureHandler.isUnrecoverableError}, which
 * looks for the annotation along the cause chain) fails the job at once instead of restarting it — a restart on the
 * same TaskManager would find the same missing key. An {@link IllegalArgumentException}, so callers that check the
 * key at start (the CLI's configuration loader) keep reporting it as invalid input.
 */
@PublicEvolving
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class NoiseKeyUnavailableException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String configKey;
  private final String reason;

  NoiseKeyUnavailableException(String configKey, String reason) {
    super(configKey + ": " + reason);
    this.configKey = configKey;
    this.reason = reason;
  }

  /** The configuration key of the key's source: {@code noise.keyFile} or {@code noise.keyEnv}. */
  public String configKey() {
    return configKey;
  }

  /** Why the key cannot be loaded (names neither the path nor the variable). */
  public String reason() {
    return reason;
  }
}
