package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pufferflow.jobs.cli.CliHarness.Run;

/** {@code pufferflow plan mqm}: the options and JSON fields of docs/cli.md, and the exit-2 contract. */
class PlanMqmCommandTest {

  static final String P1 = "[[0.9,0.1],[0.2,0.8]]";
  static final String P2 = "[[0.95,0.05],[0.05,0.95]]";
  static final String P3 = "[[0.8,0.15,0.05],[0.05,0.8,0.15],[0.15,0.05,0.8]]";

  static Run run(String... args) {
    return CliHarness.run(new PlanMqmCommand(), args);
  }

  static List<String> fields(JsonNode n) {
    List<String> f = new ArrayList<>();
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      f.add(it.next());
    }
    return f;
  }

  @Test
  void defaultModeWithChainIsExactAnyInitial() {
    Run r = run("--epsilon", "1", "--window", "100", "--chain", P1, "--json");
    assertThat(r.code()).isZero();
    JsonNode j = r.json();
    assertThat(fields(j)).containsExactly("sigma", "noiseScale", "quilt", "groupDpSigma", "piMin", "gap");
    assertThat(j.get("sigma").asDouble()).isCloseTo(22.9248584067, within(1e-9));
    assertThat(j.get("noiseScale").asDouble()).isCloseTo(45.8497168134, within(1e-9));
    assertThat(j.get("quilt").get("a").asInt()).isEqualTo(9);
    assertThat(j.get("quilt").get("b").asInt()).isEqualTo(9);
    assertThat(j.get("quilt").get("node").asInt()).isEqualTo(13);
    assertThat(j.get("groupDpSigma").asDouble()).isEqualTo(100.0);
    assertThat(j.get("piMin").asDouble()).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(j.get("gap").asDouble()).isCloseTo(0.51, within(1e-12));
    assertThat(r.out().trim().lines()).hasSize(1);
  }

  @Test
  void slideAddsPerPointFieldsAndNullSides() {
    Run r = run("--epsilon", "1", "--window", "100", "--slide", "10", "--chain", P1, "--mode", "approx-reversible",
        "--json");
    assertThat(r.code()).isZero();
    JsonNode j = r.json();
    assertThat(fields(j)).containsExactly("sigma", "noiseScale", "quilt", "groupDpSigma", "piMin", "gap",
        "perPointEpsilon", "designNoiseScale");
    assertThat(j.get("sigma").asDouble()).isCloseTo(35.7500035336, within(1e-9));
    assertThat(j.get("perPointEpsilon").asDouble()).isCloseTo(5.784229, within(1e-6));
    assertThat(j.get("designNoiseScale").asDouble()).isCloseTo(715.000070672, within(1e-6));
    assertThat(j.get("gap").asDouble()).isCloseTo(0.3, within(1e-12));

    Run small = run("--epsilon", "1", "--window", "12", "--chain", P1, "--mode", "exact", "--json");
    JsonNode q = small.json().get("quilt");
    assertThat(small.json().get("sigma").asDouble()).isCloseTo(12.0, within(1e-12));
    assertThat(q.get("a").isNull()).isTrue();
    assertThat(q.get("b").isNull()).isTrue();
  }

  @Test
  void boundsAndFiniteClasses() {
    Run bounds = run("--epsilon", "1", "--window", "200", "--pi-min", String.valueOf(1.0 / 3), "--gap", "0.1",
        "--mode", "approx-reversible", "--json");
    assertThat(bounds.code()).isZero();
    assertThat(bounds.json().get("sigma").asDouble()).isCloseTo(109.676929, within(1e-6));
    assertThat(bounds.json().get("quilt").get("a").asInt()).isEqualTo(49);

    Run cls = run("--epsilon", "1", "--window", "200", "--chain", P1, "--chain", P2, "--mode",
        "approx-reversible", "--json");
    assertThat(cls.json().get("sigma").asDouble()).isCloseTo(99.652870, within(1e-6));
    assertThat(cls.json().get("gap").asDouble()).isCloseTo(0.1, within(1e-12));

    Run gen = run("--epsilon", "1", "--window", "100", "--chain", P3, "--mode", "approx-general", "--json");
    assertThat(gen.json().get("sigma").asDouble()).isCloseTo(42.9574535605, within(1e-9));
    Run defaultGen = run("--epsilon", "1", "--window", "100", "--pi-min", "0.3333333333333333", "--gap", "0.51",
        "--json");
    assertThat(defaultGen.json().get("sigma").asDouble()).isCloseTo(42.2864993533, within(1e-9));
  }

  @Test
  void humanReadableOutput() {
    Run r = run("--epsilon", "1", "--window", "100", "--slide", "50", "--chain", P1);
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("sigma_max").contains("22.924858").contains("steady-state");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--epsilon 0 --window 100 --chain P1 | --epsilon = 0.0",
        "--epsilon -1 --window 100 --chain P1 | --epsilon = -1.0",
        "--epsilon 1 --window 0 --chain P1 | --window = 0",
        "--epsilon 1 --window 100 --slide 0 --chain P1 | --slide = 0",
        "--epsilon 1 --window 100 --slide 101 --chain P1 | --slide = 101",
        "--epsilon 1 --window 100 --pi-min 0.6 --gap 0.1 | --pi-min = 0.6",
        "--epsilon 1 --window 100 --pi-min 0 --gap 0.1 | --pi-min = 0.0",
        "--epsilon 1 --window 100 --pi-min 0.2 --gap 1.5 | --gap = 1.5",
        "--epsilon 1 --window 100 --pi-min 0.2 --gap 0 | --gap = 0.0",
        "--epsilon 1 --window 100 --pi-min 0.2 | --gap is required",
        "--epsilon 1 --window 100 | --chain",
        "--epsilon 1 --window 100 --chain P1 --pi-min 0.2 --gap 0.1 | exclusive",
        "--epsilon 1 --window 100 --chain P3 --mode approx-reversible | not reversible",
        "--epsilon 1 --window 100 --chain PERIODIC --mode approx-general | periodic",
        "--epsilon 1 --window 100 --chain REDUCIBLE | not irreducible",
        "--epsilon 1 --window 100 --chain P1 --mode fancy | --mode = fancy",
        "--epsilon 1 --window 100 --pi-min 0.2 --gap 0.1 --mode exact | --mode = exact: a class known only",
        "--epsilon 1 --window 100 --chain BAD | row sums to",
        "--epsilon x --window 100 --chain P1 | --epsilon"
      })
  void badInputExitsTwoWithOneLine(String args, String fragment) {
    String[] a = args.trim().split(" ");
    for (int i = 0; i < a.length; i++) {
      a[i] = switch (a[i]) {
        case "P1" -> P1;
        case "P3" -> P3;
        case "PERIODIC" -> "[[0,1],[1,0]]";
        case "REDUCIBLE" -> "[[1,0],[0.5,0.5]]";
        case "BAD" -> "[[0.5,0.4],[0.5,0.5]]";
        default -> a[i];
      };
    }
    List<String> withJson = new ArrayList<>(List.of(a));
    withJson.add("--json");
    Run r = run(withJson.toArray(String[]::new));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().trim().lines()).hasSize(1);
    assertThat(r.err()).contains(fragment.trim());
  }

  /** Malformed JSON: one line naming the option and what it expects, not the parser's internals. */
  @Test
  void malformedChainJsonSaysWhatIsExpected() {
    Run r = run("--epsilon", "1", "--window", "10", "--chain", "[[0.9,0.1],[0.2", "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("error: --chain[0]: expected a JSON array of rows of numbers,"
        + " e.g. [[0.9,0.1],[0.2,0.8]]; not valid JSON at character 16\n");
    Run x = run("--epsilon", "1", "--window", "10", "--chain", "[[0.9,0.1],[0.2x]]", "--json");
    assertThat(x.err()).startsWith("error: --chain[0]: expected a JSON array of rows of numbers")
        .doesNotContain("Unexpected", "Source", "code 120", "StreamReadFeature");
  }
}
