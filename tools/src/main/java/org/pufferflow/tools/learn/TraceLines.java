package org.pufferflow.tools.learn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import org.pufferflow.common.PufferPreconditions;

/**
 * Line-by-line reading of a text input with 1-based line numbers, byte progress, and the one-line error messages of
 * the readers: {@code "<file> line <n>: <field> = <value>: <reason>"} (an {@link IllegalArgumentException}, exit 2
 * in the CLI). A missing or unreadable file is also an {@link IllegalArgumentException} naming it.
 */
final class TraceLines implements AutoCloseable {

  /** Handles one line; returns normally or throws through {@link TraceLines#fail}. */
  interface LineHandler {
    void line(String line, long number);
  }

  private final Path file;
  private final BufferedReader reader;
  private final ReadProgress progress;
  private long number;

  private TraceLines(Path file, ReadProgress progress) {
    this.file = file;
    this.progress = progress;
    checkReadable(file);
    try {
      this.reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException(FileProblems.describe("--input", file, FileProblems.problem(e)), e);
    }
  }

  /** Fails with a clear message unless {@code file} is an existing, readable regular file. */
  static void checkReadable(Path file) {
    FileProblems.checkReadable("--input", file);
  }

  /** Reads every line of {@code file} (the first {@code skip} lines are only counted) into {@code handler}. */
  static void forEach(Path file, int skip, ReadProgress progress, LineHandler handler) {
    try (TraceLines lines = new TraceLines(file, progress)) {
      String line;
      while ((line = lines.next()) != null) {
        if (lines.number > skip) {
          handler.line(line, lines.number);
        }
      }
    }
  }

  private String next() {
    try {
      String line = reader.readLine();
      if (line != null) {
        number++;
        progress.advance(line.length() + 1L);
      }
      return line;
    } catch (IOException e) {
      throw new UncheckedIOException(file + " line " + (number + 1) + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The error for a bad field on a line: {@code "<file> line <n>: <field> = <value>: <reason>"}. */
  static IllegalArgumentException fail(Path file, long line, String field, String value, String reason) {
    return new IllegalArgumentException(
        file.getFileName() + " line " + line + ": " + field + " = " + quote(value) + ": " + reason);
  }

  /** The error for a malformed line: {@code "<file> line <n>: <reason>"}. */
  static IllegalArgumentException fail(Path file, long line, String reason) {
    return new IllegalArgumentException(file.getFileName() + " line " + line + ": " + reason);
  }

  private static String quote(String value) {
    String v = value.length() > 40 ? value.substring(0, 40) + "..." : value;
    return "'" + v + "'";
  }

  static long parseLong(Path file, long line, String field, String value, String what) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw fail(file, line, field, value, "not an integer (" + what + ")");
    }
  }

  static double parseDouble(Path file, long line, String field, String value) {
    double v;
    try {
      v = Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw fail(file, line, field, value, "not a number");
    }
    if (!Double.isFinite(v)) {
      throw fail(file, line, field, value, "not finite");
    }
    return v;
  }
}
