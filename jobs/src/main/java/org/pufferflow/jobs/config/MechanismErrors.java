package org.pufferflow.jobs.config;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.pufferflow.common.InvalidParameterException;

/**
 * Builds a mechanism's description at load time and turns its precondition failure — an
 * {@link InvalidParameterException}, the mechanism being the one judge of its preconditions — into a
 * {@link ConfigException} at the YAML path of the offending parameter, keeping the mechanism's own message as the
 * reason: {@code dphmm.epsilon: epsilon = 0.0: must be finite and > 0}. The path is found by the exception's
 * {@link InvalidParameterException#parameter()} id alone (never by its message): the sections key their maps by
 * the ids the builders own ({@code DphmmParameters.EPSILON}, {@code PolicyGraphParameters.RADIUS}, ...), so a
 * reworded message cannot move an error. A parameter with no path here, or a failure that names no parameter, is
 * reported at the section ({@code mqm: ...}).
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

  /**
   * A path map from (id, path) entries of several builders: two builders may own the same id string for the same
   * thing (the query, the transition matrix), which must then have the same path; a conflict is a bug here.
   */
  @SafeVarargs
  static Map<String, String> paths(Map.Entry<String, String>... entries) {
    Map<String, String> paths = new HashMap<>();
    for (Map.Entry<String, String> e : entries) {
      String before = paths.putIfAbsent(e.getKey(), e.getValue());
      if (before != null && !before.equals(e.getValue())) {
        throw new IllegalStateException("parameter " + e.getKey() + " mapped to " + before + " and " + e.getValue());
      }
    }
    return Map.copyOf(paths);
  }
}
