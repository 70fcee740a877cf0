package org.pufferflow.jobs.cli;

import org.apache.flink.annotation.Internal;

/**
 * Invalid input given to a command (an option, a matrix, a configuration path). The CLI prints its message as one
 * line on stderr and exits with code 2 (docs/cli.md). The message must name the offending option or field and say why.
 */
@Internal
public class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }

  public UsageException(String message, Throwable cause) {
    super(message, cause);
  }
}
