package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Runs a command in-process, as {@code pufferflow} would ({@link CommandLines#create}), and captures its exit code,
 * stdout and stderr: the one harness of the CLI tests. Public (with {@link Run} and {@link #run(Object, String...)})
 * for the tools module's CLI tests, which live in their own package and use it from this module's test jar.
 */
public final class CliHarness {

  private CliHarness() {}

  /** The exit code and everything one run printed. */
  public record Run(int code, String out, String err) {
    /** stdout parsed as one JSON document. */
    public JsonNode json() {
      return CliJson.parse("stdout", out);
    }
  }

  /** Executes {@code command} with {@code args} and captures what it prints. */
  public static Run run(Object command, String... args) {
    CommandLine cl = CommandLines.create(command);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  /**
   * A {@code System.err} for {@link #run(Supplier, PrintStream, String...)} that writes to {@code sink} and deletes
   * {@code file} when {@code run} prints its "running …" line: after it has checked the key and built the job,
   * before the operators open (a key that vanishes then fails the job, not the command's checks).
   */
  static PrintStream deletingOnRunning(Path file, OutputStream sink) {
    return new PrintStream(sink, true) {
      @Override
      public void println(String line) {
        if (line.startsWith("running ")) {
          try {
            Files.delete(file);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        super.println(line);
      }
    };
  }

  /**
   * {@link #run} with the process's {@code System.err} replaced by {@code systemErr} while the command is created
   * and runs: what {@code run} prints there (progress, the summary of a bounded run) is not picocli's error stream.
   */
  static Run run(Supplier<?> command, PrintStream systemErr, String... args) {
    PrintStream original = System.err;
    System.setErr(systemErr);
    try {
      return run(command.get(), args);
    } finally {
      System.setErr(original);
    }
  }
}
