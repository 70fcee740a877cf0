package org.pufferflow.jobs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;

/**
 * Every document a source file cites lies inside the repository: javadoc, comments and tests cite
 * a page under {@code docs/} (optionally with a section title in quotes, which must be a heading of that page) or the
 * papers by title, never the specification files kept outside the repository.
 */
class CitationsTest {

  /** A Markdown or JSON file name, with the path characters before it. */
  static final Pattern DOCUMENT = Pattern.compile("[\\w./-]*[\\w-]+\\.md\\b");

  /** A page under docs/ followed by a section title in single or double quotes, with or without a comma. */
  static final Pattern SECTION = Pattern.compile("(docs/[\\w-]+\\.md),? ['\"]([^'\"]+)(?:['\"]|$)");

  /** Spec-style section numbers after a document name (a name, the Markdown suffix, a section sign). */
  static final Pattern SPEC_SECTION = Pattern.compile("\\b[\\w-]+\\.md ?§");

  @Test
  void everyCitedDocumentIsInTheRepository() throws IOException {
    Path root = RepositoryPaths.root();
    List<String> problems = new ArrayList<>();
    for (Path file : sources(root)) {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        problems.addAll(problems(root, lines.get(i), root.relativize(file) + ":" + (i + 1)));
      }
    }
    assertThat(problems).isEmpty();
  }

  /**
   * The user guide and README name no path outside the repository either, carry no tracker numbers, and every
   * relative link (and heading anchor) and every citation of a page under docs/ (with a quoted section) in them
   * resolves.
   */
  @Test
  void everyPageOfTheDocsResolvesInsideTheRepository() throws IOException {
    Path root = RepositoryPaths.root();
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<String> problems = new ArrayList<>();
    for (Path page : pages) {
      problems.addAll(DocLinks.problems(root, page));
      List<String> lines = Files.readAllLines(page);
      for (int i = 0; i < lines.size(); i++) {
        problems.addAll(pageProblems(root, lines.get(i), root.relativize(page) + ":" + (i + 1)));
      }
    }
    assertThat(problems).isEmpty();
  }

  /** What a line of a page must not do: name the specifications' folder or a tracker number, cite a missing page. */
  static List<String> pageProblems(Path root, String line, String where) {
    List<String> out = new ArrayList<>();
    if (line.contains(SHARED + "/spec") || line.contains("../" + SHARED) || SPEC_SECTION.matcher(line).find()
        || DESIGN.matcher(line).find()) {
      out.add(where + ": cites a file outside the repository: " + line.strip());
    }
    if (TRACKER.matcher(line).find()) {
      out.add(where + ": names a tracker number: " + line.strip());
    }
    Matcher m = Pattern.compile("(?<![\\w./-])docs/[\\w-]+\\.md\\b").matcher(line);
    while (m.find()) {
      if (!Files.isRegularFile(root.resolve(m.group()))) {
        out.add(where + ": " + m.group() + " is not a page of this repository: " + line.strip());
      }
    }
    out.addAll(sectionProblems(root, line, where));
    return out;
  }

  /** A tracker number: "issue" and a number, or a hash sign and a number (not an anchor, not a heading). */
  static final Pattern TRACKER = Pattern.compile("(?i)\\bissues? #?\\d+|(?<![\\w&/(\\]])#\\d+\\b");

  /** The design document that is not in the repository. */
  static final Pattern DESIGN = Pattern.compile("(?<![\\w-])design\\.md\\b");

  @Test
  void theCheckerFindsWhatItMust() {
    Path root = RepositoryPaths.root();
    String md = ".md";
    assertThat(problems(root, " * see mqm" + md + " §3.8 (a)", "x")).isNotEmpty();
    assertThat(problems(root, " * see design" + md + " for the layout", "x")).isNotEmpty();
    assertThat(problems(root, " * see ../" + "shared" + "/spec/cli" + md, "x")).isNotEmpty();
    assertThat(problems(root, " * see DEVELOPERS" + md + " 'Performance'", "x")).isNotEmpty();
    assertThat(problems(root, " * writes {@code report" + md + "} into --out", "x")).isEmpty();
    assertThat(problems(root, " * see docs/nowhere" + md, "x")).isNotEmpty();
    assertThat(problems(root, " * see docs/mqm" + md + ", 'No such heading here'", "x")).isNotEmpty();
    assertThat(problems(root, " * see docs/mqm" + md, "x")).isEmpty();
    assertThat(problems(root, " * see docs/mqm" + md + ", 'Modes'", "x")).isEmpty();
    // a title that runs over the line break is checked by the part on this line
    assertThat(problems(root, " * see docs/mqm" + md + ", 'No such heading at", "x")).isNotEmpty();
    assertThat(problems(root, " * see README" + md, "x")).isEmpty();
    assertThat(problems(root, " * Issue " + "16, item 1: watermarks", "x")).isNotEmpty();
    assertThat(problems(root, " * the connector's issue FLINK-31006", "x")).isEmpty();
    assertThat(pageProblems(root, "as the design" + md + " says", "x")).isNotEmpty();
    assertThat(pageProblems(root, "fixed in #" + "12", "x")).isNotEmpty();
    assertThat(pageProblems(root, "see [budget](#budget) and docs/nowhere" + md, "x")).hasSize(1);
    assertThat(pageProblems(root, "(docs/mqm" + md + ", 'No such heading here')", "x")).isNotEmpty();
    assertThat(pageProblems(root, "(docs/mqm" + md + ", 'Modes')", "x")).isEmpty();
  }

  @Test
  void theLinkCheckerFindsWhatItMust() throws IOException {
    Path root = RepositoryPaths.root();
    Path index = root.resolve("docs/index.md");
    assertThat(DocLinks.slug("plan --config — what a whole job promises"))
        .isEqualTo("plan---config--what-a-whole-job-promises");
    assertThat(DocLinks.slug("`mqm` (optional — absent = disabled)")).isEqualTo("mqm-optional--absent--disabled");
    assertThat(DocLinks.problem(root, index, "configuration.md")).isNull();
    assertThat(DocLinks.problem(root, index, "../examples")).isNull();
    assertThat(DocLinks.problem(root, index, "https://flink.apache.org")).isNull();
    assertThat(DocLinks.problem(root, index, "nowhere.md")).isNotNull();
    assertThat(DocLinks.problem(root, index, "configuration.md#budget")).isNull();
    assertThat(DocLinks.problem(root, index, "configuration.md#no-such-heading")).isNotNull();
    assertThat(DocLinks.problem(root, index, "../../outside.md")).isNotNull();
  }

  /** The folder beside the repository that holds the specifications (spelled in two parts for this file's sake). */
  static final String SHARED = "sha" + "red";

  /**
   * Names of documents that live outside the repository (the specifications and the developers' guide); a file
   * the code writes, such as a report, is not a citation.
   */
  static final Pattern OUTSIDE = Pattern.compile(
      "(^|/)(mqm|dphmm|redaction|design|cli|config-contract|dphmm-vectors|DEVELOPERS)\\.md$");

  static List<String> problems(Path root, String line, String where) {
    List<String> out = new ArrayList<>();
    if (line.contains(SHARED + "/spec") || line.contains("../" + SHARED) || SPEC_SECTION.matcher(line).find()) {
      out.add(where + ": cites a file outside the repository: " + line.strip());
    }
    Matcher m = DOCUMENT.matcher(line);
    while (m.find()) {
      String doc = m.group();
      if (doc.startsWith("./")) {
        doc = doc.substring(2);
      }
      boolean cited = doc.startsWith("docs/") || OUTSIDE.matcher(doc).find();
      if (cited && !(doc.startsWith("docs/") && Files.isRegularFile(root.resolve(doc)))) {
        out.add(where + ": " + doc + " is not a document of this repository: " + line.strip());
      }
    }
    if (TRACKER.matcher(line).find()) {
      out.add(where + ": names a tracker number: " + line.strip());
    }
    out.addAll(sectionProblems(root, line, where));
    return out;
  }

  static List<String> sectionProblems(Path root, String line, String where) {
    List<String> out = new ArrayList<>();
    Matcher s = SECTION.matcher(line);
    while (s.find()) {
      Path page = root.resolve(s.group(1));
      if (Files.isRegularFile(page) && !hasHeading(page, s.group(2))) {
        out.add(where + ": " + s.group(1) + " has no heading containing '" + s.group(2) + "'");
      }
    }
    return out;
  }

  static boolean hasHeading(Path page, String title) {
    try (Stream<String> lines = Files.lines(page)) {
      String wanted = title.toLowerCase(Locale.ROOT);
      return lines.filter(l -> l.startsWith("#")).anyMatch(l -> l.toLowerCase(Locale.ROOT).contains(wanted));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Java sources of every module, and the other files that cite pages: schemas, YAML, poms, the Compose set-up. */
  static List<Path> sources(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    List<Path> trees = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      dirs.filter(d -> Files.isDirectory(d.resolve("src"))).sorted().forEach(d -> {
        trees.add(d.resolve("src"));
        files.add(d.resolve("pom.xml"));
      });
    }
    trees.add(root.resolve("examples"));
    trees.add(root.resolve("docker"));
    files.add(root.resolve("pom.xml"));
    for (Path tree : trees) {
      if (Files.isDirectory(tree)) {
        try (Stream<Path> walk = Files.walk(tree)) {
          walk.filter(p -> CITING.matcher(p.getFileName().toString()).find()).sorted().forEach(files::add);
        }
      }
    }
    files.removeIf(f -> !Files.isRegularFile(f));
    return files;
  }

  /** The files whose comments may cite a page. */
  static final Pattern CITING = Pattern.compile("\\.(java|avsc|ya?ml|xml|sh)$");

}
