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

  /** The root commands' footer line on the configuration file. */
  public static final String FOOTER_CONFIG =
      "A job is described by one YAML file (docs/configuration.md; samples in examples/).";

  /** The root commands' footer line on exit codes (the contract {@link #execute} implements). */
  public static final String FOOTER_EXIT_CODES =
      "Exit codes: 0 success; 2 invalid input (one-line message on stderr naming the option or configuration"
          + " path); 1 a job that failed after its restarts (one line), or an unexpected failure.";

  /** What a root command given no subcommand throws: invalid input, exit 2. */
  public static CommandLine.ParameterException missingCommand(CommandLine.Model.CommandSpec spec) {
    return new CommandLine.ParameterException(spec.commandLine(), "missing command (see pufferflow --help)");
  }

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
