package org.pufferflow.jobs.config;

import java.util.Map;
import java.util.function.Supplier;

/**
 * Builds a mechanism spec at load time and turns the mechanism's {@link IllegalArgumentException} — the source of
 * truth for its preconditions — into a {@link ConfigException} at the YAML path of the offending parameter, keeping
 * the mechanism's own message as the reason: {@code dphmm.epsilon: epsilon = 0.0: must be finite and > 0}. A message
 * that names no known parameter is reported at the section ({@code mqm: ...}).
 */
final class MechanismErrors {

  private MechanismErrors() {}

  /**
   * Runs {@code build}; an {@link IllegalArgumentException} whose message starts with a key of {@code paths}
   * (followed by {@code " ="}, {@code ":"} or {@code "["}) is reported at that key's path, any other at
   * {@code section}. The longest matching key wins.
   */
  static <T> T build(String section, Map<String, String> paths, Supplier<T> build) {
    try {
      return build.get();
    } catch (IllegalArgumentException e) {
      String message = String.valueOf(e.getMessage());
      String path = section;
      int best = -1;
      for (Map.Entry<String, String> p : paths.entrySet()) {
        String name = p.getKey();
        if (name.length() > best && message.startsWith(name) && message.length() > name.length()
            && (message.startsWith(" =", name.length()) || message.startsWith(":", name.length())
                || message.startsWith("[", name.length()))) {
          path = p.getValue();
          best = name.length();
        }
      }
      throw new ConfigException(path, message);
    }
  }
}
