package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/experiments.md cannot drift from the committed results in docs/experiment-results/ (the experiments' CSV
 * files, as the command writes them). Each checked section carries, after the text it checks, comments
 *
 * <pre>
 *   &lt;!-- check FILE.csv: NUMBER = EXPR [@ COL=VALUE,…]; NUMBER = EXPR [@ …] --&gt;
 *   &lt;!-- params: NUMBER NUMBER … --&gt;
 * </pre>
 *
 * EXPR is a column, {@code a-b} or {@code a/b} of two columns or numbers, a negated EXPR {@code -…}, or {@code min(…)},
 * {@code max(…)}, {@code mean(…)}, {@code maxabs(…)} of one, or {@code count} (rows selected); the selector keeps rows
 * whose cells equal the values (as text or as numbers); without an aggregate exactly one row must be selected. A check
 * passes when the CSV value, rounded to NUMBER's decimals, equals NUMBER, and NUMBER appears in the section's text (an
 * integer NUMBER may group its thousands with commas, {@code 1,843}, as the text writes it). Every number with a
 * decimal point in a checked section's text must be checked or listed under {@code params} (parameters of the run, not
 * results). So a changed CSV value, a changed doc number and an unchecked new decimal each fail.
 *
 * <p>{@link #SECTIONS} lists the checked sections by heading; add a section by annotating it and adding its heading
 * here.
 */
class ExperimentsDocNumbersTest {

  /** The "## " or "### " headings of the checked sections (the text up to the next heading of any level). */
  static final List<String> SECTIONS = List.of("### Panels a–c: [MQM] Figure 2",
      "### Panel d: [Slides] binary chains, Θ = [ℓ, 1 − ℓ]", "## `mqm-theta-grid`", "## `composition`",
      "## `composition-counterexample`", "## `redaction-fig3`", "## `redaction-fig4`", "## `redaction-examples`",
      "## `wasserstein-vs-mqm`", "## `mqm-ampds`", "## DPHMM on GeoLife",
      "### `dphmm-geolife-time` — [DPHMM] Figure 11", "### `dphmm-geolife-epsilon` — [DPHMM] Figure 12",
      "### `dphmm-geolife-radius` — [DPHMM] Figure 13", "### `dphmm-runtime` — [DPHMM] Figure 10");

  private static final Pattern CHECK = Pattern.compile("<!-- check ([\\w.-]+\\.csv): (.*?) -->");
  private static final Pattern PARAMS = Pattern.compile("<!-- params: (.*?) -->");
  private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
  private static final Pattern DECIMAL = Pattern.compile("(?<![\\w.])\\d+\\.\\d+(?![\\w.]*\\d)");

  static Path root() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("docs/experiments.md"))) {
      p = p.getParent();
    }
    assertTrue(p != null, "docs/experiments.md above the working directory");
    return p;
  }

  /** Heading → the section's text (heading excluded). */
  static Map<String, String> sections(String doc) {
    Map<String, String> out = new LinkedHashMap<>();
    String heading = null;
    StringBuilder b = new StringBuilder();
    for (String line : doc.split("\n", -1)) {
      if (line.startsWith("#")) {
        if (heading != null) {
          out.put(heading, b.toString());
        }
        heading = line.strip();
        b.setLength(0);
      } else {
        b.append(line).append('\n');
      }
    }
    if (heading != null) {
      out.put(heading, b.toString());
    }
    return out;
  }

  @Test
  void everyNumberOfTheCheckedSectionsMatchesTheCommittedCsv() throws IOException {
    Path root = root();
    Map<String, String> sections = sections(Files.readString(root.resolve("docs/experiments.md")));
    List<String> failures = new ArrayList<>();
    int checks = 0;
    for (String heading : SECTIONS) {
      String text = sections.get(heading);
      assertTrue(text != null, "no section " + heading);
      String prose = COMMENT.matcher(text).replaceAll(" ");
      Set<String> covered = new HashSet<>();
      Matcher pm = PARAMS.matcher(text);
      while (pm.find()) {
        covered.addAll(List.of(pm.group(1).trim().split("\\s+")));
      }
      Matcher cm = CHECK.matcher(text);
      int sectionChecks = 0;
      while (cm.find()) {
        List<Map<String, String>> csv =
            ExperimentFixtures.csv(root.resolve("docs/experiment-results").resolve(cm.group(1)));
        for (String claim : cm.group(2).split(";")) {
          sectionChecks++;
          String error = check(claim.trim(), csv, prose);
          if (error != null) {
            failures.add(heading + ", " + cm.group(1) + ": " + claim.trim() + ": " + error);
          }
          covered.add(claim.trim().split("\\s*=\\s*", 2)[0]);
        }
      }
      checks += sectionChecks;
      assertTrue(sectionChecks > 0, heading + " has no checked number");
      Matcher dm = DECIMAL.matcher(prose);
      while (dm.find()) {
        if (!covered.contains(dm.group())) {
          failures.add(heading + ": the number " + dm.group() + " is neither checked nor listed as a parameter");
        }
      }
    }
    assertEquals(List.of(), failures, checks + " checks");
  }

  /** null when the claim holds, else why not. */
  static String check(String claim, List<Map<String, String>> csv, String prose) {
    String[] parts = claim.split("\\s*=\\s*", 2);
    String shown = parts[0];
    if (!Pattern.compile("(?<![\\w.])" + Pattern.quote(shown) + "(?![\\w]|\\.\\d)").matcher(prose).find()) {
      return "not in the section's text";
    }
    String[] exprAndSel = parts[1].split("\\s*@\\s*", 2);
    List<Map<String, String>> rows = select(csv, exprAndSel.length > 1 ? exprAndSel[1] : "");
    double value;
    try {
      value = evaluate(exprAndSel[0].trim(), rows);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    BigDecimal expected = new BigDecimal(shown.replace(",", ""));
    BigDecimal actual = new BigDecimal(value).setScale(expected.scale(), java.math.RoundingMode.HALF_EVEN);
    BigDecimal up = new BigDecimal(value).setScale(expected.scale(), java.math.RoundingMode.HALF_UP);
    return actual.compareTo(expected) == 0 || up.compareTo(expected) == 0 ? null : "the CSV gives " + value;
  }

  static List<Map<String, String>> select(List<Map<String, String>> csv, String selector) {
    List<Map<String, String>> rows = new ArrayList<>(csv);
    if (selector.isBlank()) {
      return rows;
    }
    for (String cond : selector.split(",")) {
      String[] kv = cond.trim().split("=", 2);
      rows.removeIf(r -> !same(r.get(kv[0].trim()), kv[1].trim()));
    }
    return rows;
  }

  static boolean same(String cell, String wanted) {
    if (cell == null) {
      throw new IllegalArgumentException("no column in selector for " + wanted);
    }
    if (cell.equals(wanted)) {
      return true;
    }
    try {
      return Double.parseDouble(cell) == Double.parseDouble(wanted);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  static double evaluate(String expr, List<Map<String, String>> rows) {
    if (expr.startsWith("-")) {
      return -evaluate(expr.substring(1), rows);
    }
    if (expr.equals("count")) {
      return rows.size();
    }
    Matcher agg = Pattern.compile("(min|max|mean|maxabs)\\((.+)\\)").matcher(expr);
    if (agg.matches()) {
      if (rows.isEmpty()) {
        throw new IllegalArgumentException("no row selected");
      }
      double[] v = rows.stream().mapToDouble(r -> term(agg.group(2), r)).toArray();
      return switch (agg.group(1)) {
        case "min" -> java.util.Arrays.stream(v).min().orElseThrow();
        case "max" -> java.util.Arrays.stream(v).max().orElseThrow();
        case "maxabs" -> java.util.Arrays.stream(v).map(Math::abs).max().orElseThrow();
        default -> java.util.Arrays.stream(v).average().orElseThrow();
      };
    }
    if (rows.size() != 1) {
      throw new IllegalArgumentException(rows.size() + " rows selected, expected 1");
    }
    return term(expr, rows.get(0));
  }

  static double term(String expr, Map<String, String> row) {
    for (char op : new char[] {'-', '/'}) {
      int i = expr.indexOf(op);
      if (i > 0) {
        double a = cell(row, expr.substring(0, i).trim());
        double b = cell(row, expr.substring(i + 1).trim());
        return op == '-' ? a - b : a / b;
      }
    }
    return cell(row, expr);
  }

  static double cell(Map<String, String> row, String column) {
    String s = row.get(column);
    if (s == null && column.matches("\\d+(\\.\\d+)?")) {
      return Double.parseDouble(column);
    }
    if (s == null || s.isEmpty()) {
      throw new IllegalArgumentException("no value in column " + column);
    }
    return s.equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(s);
  }

  @Test
  void aChangedNumberOrCsvValueFails() {
    List<Map<String, String>> csv = List.of(Map.of("eps", "1", "u", "0.7479"), Map.of("eps", "2", "u", "0.8446"));
    assertEquals(null, check("0.748 = u @ eps=1", csv, "utility 0.748 at 1"));
    assertFalse(check("0.749 = u @ eps=1", csv, "utility 0.749 at 1") == null);
    assertFalse(check("0.748 = u @ eps=1", csv, "utility 0.7480 at 1") == null);
    assertEquals(null, check("0.8446 = max(u)", csv, "up to 0.8446"));
    assertEquals(null, check("2 = count", csv, "2 rows"));
    assertFalse(check("0.1 = u-u @ eps=2", csv, "gap 0.1") == null);
    assertEquals(null, check("0.25 = 1-u @ eps=1", csv, "0.25"));
    assertEquals(null, check("0.8446 = -min(0-u)", csv, "0.8446"));
    List<Map<String, String>> big = List.of(Map.of("us", "1843.43"));
    assertEquals(null, check("1,843 = us", big, "DPLS 1,843 µs"));
    assertFalse(check("1,843 = us", big, "DPLS 1843 µs") == null, "the number as the text writes it");
    assertFalse(check("1,844 = us", big, "DPLS 1,844 µs") == null);
    if (check("0.097 = u-u", csv, "0.097") == null) {
      fail("two rows selected without an aggregate must fail");
    }
  }
}
