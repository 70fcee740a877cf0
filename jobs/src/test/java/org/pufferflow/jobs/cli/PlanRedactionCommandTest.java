package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.SplitRule;

/** {@code pufferflow plan redaction} against docs/cli.md and docs/redaction.md's vectors. */
class PlanRedactionCommandTest {

  static Run run(String... args) {
    return CliHarness.run(new PlanRedactionCommand(), args);
  }

  private static JsonNode json(String... args) throws Exception {
    Run r = run(args);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().trim().split("\n")).hasSize(1);
    return CliJson.MAPPER.readTree(r.out());
  }

  private static List<String> fields(JsonNode n) {
    List<String> f = new ArrayList<>();
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      f.add(it.next());
    }
    return f;
  }

  @Test
  void figureThreeRelaxedAtEpsOne() throws Exception {
    JsonNode o = json("--alpha", "0.01", "--beta", "0.8", "--epsilon", "1", "--private", "1", "--n", "10",
        "--mechanism", "3r-relaxed", "--split", "right", "--json");
    assertThat(fields(o)).containsExactly("dM", "dS", "redactionProbability", "utility", "leakage", "split");
    assertThat(o.get("dM").get("left").isNull()).isTrue();
    assertThat(o.get("dS").get("left").isNull()).isTrue();
    assertThat(o.get("dM").get("right").asInt()).isEqualTo(1);
    assertThat(o.get("dS").get("right").asInt()).isEqualTo(3);
    JsonNode q = o.get("redactionProbability");
    assertThat(q).hasSize(3);
    assertThat(q.get(0).get(0).asInt()).isEqualTo(1);
    assertThat(q.get(0).get(1).asDouble()).isEqualTo(1.0);
    assertThat(q.get(1).get(0).asInt()).isEqualTo(2);
    assertThat(q.get(1).get(1).asDouble()).isCloseTo(0.757415, within(1e-6));
    assertThat(q.get(2).get(0).asInt()).isEqualTo(3);
    assertThat(o.get("utility").asDouble()).isCloseTo(0.747918, within(1e-6));
    assertThat(o.get("leakage").asDouble()).isCloseTo(0.679971, within(1e-6));
    assertThat(o.get("split").get("left").asDouble()).isZero();
    assertThat(o.get("split").get("right").asDouble()).isEqualTo(1.0);
  }

  @Test
  void numericalIsDefaultAndAutoSplitPicksRightForFirstRecord() throws Exception {
    JsonNode o = json("--alpha", "0.01", "--beta", "0.8", "--epsilon", "1", "--private", "1", "--n", "10",
        "--json");
    assertThat(o.get("redactionProbability").get(1).get(1).asDouble()).isCloseTo(0.546926, within(1e-6));
    assertThat(o.get("utility").asDouble()).isCloseTo(0.789496, within(1e-6));
    assertThat(o.get("leakage").asDouble()).isLessThanOrEqualTo(1.0);
    assertThat(o.get("split").get("right").asDouble()).isEqualTo(1.0);
  }

  /** The CLI's defaults are the redaction package's ({@code RedactionMechanism.DEFAULT}, {@code SplitRule.DEFAULT}). */
  @Test
  void defaultsAreThePackageDefaults() throws Exception {
    String[] base = {"--alpha", "0.1", "--beta", "0.2", "--epsilon", "1", "--private", "7", "--json"};
    JsonNode implicit = json(base);
    String[] explicit = java.util.Arrays.copyOf(base, base.length + 4);
    explicit[base.length] = "--mechanism";
    explicit[base.length + 1] = RedactionMechanism.DEFAULT.configName();
    explicit[base.length + 2] = "--split";
    explicit[base.length + 3] = SplitRule.DEFAULT.configName();
    assertThat(implicit).isEqualTo(json(explicit));
    for (RedactionMechanism m : RedactionMechanism.values()) {
      if (m != RedactionMechanism.DEFAULT) {
        explicit[base.length + 1] = m.configName();
        assertThat(json(explicit)).as(m.configName()).isNotEqualTo(implicit);
      }
    }
    Run help = run("--help");
    assertThat(help.out()).contains("(default: " + RedactionMechanism.DEFAULT_CONFIG_NAME + ")");
  }

  @Test
  void enumNamesAreCaseInsensitiveAndErrorsNameTheOption() {
    Run ok = run("--alpha", "0.1", "--beta", "0.2", "--epsilon", "1", "--private", "3", "--mechanism", "MQ-Tight",
        "--split", "HALF", "--json");
    assertThat(ok.code()).as(ok.err()).isZero();
    Run bad = run("--alpha", "0.1", "--beta", "0.2", "--epsilon", "1", "--private", "3", "--mechanism", "3r");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().trim())
        .endsWith("--mechanism = 3r: must be one of 3r-relaxed, 3r-optimal, 3r-numerical, mq, mq-tight");
  }

  @Test
  void twoSidedT8AndMq() throws Exception {
    JsonNode o = json("--alpha", "0.1", "--beta", "0.5", "--epsilon", "2", "--private", "8", "--n", "20",
        "--mechanism", "3r-optimal", "--split", "half", "--json");
    assertThat(o.get("dM").get("left").asInt()).isEqualTo(1);
    assertThat(o.get("dS").get("left").asInt()).isEqualTo(2);
    assertThat(o.get("utility").asDouble()).isCloseTo(0.867641, within(1e-6));
    assertThat(o.get("leakage").asDouble()).isCloseTo(1.745003, within(1e-6));
    assertThat(o.get("redactionProbability")).hasSize(3);
    JsonNode mq = json("--alpha", "0.1", "--beta", "0.5", "--epsilon", "2", "--private", "8", "--n", "20",
        "--mechanism", "mq", "--json");
    assertThat(mq.get("utility").asDouble()).isCloseTo(0.75, within(1e-12));
    assertThat(mq.get("leakage").asDouble()).isCloseTo(0.687543, within(1e-6));
    assertThat(mq.get("redactionProbability")).hasSize(5);
    assertThat(mq.get("split").get("left").asDouble()).isEqualTo(1.0);
    JsonNode tight = json("--alpha", "0.1", "--beta", "0.5", "--epsilon", "2", "--private", "8", "--n", "20",
        "--mechanism", "mq-tight", "--json");
    assertThat(tight.get("utility").asDouble()).isCloseTo(0.85, within(1e-12));
  }

  @Test
  void unboundedStream() throws Exception {
    JsonNode o = json("--alpha", "0.01", "--beta", "0.8", "--epsilon", "1", "--private", "5",
        "--mechanism", "3r-optimal", "--split", "half", "--json");
    assertThat(o.get("dS").get("left").asInt()).isEqualTo(3);
    assertThat(o.get("dS").get("right").asInt()).isEqualTo(3);
    assertThat(o.get("utility").asDouble()).isEqualTo(1.0);
    assertThat(o.get("leakage").asDouble()).isLessThanOrEqualTo(1.0);
    assertThat(o.get("redactionProbability").get(o.get("redactionProbability").size() - 1).get(0).asInt())
        .isLessThan(8);
  }

  @Test
  void farPrivateRecordOnAStreamIsCheapWithAutoSplit() throws Exception {
    JsonNode o = json("--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "5000000000", "--json");
    assertThat(o.get("split").get("left").asDouble()).isEqualTo(0.5);
    assertThat(o.get("redactionProbability").get(0).get(0).asLong()).isGreaterThan(4_999_999_990L);
  }

  @Test
  void humanReadableOutput() {
    Run r = run("--alpha", "0.25", "--beta", "0.5", "--epsilon", "0.5", "--private", "1", "--n", "2");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("utility").contains("leakage");
  }

  @Test
  void badInputExitsTwoNamingTheValue() {
    String[][] cases = {
      {"alpha", "--alpha", "1.2", "--beta", "0.5", "--epsilon", "1", "--private", "1"},
      {"alpha", "--alpha", "0", "--beta", "0.5", "--epsilon", "1", "--private", "1"},
      {"beta", "--alpha", "0.2", "--beta", "1", "--epsilon", "1", "--private", "1"},
      {"epsilon", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "0", "--private", "1"},
      {"epsilon", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "-1", "--private", "1"},
      {"private index", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "11", "--n", "10"},
      {"private index", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "0"},
      {"n = 0", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "1", "--n", "0"},
      {"--mechanism", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "1", "--mechanism", "x"},
      {"--split", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "1", "--split", "x"},
      {"--alpha", "--alpha", "abc", "--beta", "0.5", "--epsilon", "1", "--private", "1"},
      {"--private", "--alpha", "0.2", "--beta", "0.5", "--epsilon", "1", "--private", "5000000000", "--split",
          "right"},
      {"--epsilon", "--alpha", "0.2", "--beta", "0.5", "--private", "1"},
    };
    for (String[] c : cases) {
      String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
      Run r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.out()).isEmpty();
      assertThat(r.err().trim().split("\n")).hasSize(1);
      assertThat(r.err()).contains(c[0]);
    }
  }
}
