package org.pufferflow.jobs.config;

import java.nio.file.Path;
import java.util.regex.Pattern;
import org.pufferflow.operators.NoiseKeySource;

/**
 * Reads and validates the {@code noise} section: exactly one of {@code keyFile} or {@code keyEnv}. Messages never
 * repeat the values of this section, in case a user pasted the key itself where a file name or a variable name
 * belongs.
 */
final class NoiseSection {

  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private NoiseSection() {}

  static NoiseKeySource read(ConfigNode s, Path baseDir) {
    s.requireMapping("keyFile", "keyEnv");
    boolean file = s.has("keyFile");
    boolean env = s.has("keyEnv");
    if (file == env) {
      throw s.error(file ? "give exactly one of keyFile or keyEnv, not both" : "give exactly one of keyFile or keyEnv");
    }
    if (file) {
      String name = text(s.required("keyFile"));
      return NoiseKeySource.file(baseDir.resolve(name).toAbsolutePath().normalize().toString());
    }
    ConfigNode envNode = s.required("keyEnv");
    String var = text(envNode);
    if (!ENV_NAME.matcher(var).matches()) {
      throw envNode.error("not a valid environment variable name (letters, digits, '_'; value not shown)");
    }
    return NoiseKeySource.env(var);
  }

  private static String text(ConfigNode node) {
    if (!node.isText() || node.asString().isBlank()) {
      throw node.error("expected a non-empty string (value not shown)");
    }
    return node.asString();
  }
}
