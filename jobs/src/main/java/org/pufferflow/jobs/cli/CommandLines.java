package org.pufferflow.jobs.cli;

import java.io.PrintWriter;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.config.ConfigException;
import picocli.CommandLine;

/**
 * Builds picocli {@link CommandLine}s with the exit-code contract of docs/cli.md: 0 on success; 2 on invalid input with
 * a one-line message on stderr naming the offending option or field. Invalid input is a picocli parameter error, a
 * {@link UsageException}, a {@link ConfigException} (its message starts with the YAML path) or an
 * {@link IllegalArgumentException} thrown by the math (whose messages name the value).
 *
 * <p>Every command, the root {@code pufferflow} command and each subcommand tested on its own, is run through
 * {@link #create(Object)} so that tests see the same behaviour as users.
 */
@Internal
public final class CommandLines {

  /** Exit code for invalid input (docs/cli.md). */
  public static final int EXIT_INVALID_INPUT = 2;

  private CommandLines() {}

  public static CommandLine create(Object command) {
    CommandLine cl = new CommandLine(command);
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println("error: " + oneLine(ex.getMessage()));
          err.flush();
          return EXIT_INVALID_INPUT;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          if (ex instanceof UsageException || ex instanceof ConfigException
              || ex instanceof IllegalArgumentException) {
            PrintWriter err = commandLine.getErr();
            err.println("error: " + oneLine(ex.getMessage()));
            err.flush();
            return EXIT_INVALID_INPUT;
          }
          if (ex instanceof JobFailedException) {
            PrintWriter err = commandLine.getErr();
            err.println("error: " + oneLine(ex.getMessage()));
            err.flush();
            return 1;
          }
          throw ex;
        });
    return cl;
  }

  /** Runs {@code command} with {@code args} and returns the exit code. */
  public static int execute(Object command, String... args) {
    return create(command).execute(args);
  }

  static String oneLine(String message) {
    return message == null ? "invalid input" : message.replace('\n', ' ').replace('\r', ' ').trim();
  }
}
