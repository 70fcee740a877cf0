package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Privacy rule: main code of every module (schemas, operators, jobs, …; today schemas holds no Java) draws randomness only from this package's
 * keyed generator ({@link KeyedRandom}). The scan finds the repository root by walking up from this module while
 * the parent holds a pom.xml, and reads every {@code <module>/src/main/java}.
 */
class NoInsecureRandomnessTest {

  /** Forbidden names, spelled in pieces so that this file does not match scans of test sources. */
  static final List<String> FORBIDDEN = List.of(
      "java.util." + "Random", "new " + "Random(", "Math." + "random", "ThreadLocal" + "Random",
      "Splittable" + "Random", "Secure" + "Random", "org.apache.commons." + "math", "StrictMath." + "random",
      "Random" + "Generator", "Collections." + "shuffle", "UUID." + "randomUUID");

  /**
   * Known offences, each with its reason; a stale entry fails the scan, so the list can only shrink. Empty: the demo's
   * synthetic data now come from the keyed generator under a public demo key (jobs/.../demo/DemoKey.java).
   */
  static final java.util.Map<String, String> EXEMPT = java.util.Map.of();

  @Test
  void mainSourcesOfEveryModuleUseNoOtherRandomness() throws IOException {
    Path root = repositoryRoot(Path.of("").toAbsolutePath());
    List<Path> mains;
    try (Stream<Path> children = Files.list(root)) {
      mains = children.map(c -> c.resolve("src/main/java")).filter(Files::isDirectory).sorted()
          .collect(Collectors.toList());
    }
    List<String> scanned = mains.stream().map(m -> root.relativize(m).getName(0).toString())
        .collect(Collectors.toList());
    assertThat(scanned).as("modules scanned under %s", root).contains("operators", "jobs");
    // every module of the root pom that has Java main sources is scanned (schemas has only Avro today)
    java.util.regex.Matcher module =
        java.util.regex.Pattern.compile("<module>([^<]+)</module>").matcher(read(root.resolve("pom.xml")));
    int modules = 0;
    while (module.find()) {
      modules++;
      if (Files.isDirectory(root.resolve(module.group(1)).resolve("src/main/java"))) {
        assertThat(scanned).contains(module.group(1));
      }
    }
    assertThat(modules).as("modules of the root pom").isGreaterThanOrEqualTo(3);
    List<String> offences = new ArrayList<>();
    int files = 0;
    for (Path main : mains) {
      try (Stream<Path> walk = Files.walk(main)) {
        for (Path p : (Iterable<Path>) walk.filter(f -> f.toString().endsWith(".java"))::iterator) {
          files++;
          String relative = root.relativize(p).toString().replace('\\', '/');
          List<String> found = offences(read(p));
          if (EXEMPT.containsKey(relative)) {
            assertThat(found).as("exemption of %s is stale", relative).contains(EXEMPT.get(relative));
            found.remove(EXEMPT.get(relative));
          }
          for (String f : found) {
            offences.add(relative + ": " + f);
          }
        }
      }
    }
    assertThat(files).as("java files scanned").isGreaterThan(50);
    assertThat(offences).isEmpty();
  }

  @Test
  void theMatcherCatchesEveryForbiddenNameInCode() {
    assertThat(offences("class A { long x = java.util.concurrent.ThreadLocal" + "Random.current().nextLong(); }"))
        .contains("ThreadLocal" + "Random");
    assertThat(offences("import java.util." + "random.Random" + "Generator;")).contains("Random" + "Generator");
    assertThat(offences("void f(List<String> l) { Collections." + "shuffle(l); }")).contains("Collections." + "shuffle");
    assertThat(offences("String id = UUID." + "randomUUID().toString();")).contains("UUID." + "randomUUID");
    assertThat(offences("double u = Math." + "random();")).containsExactly("Math." + "random");
    assertThat(offences("var r = new " + "Random(42);")).contains("new " + "Random(");
    for (String name : FORBIDDEN) {
      assertThat(offences("x = " + name + "y;")).as(name).contains(name);
    }
    assertThat(offences("KeyedRandom r = new KeyedRandom(key); r.reset(\"dphmm\", s, 1);")).isEmpty();
  }

  @Test
  void commentsAreIgnoredButCodeIsNot() {
    assertThat(withoutComments("/** uses java.util.Random? no */ int x; // Math.random\nMath.random()"))
        .doesNotContain("java.util.Random").contains("Math.random()");
    assertThat(offences("/* UUID." + "randomUUID() is forbidden */ int x; // Collections." + "shuffle")).isEmpty();
  }

  @Test
  void theRootIsTheTopmostDirectoryWithAPom() throws IOException {
    Path here = Path.of("").toAbsolutePath();
    Path root = repositoryRoot(here);
    assertThat(root.resolve("pom.xml")).isRegularFile();
    assertThat(root.getParent() == null || !Files.exists(root.getParent().resolve("pom.xml"))).isTrue();
    assertThat(here.startsWith(root)).isTrue();
  }

  /** The forbidden names that occur in {@code source} outside comments. */
  static List<String> offences(String source) {
    String code = withoutComments(source);
    return FORBIDDEN.stream().filter(code::contains).collect(Collectors.toList());
  }

  /** Walks up from {@code start} while the parent directory holds a pom.xml. */
  static Path repositoryRoot(Path start) {
    Path root = start;
    while (root.getParent() != null && Files.exists(root.getParent().resolve("pom.xml"))) {
      root = root.getParent();
    }
    return root;
  }

  /** Drops block and line comments (string literals containing comment markers are not expected here). */
  static String withoutComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
