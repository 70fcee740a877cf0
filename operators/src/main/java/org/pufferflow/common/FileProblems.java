package org.pufferflow.common;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The one wording of a file that cannot be read, for every command and configuration key (docs/cli.md, 'run'):
 * {@code "<where>: <path>: <problem>"}, the problem one of {@code no such file}, {@code is a directory},
 * {@code not a regular file}, {@code not readable (permission denied)} or {@code cannot be read (<reason>)}. Callers
 * that must not show the path (the noise key at run time) use {@link #problem(IOException)} alone.
 */
public final class FileProblems {

  /** The problem of a path that does not exist. */
  public static final String NO_SUCH_FILE = "no such file";

  private FileProblems() {}

  /** What keeps {@code file} from being read as a regular file, or {@code null} when it can be. */
  public static String problem(Path file) {
    if (!Files.exists(file)) {
      return NO_SUCH_FILE;
    }
    if (Files.isDirectory(file)) {
      return "is a directory";
    }
    if (!Files.isRegularFile(file)) {
      return "not a regular file";
    }
    return Files.isReadable(file) ? null : "not readable (permission denied)";
  }

  /** The problem an I/O failure on a file stands for, worded as {@link #problem(Path)} words it. */
  public static String problem(IOException e) {
    if (e instanceof NoSuchFileException) {
      return NO_SUCH_FILE;
    }
    if (e instanceof AccessDeniedException) {
      return "not readable (permission denied)";
    }
    String m = e.getMessage();
    return "cannot be read (" + (m == null || m.isBlank() ? e.getClass().getSimpleName() : m) + ")";
  }

  /** {@code "<where>: <file>: <problem>"}. */
  public static String describe(String where, Path file, String problem) {
    return where + ": " + file + ": " + problem;
  }

  /**
   * Fails with an {@link InvalidParameterException} on {@code where} (an option or configuration key) reading
   * {@code "<where>: <file>: <problem>"} unless {@code file} is a readable regular file.
   */
  public static void checkReadable(String where, Path file) {
    PufferPreconditions.checkNotNull(where, file);
    String problem = problem(file);
    if (problem != null) {
      throw new InvalidParameterException(where, describe(where, file, problem), file + ": " + problem);
    }
  }
}
