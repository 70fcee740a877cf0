package org.pufferflow.jobs.cli;

/**
 * A job that started and then failed for good (after its restarts): reported as one line, exit 1 (docs/cli.md),
 * never as a stack trace.
 */
final class JobFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  JobFailedException(String message) {
    super(message);
  }

  /** The innermost cause of {@code t} that has a message, as {@code SimpleName: message}. */
  static String rootCause(Throwable t) {
    Throwable best = t;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        best = c;
      }
    }
    String m = best.getMessage() == null ? "" : ": " + best.getMessage();
    return best.getClass().getSimpleName() + CommandLines.oneLine(m);
  }
}
