package org.pufferflow.jobs.structure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;

/**
 * The structure rules of the developers' guide ('Style to follow') that the compiler does not check, over the main
 * sources of every module:
 *
 * <ul>
 *   <li>no main source file is longer than 400 lines;
 *   <li>the math packages ({@code org.pufferflow.chain}, {@code geometry}, {@code policy}, {@code mechanism.*},
 *       {@code noise}, {@code accounting}, {@code common}) import no Flink;
 *   <li>every public top-level type of the Flink layers ({@code org.pufferflow.operators} and its subpackages, the
 *       jobs and tools modules) carries one of Flink's stability annotations ({@code @PublicEvolving} for what a user
 *       of the library composes, {@code @Internal} for what is public only for the project's other packages or for
 *       Flink), so that the annotations stay true as types are added;
 *   <li>packages are named after their module: the main and test sources of the jobs module live in
 *       {@code org.pufferflow.jobs} and its subpackages, those of the tools module in {@code org.pufferflow.tools},
 *       and no other module declares a package there (no package is split between modules).
 * </ul>
 *
 * <p>Flink's stability annotations are kept in the class files only, not at run time, so the check reads the
 * sources.
 */
class StructureTest {

  static final int MAX_LINES = 400;

  /** The packages of the math layer (and their subpackages), which import no Flink. */
  static final List<String> MATH_PACKAGES = List.of("org.pufferflow.chain", "org.pufferflow.geometry",
      "org.pufferflow.policy", "org.pufferflow.mechanism", "org.pufferflow.noise", "org.pufferflow.accounting",
      "org.pufferflow.common");

  /** The Flink layers: the operators package of the operators module, the jobs and tools modules. */
  static final List<String> FLINK_LAYERS = List.of("org.pufferflow.operators", "org.pufferflow.jobs",
      "org.pufferflow.tools");

  /** The modules whose packages are named after them: module directory to its root package. */
  static final Map<String, String> NAMED_MODULES = Map.of("jobs", "org.pufferflow.jobs", "tools",
      "org.pufferflow.tools");

  static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

  /** A Flink name used in code: an import or a qualified name (comments and strings are removed first). */
  static final Pattern FLINK_NAME = Pattern.compile("\\borg\\s*\\.\\s*apache\\s*\\.\\s*flink\\b");

  static final Pattern STABILITY = Pattern.compile("@(?:org\\.apache\\.flink\\.annotation\\.)?"
      + "(PublicEvolving|Public|Internal|Experimental)\\b");

  @Test
  void noMainSourceFileIsLongerThan400Lines() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Path file : mainSources()) {
      long lines = Files.readAllLines(file).size();
      if (lines > MAX_LINES) {
        problems.add(relative(file) + ": " + lines + " lines (at most " + MAX_LINES + "; split it by concept)");
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void theMathPackagesImportNoFlink() throws IOException {
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (Path file : mainSources()) {
      String code = code(Files.readString(file));
      if (!inAny(packageOf(code), MATH_PACKAGES)) {
        continue;
      }
      checked++;
      if (FLINK_NAME.matcher(code).find()) {
        problems.add(relative(file) + ": a math package uses org.apache.flink");
      }
    }
    assertThat(checked).as("math sources found").isGreaterThan(50);
    assertThat(problems).isEmpty();
  }

  @Test
  void everyPublicTypeOfTheFlinkLayersCarriesAStabilityAnnotation() throws IOException {
    List<String> problems = new ArrayList<>();
    int publicTypes = 0;
    for (Path file : mainSources()) {
      String code = code(Files.readString(file));
      String name = file.getFileName().toString().replace(".java", "");
      if (!inAny(packageOf(code), FLINK_LAYERS)) {
        continue;
      }
      String header = publicTypeHeader(code, name);
      if (header == null) {
        continue; // package-private, or package-info
      }
      publicTypes++;
      if (!STABILITY.matcher(header).find()) {
        problems.add(relative(file) + ": public type " + name + " carries neither @PublicEvolving nor @Internal");
      }
    }
    assertThat(publicTypes).as("public types of the Flink layers found").isGreaterThan(50);
    assertThat(problems).isEmpty();
  }

  @Test
  void packagesAreNamedAfterTheirModule() throws IOException {
    List<String> problems = new ArrayList<>();
    Map<String, Integer> checked = new TreeMap<>();
    for (Path file : sources("src/main/java", "src/test/java")) {
      String module = relative(file).getName(0).toString();
      String pkg = packageOf(code(Files.readString(file)));
      String own = NAMED_MODULES.get(module);
      if (own != null) {
        checked.merge(module, 1, Integer::sum);
        if (!inAny(pkg, List.of(own))) {
          problems.add(relative(file) + ": package " + pkg + " is not under " + own + " (the " + module + " module)");
        }
        continue;
      }
      NAMED_MODULES.forEach((other, root) -> {
        if (inAny(pkg, List.of(root))) {
          problems.add(relative(file) + ": package " + pkg + " belongs to the " + other + " module, not " + module);
        }
      });
    }
    assertThat(checked).as("sources of the named modules").containsOnlyKeys(NAMED_MODULES.keySet());
    assertThat(checked.values()).allSatisfy(n -> assertThat(n).isGreaterThan(50));
    assertThat(problems).isEmpty();
  }

  @Test
  void theChecksSeeWhatTheyLookFor() {
    String annotated = "package org.pufferflow.operators;\nimport x.Y;\n/** Doc. */\n@Internal\n@SuppressWarnings(\"a\")\n"
        + "public final class A {}\n";
    String bare = "package org.pufferflow.operators;\n/** Doc with @Internal in it. */\npublic record B(int x) {}\n";
    assertThat(STABILITY.matcher(publicTypeHeader(code(annotated), "A")).find()).isTrue();
    assertThat(STABILITY.matcher(publicTypeHeader(code(bare), "B")).find()).isFalse();
    assertThat(publicTypeHeader(code("package p;\nfinal class C {}\n"), "C")).isNull();
    assertThat(FLINK_NAME.matcher(code("import org.apache.flink.api.common.functions.MapFunction;")).find()).isTrue();
    assertThat(FLINK_NAME.matcher(code("/** Unlike org.apache.flink's. */ // org.apache.flink\nString s = "
        + "\"org.apache.flink\";")).find()).isFalse();
    assertThat(inAny("org.pufferflow.mechanism.mqm", MATH_PACKAGES)).isTrue();
    assertThat(inAny("org.pufferflow.operatorsx", FLINK_LAYERS)).isFalse();
    assertThat(inAny("org.pufferflow.tools.cli", FLINK_LAYERS)).isTrue();
    assertThat(inAny("org.pufferflow.jobs.cli", List.of(NAMED_MODULES.get("tools")))).isFalse();
  }

  /**
   * The text from the end of the imports to the declaration of the public top-level type {@code name} (its
   * annotations), or null when the file declares no such public type.
   */
  static String publicTypeHeader(String code, String name) {
    Matcher decl = Pattern.compile("(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\\s+)*"
        + "(?:class|interface|enum|record|@interface)\\s+" + Pattern.quote(name) + "\\b").matcher(code);
    if (!decl.find()) {
      return null;
    }
    Matcher imports = Pattern.compile("(?m)^(?:import|package)\\s[^;]*;").matcher(code);
    int start = 0;
    while (imports.find() && imports.end() <= decl.start()) {
      start = imports.end();
    }
    return code.substring(start, decl.start());
  }

  /** Source text without comments and string literals (so javadoc that mentions a name does not count). */
  static String code(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ")
        .replaceAll("(?s)\"\"\".*?\"\"\"", "\"\"").replaceAll("\"(?:\\\\.|[^\"\\\\\\n])*\"", "\"\"");
  }

  static String packageOf(String code) {
    Matcher m = PACKAGE.matcher(code);
    return m.find() ? m.group(1) : "";
  }

  static boolean inAny(String pkg, List<String> roots) {
    return roots.stream().anyMatch(r -> pkg.equals(r) || pkg.startsWith(r + "."));
  }

  /** The Java files under src/main/java of every module. */
  static List<Path> mainSources() throws IOException {
    return sources("src/main/java");
  }

  /** The Java files under the given source folders (e.g. {@code src/main/java}) of every module. */
  static List<Path> sources(String... folders) throws IOException {
    Path root = RepositoryPaths.root();
    List<Path> out = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.filter(Files::isDirectory).sorted().toList()) {
        for (String folder : folders) {
          if (!Files.isDirectory(module.resolve(folder))) {
            continue;
          }
          try (Stream<Path> files = Files.walk(module.resolve(folder))) {
            files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
          }
        }
      }
    }
    assertThat(out).as(String.join(", ", folders) + " sources under " + root).isNotEmpty();
    return out;
  }

  static Path relative(Path file) {
    return RepositoryPaths.root().relativize(file);
  }
}
