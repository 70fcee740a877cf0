package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Privacy rule of DEVELOPERS.md: main code draws randomness only from this package's keyed generator. */
class NoInsecureRandomnessTest {

  private static final List<String> FORBIDDEN = List.of(
      "java.util.Random", "new Random(", "Math.random", "ThreadLocalRandom", "SplittableRandom", "SecureRandom",
      "org.apache.commons.math", "StrictMath.random");

  @Test
  void mainSourcesUseNoOtherRandomness() throws IOException {
    Path main = Path.of("src/main/java");
    assertThat(main).isDirectory();
    List<String> offences;
    try (Stream<Path> files = Files.walk(main)) {
      offences = files.filter(p -> p.toString().endsWith(".java"))
          .flatMap(p -> {
            try {
              String text = withoutComments(Files.readString(p));
              return FORBIDDEN.stream().filter(text::contains).map(f -> p + ": " + f);
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          })
          .collect(Collectors.toList());
    }
    assertThat(offences).isEmpty();
  }

  @Test
  void commentsAreIgnoredButCodeIsNot() {
    assertThat(withoutComments("/** uses java.util.Random? no */ int x; // Math.random\nMath.random()"))
        .doesNotContain("java.util.Random").contains("Math.random()");
  }

  /** Drops block and line comments (string literals containing comment markers are not expected here). */
  static String withoutComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
  }
}
