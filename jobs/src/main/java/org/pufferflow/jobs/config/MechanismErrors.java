package org.pufferflow.jobs.config;

import java.util.Map;
import java.util.function.Supplier;
import org.pufferflow.common.InvalidParameterException;

/**
 * Builds a mechanism's description at load time and turns its precondition failure — an
 * {@link InvalidParameterException}, the mechanism being the source of truth for its preconditions — into a
 * {@link ConfigException} at the YAML path of the offending parameter, keeping the mechanism's own message as the
 * reason: {@code dphmm.epsilon: epsilon = 0.0: must be finite and > 0}. The path is found by the exception's
 * {@link InvalidParameterException#parameter()} field alone (never by its message); a parameter with no path here,
 * or a failure that names no parameter, is reported at the section ({@code mqm: ...}).
 */
final class MechanismErrors {

  private MechanismErrors() {}

  /** Runs {@code build}; a failure of parameter p is reported at {@code paths.get(p)}, else at {@code section}. */
  static <T> T build(String section, Map<String, String> paths, Supplier<T> build) {
    try {
      return build.get();
    } catch (InvalidParameterException e) {
      throw new ConfigException(paths.getOrDefault(e.parameter(), section), e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new ConfigException(section, String.valueOf(e.getMessage()));
    }
  }

  /** Runs {@code check}, reported as {@link #build}. */
  static void check(String section, Map<String, String> paths, Runnable check) {
    build(section, paths, () -> {
      check.run();
      return null;
    });
  }
}
