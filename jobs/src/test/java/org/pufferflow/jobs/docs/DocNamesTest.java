package org.pufferflow.jobs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;

/**
 * The user guide (every {@code docs/*.md}) names no class, package, command-line option or metric that does not
 * exist. Names are read from the source tree as it is, not from loaded classes, so the rule holds across modules
 * and survives a package rename:
 *
 * <ul>
 *   <li><b>Classes.</b> A span of inline code that starts with a CamelCase name of at least two humps
 *       ({@code [A-Z][a-z0-9]+[A-Z]…}, e.g. {@code KeyedMechanism}, {@code DphmmReleaser.release(…)},
 *       {@code MechanismStreams#attach}), optionally qualified by {@code org.pufferflow.…}, names a type declared
 *       (class, interface, enum, record, annotation) in some {@code <module>/src/main/java} or
 *       {@code <module>/src/test/java} (tests and benchmarks are named too), or an Avro record of
 *       {@code schemas/src/main/avro}, or one of {@link #EXTERNAL}: the JDK's, Flink's, Kafka's and other
 *       libraries' types and the few CamelCase words that are no type at all. A span of inline code that is a
 *       package, {@code org.pufferflow.…} ending in a lower-case segment, names a directory of some source tree.
 *   <li><b>Options.</b> Every {@code --option} in a span of inline code, or on a line of a fenced block that runs
 *       {@code pufferflow} ({@code ./pufferflow …}, {@code $ pufferflow …}), is the name of some picocli
 *       {@code @Option} of the main sources ({@code --help} and {@code --version} with
 *       {@code mixinStandardHelpOptions}); spans that run another program ({@code flink}, {@code docker},
 *       {@code mvn}, …) are that program's business, and {@link #EXTERNAL_OPTIONS} lists the others' options the
 *       guide writes on their own.
 *   <li><b>Metrics.</b> A metric of the job's group ({@code pufferflow.dphmm.releases} as the web UI shows it,
 *       {@code flink_taskmanager_job_task_operator_pufferflow_dphmm_releases} as Prometheus does, or abbreviated
 *       {@code …_pufferflow_rejects_TOO_LATE}; a dotted name counts when its first part is a group), in inline code
 *       or anywhere in a fenced block, is made of the
 *       names that {@code OperatorMetrics} declares (its string constants), the mechanism ids of
 *       {@code NoiseContext}, the reason codes of {@code ReasonCode}, and placeholders ({@code <REASON>}).
 * </ul>
 */
class DocNamesTest {

  /** CamelCase names in the guide that are no type of this repository: other libraries' types, and plain words. */
  static final Set<String> EXTERNAL = Set.of(
      // JDK
      "ArithmeticException", "BigDecimal", "IllegalArgumentException", "IllegalStateException", "RuntimeException",
      "RandomGenerator", "SecureRandom", "SplittableRandom", "ThreadLocalRandom",
      // Flink, its Kafka connector, Kafka
      "CheckpointedFunction", "DataGeneratorSource", "DeliveryGuarantee", "FileSink", "InputSelectable",
      "JobExecutionResult", "KafkaCommitter", "KafkaSink", "KafkaSource", "KafkaSourceBuilder",
      "KafkaSourceReaderMetrics", "KeyedCoProcessFunction", "KeyedProcessFunction",
      "KeyedTwoInputStreamOperatorTestHarness", "MiniCluster", "NonRecoverableError", "PojoSerializer",
      "StringValue", "TypeInformation", "ValueState", "AvroSerializationSchema", "TransactionNamingStrategy",
      "KafkaClusterTestKit",
      // words and values that are no type: degree of protection, not-a-number, Kafka's transaction states
      "DoP", "NaN", "LogAppendTime", "TransactionState", "CompleteCommit", "CompleteAbort");

  /** Options of other programs that the guide writes without the program's name before them. */
  static final Set<String> EXTERNAL_OPTIONS = Set.of("--drain", "--scale", "--jars");

  /** Inline code spans that run another program: their options are not pufferflow's. */
  static final Pattern OTHER_PROGRAM = Pattern.compile(
      "^(?:\\$ )?(?:mvn|docker|flink|git|kafka-[\\w-]+(?:\\.sh)?|/opt/kafka/bin/\\S+|curl|java|jq|python3?|scripts/"
          + "|standalone-job|openssl|/usr/bin/time)\\b");

  static final Pattern INLINE_CODE = Pattern.compile("`([^`\\n]+)`");
  static final Pattern CLASS = Pattern.compile(
      "^(?:org\\.pufferflow(?:\\.[a-z][a-z0-9]*)*\\.)?([A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)(?:$|[.#(<\\[\\s…,:])");
  static final Pattern PACKAGE = Pattern.compile("^org\\.pufferflow(?:\\.[a-z][a-z0-9]*)+$");
  static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[a-z][a-z0-9-]*)");
  static final Pattern RUNS_PUFFERFLOW = Pattern.compile("^\\s*(?:\\$ )?(?:\\./)?pufferflow\\b");
  /** A metric as Prometheus names it (full or abbreviated with an ellipsis): the part after "pufferflow_". */
  static final Pattern PROMETHEUS = Pattern.compile(
      "(?:flink_taskmanager_job_task_operator_|…_)pufferflow_([A-Za-z0-9_<>]+)");
  /** A metric as the web UI names it, {@code pufferflow.<group>…}: checked when the first part is a group. */
  static final Pattern DOTTED = Pattern.compile("(?<![\\w./-])pufferflow\\.([A-Za-z][\\w<>]*(?:\\.[\\w<>]+)*)");

  /** What exists in the source tree. */
  record Names(Set<String> types, Set<String> packages, Set<String> options, Set<String> metricParts) {}

  private static Names names;

  static synchronized Names names() {
    if (names == null) {
      names = read(RepositoryPaths.root());
    }
    return names;
  }

  static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+([A-Z]\\w*)");
  static final Pattern OPTION_NAMES = Pattern.compile("names\\s*=\\s*(\\{[^}]*}|\"[^\"]*\")");
  static final Pattern QUOTED = Pattern.compile("\"(-[-\\w]+)\"");
  static final Pattern STRING_CONSTANT = Pattern.compile("static final String \\w+ = \"([^\"]*)\"");
  static final Pattern AVRO_NAME = Pattern.compile("\"type\"\\s*:\\s*\"record\"\\s*,\\s*\"name\"\\s*:\\s*\"(\\w+)\"");

  static Names read(Path root) {
    Set<String> types = new HashSet<>();
    Set<String> packages = new HashSet<>();
    Set<String> options = new HashSet<>();
    Set<String> metricParts = new HashSet<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.filter(Files::isDirectory).toList()) {
        for (String tree : List.of("src/main/java", "src/test/java")) {
          Path sources = module.resolve(tree);
          if (!Files.isDirectory(sources)) {
            continue;
          }
          try (Stream<Path> walk = Files.walk(sources)) {
            for (Path p : walk.toList()) {
              if (Files.isDirectory(p)) {
                packages.add(sources.relativize(p).toString().replace('/', '.'));
              } else if (p.toString().endsWith(".java")) {
                String file = p.getFileName().toString();
                types.add(file.substring(0, file.length() - ".java".length()));
                String text = Files.readString(p);
                matches(DECLARATION, text, types);
                if (tree.equals("src/main/java")) {
                  readOptions(text, options);
                  if (file.equals("OperatorMetrics.java") || file.equals("NoiseContext.java")) {
                    Matcher m = STRING_CONSTANT.matcher(text);
                    while (m.find()) {
                      metricParts.addAll(List.of(m.group(1).split("\\.")));
                    }
                  }
                  if (file.equals("ReasonCode.java")) {
                    matches(Pattern.compile("(?m)^  ([A-Z][A-Z_]+)[,;(]"), text, metricParts);
                  }
                }
              }
            }
          }
        }
        Path avro = module.resolve("src/main/avro");
        if (Files.isDirectory(avro)) {
          try (Stream<Path> schemas = Files.list(avro)) {
            for (Path s : schemas.filter(p -> p.toString().endsWith(".avsc")).toList()) {
              matches(AVRO_NAME, Files.readString(s), types);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Names(types, packages, options, metricParts);
  }

  private static void readOptions(String text, Set<String> options) {
    Matcher m = OPTION_NAMES.matcher(text);
    while (m.find()) {
      matches(QUOTED, m.group(1), options);
    }
    if (text.contains("mixinStandardHelpOptions = true")) {
      options.add("--help");
      options.add("--version");
    }
  }

  private static void matches(Pattern p, String text, Set<String> out) {
    Matcher m = p.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
  }

  /** The problems of one page: each names the line and the name that does not exist. */
  static List<String> problems(Names names, String page, List<String> lines) {
    List<String> out = new ArrayList<>();
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = page + ":" + (i + 1) + ": ";
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        if (RUNS_PUFFERFLOW.matcher(line).find()) {
          optionProblems(names, line, where, out);
        }
        metricProblems(names, line, where, out);
        continue;
      }
      Matcher code = INLINE_CODE.matcher(line);
      while (code.find()) {
        String span = code.group(1).strip();
        Matcher c = CLASS.matcher(span);
        if (c.find() && !names.types().contains(c.group(1)) && !EXTERNAL.contains(c.group(1))) {
          out.add(where + "no class " + c.group(1) + " in the sources: `" + span + "`");
        }
        if (PACKAGE.matcher(span).matches() && !names.packages().contains(span)) {
          out.add(where + "no package " + span + " in the sources");
        }
        if (!OTHER_PROGRAM.matcher(span).find()) {
          optionProblems(names, span, where, out);
        }
        metricProblems(names, span, where, out);
      }
    }
    return out;
  }

  private static void optionProblems(Names names, String text, String where, List<String> out) {
    Matcher o = OPTION.matcher(text);
    while (o.find()) {
      String option = o.group(1);
      if (!names.options().contains(option) && !EXTERNAL_OPTIONS.contains(option)) {
        out.add(where + "no option " + option + " in any @Option: " + text.strip());
      }
    }
  }

  private static void metricProblems(Names names, String text, String where, List<String> out) {
    Matcher p = PROMETHEUS.matcher(text);
    while (p.find()) {
      if (!segments(names.metricParts(), p.group(1).split("_"), 0)) {
        out.add(where + "no such metric (OperatorMetrics, NoiseContext, ReasonCode): pufferflow_" + p.group(1));
      }
    }
    Matcher d = DOTTED.matcher(text);
    while (d.find()) {
      String[] parts = d.group(1).split("\\.");
      if (!names.metricParts().contains(parts[0])) {
        continue; // pufferflow.jar, pufferflow.yaml: not a metric
      }
      for (String part : parts) {
        if (!isPart(names.metricParts(), part)) {
          out.add(where + "no metric name " + part + " (OperatorMetrics, NoiseContext, ReasonCode): pufferflow."
              + d.group(1));
        }
      }
    }
  }

  /** Whether pieces[from…] split into known parts, each one or more pieces joined by '_' (reason codes). */
  private static boolean segments(Set<String> parts, String[] pieces, int from) {
    if (from == pieces.length) {
      return true;
    }
    StringBuilder part = new StringBuilder();
    for (int to = from; to < pieces.length; to++) {
      part.append(to > from ? "_" : "").append(pieces[to]);
      if (isPart(parts, part.toString()) && segments(parts, pieces, to + 1)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isPart(Set<String> parts, String part) {
    return parts.contains(part) || (part.startsWith("<") && part.endsWith(">"));
  }

  /** The user guide: every page of docs/ (not the run folders below it). */
  static List<Path> pages(Path root) throws IOException {
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      return docs.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
  }

  @Test
  void everyClassOptionAndMetricTheGuideNamesExists() throws IOException {
    Path root = RepositoryPaths.root();
    List<String> problems = new ArrayList<>();
    for (Path page : pages(root)) {
      problems.addAll(problems(names(), root.relativize(page).toString(), Files.readAllLines(page)));
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void theScannerFindsMadeUpNames() {
    Names n = names();
    assertThat(n.types()).contains("KeyedMechanism", "DphmmRelease", "MetricsToWatchTest");
    assertThat(n.options()).contains("--config", "--help", "--target-epsilon");
    assertThat(n.metricParts()).contains("releases", "dphmm", "rejects", "TOO_LATE");
    // classes, plain and qualified, with members
    assertThat(problems(n, "p", List.of("the `KeyedMechanism` and `DphmmReleaser.release(…)`"))).isEmpty();
    assertThat(problems(n, "p", List.of("see `NoSuchClassAnywhere`"))).hasSize(1);
    assertThat(problems(n, "p", List.of("`org.pufferflow.operators.NoSuchFunction` does"))).hasSize(1);
    assertThat(problems(n, "p", List.of("`MechanismStreams#noSuchMember` is a member, not a class"))).isEmpty();
    assertThat(problems(n, "p", List.of("words are no class: `UNKNOWN_LABEL`, `Observation`, `k-norm`"))).isEmpty();
    assertThat(problems(n, "p", List.of("Avro records are types: `WindowHistogram`, `LedgerEntry`"))).isEmpty();
    // packages
    assertThat(problems(n, "p", List.of("package `org.pufferflow.mechanism.mqm`"))).isEmpty();
    assertThat(problems(n, "p", List.of("package `org.pufferflow.nosuchpackage`"))).hasSize(1);
    // options, inline and in a fenced pufferflow command; other programs' options are theirs
    assertThat(problems(n, "p", List.of("`run --config FILE --from-savepoint PATH`"))).isEmpty();
    assertThat(problems(n, "p", List.of("`--no-such-option`"))).hasSize(1);
    assertThat(problems(n, "p", List.of("```", "./pufferflow plan mqm --epsilon 1 --no-such-flag", "```")))
        .hasSize(1);
    assertThat(problems(n, "p", List.of("```", "git log --oneline", "```"))).isEmpty();
    assertThat(problems(n, "p", List.of("`mvn -q -pl jobs --also-make test`"))).isEmpty();
    // metrics, in each spelling
    assertThat(problems(n, "p", List.of("`pufferflow.dphmm.releases`, `…_pufferflow_rejects_<REASON>`",
        "`flink_taskmanager_job_task_operator_pufferflow_redaction_rejects_OPT_OUT_TOO_LATE`"))).isEmpty();
    assertThat(problems(n, "p", List.of("`flink_taskmanager_job_task_operator_pufferflow_dphmm_noSuchMetric`")))
        .hasSize(1);
    assertThat(problems(n, "p", List.of("```yaml", "expr: increase(flink_taskmanager_job_task_operator_pufferflow"
        + "_mqm_releasez[5m])", "```"))).hasSize(1);
    assertThat(problems(n, "p", List.of("the file `pufferflow.jar` and the volume `pufferflow_flink-data`")))
        .isEmpty();
  }
}
