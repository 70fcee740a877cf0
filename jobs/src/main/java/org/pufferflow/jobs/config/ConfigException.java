package org.pufferflow.jobs.config;

import org.apache.flink.annotation.PublicEvolving;

/**
 * An invalid job configuration. The message is one line, {@code "<path>: <reason>"}, where the path names the
 * offending key in the YAML document (e.g. {@code model.transition[3]: row sums to 0.97, expected 1 (±1e-9)}); the
 * CLI prints it and exits with code 2 (docs/cli.md), as for any invalid input. The configuration layer knows nothing of
 * the CLI: this is a plain unchecked exception.
 */
@PublicEvolving
public final class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String path;
  private final String reason;

  public ConfigException(String path, String reason) {
    super(path + ": " + reason);
    this.path = path;
    this.reason = reason;
  }

  /** The offending path, e.g. {@code model.transition[3]}. */
  public String path() {
    return path;
  }

  /** Why the value at {@link #path()} is rejected. */
  public String reason() {
    return reason;
  }
}
