package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.cli.CliHarness.Run;

class AnalyzePolicyCommandTest {

  static final String F = "[[1,0],[2,1],[3,0],[0,1],[4,2],[1,2]]";
  static final String CATEGORICAL = "categorical:[\"A\",\"B\",\"B\",\"C\",\"C\",\"C\"]";
  static final String M6 = "[[0,0,0,0.5,0.5,0],[0.5,0.5,0,0,0,0],[0,0,0.5,0,0.5,0],[0,0,0,0.5,0,0.5],"
      + "[0,0,0,0,0.5,0.5],[0,0.25,0.25,0,0,0.5]]";

  static Run run(String... args) {
    return CliHarness.run(new AnalyzePolicyCommand(), args);
  }

  @Test
  void example61WithMinVolumeRepair() throws Exception {
    Run r = run("--query", F, "--graph", CATEGORICAL, "--constraint", "[2,3,4,5]", "--repair", "min-volume",
        "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("constraint").toString()).isEqualTo("[2,3,4,5]");
    assertThat(j.get("edges").toString()).isEqualTo("[[3,4],[3,5],[4,5]]");
    assertThat(j.get("exposed").toString()).isEqualTo("[2]");
    assertThat(j.get("addedEdges").toString()).isEqualTo("[[2,3]]");
    assertThat(j.get("dop").toString()).isEqualTo("[2,4,3,3]");
    assertThat(j.get("hull").toString()).isEqualTo("[[4.0,1.0],[-3.0,1.0],[-4.0,-1.0],[3.0,-1.0]]");
    assertThat(j.get("hullDimension").asInt()).isEqualTo(2);
    assertThat(j.get("hullVolume").asDouble()).isCloseTo(14, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(j.get("constrainedDpMultiplier").asDouble()).isCloseTo(2, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(j.get("l1Sensitivity").asDouble()).isEqualTo(5.0); // f(s4) - f(s5) = (-4,-1)
    assertThat(j.size()).isEqualTo(10);
  }

  @Test
  void defaultStrictRepairOfExample61ChoosesTheNearestNode() throws Exception {
    JsonNode j = run("--query", F, "--graph", CATEGORICAL, "--constraint", "[2,3,4,5]", "--json").json();
    assertThat(j.get("addedEdges").toString()).isEqualTo("[[2,4]]");
  }

  @Test
  void infiniteMultiplierIsPrintedAsInf() throws Exception {
    Run r = run("--query", "[[0,1],[1,1],[1,2],[2,2]]", "--graph", "edges:[]", "--repair", "greedy",
        "--full-span", "false", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("constrainedDpMultiplier").asText()).isEqualTo("inf");
    assertThat(j.get("hullDimension").asInt()).isEqualTo(1);
    assertThat(j.get("addedEdges").toString()).isEqualTo("[[0,1]]");
    JsonNode fixed = run("--query", "[[0,1],[1,1],[1,2],[2,2]]", "--graph", "edges:[]", "--repair", "greedy",
        "--json").json();
    assertThat(fixed.get("constrainedDpMultiplier").isNumber()).isTrue();
    assertThat(fixed.get("hullDimension").asInt()).isEqualTo(2);
  }

  @Test
  void transitionAndUtilityGraphs() throws Exception {
    JsonNode t = run("--query", F, "--graph", "transition:0.3", "--transition", M6, "--repair", "none", "--json")
        .json();
    assertThat(t.get("edges").toString()).isEqualTo("[[0,1],[2,4],[3,4],[3,5],[4,5]]");
    JsonNode u = run("--query", F, "--graph", "utility:2.5", "--constraint", "[3,4]", "--json").json();
    assertThat(u.get("exposed").toString()).isEqualTo("[3,4]");
    assertThat(u.get("addedEdges").toString()).isEqualTo("[[3,4]]");
  }

  @Test
  void humanReadableOutputWithoutJson() {
    Run r = run("--query", F, "--graph", "complete");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("constrained-DP multiplier").contains("sensitivity hull vertices");
  }

  @Test
  void badInputExitsTwoWithAOneLineMessage() {
    Run nonStochastic = run("--query", "[[0],[1]]", "--graph", "transition:0", "--transition", "[[0.5,0.5],[0.5,0.47]]",
        "--json");
    assertThat(nonStochastic.code()).isEqualTo(2);
    assertThat(nonStochastic.err()).contains("--transition[1]: row sums to 0.97").doesNotContain("\n\n");
    assertThat(nonStochastic.out()).isEmpty();

    Run d4 = run("--query", "[[0,0,0,0],[1,1,1,1]]", "--graph", "complete", "--json");
    assertThat(d4.code()).isEqualTo(2);
    assertThat(d4.err()).contains("--query").contains("4");

    Run missing = run("--query", F, "--graph", "edges:[[0,1],[2,9]]", "--json");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("--graph").contains("= 9").contains("no such state");

    Run wrongShape = run("--query", F, "--graph", "transition:0", "--transition", "[[1,0],[0,1]]", "--json");
    assertThat(wrongShape.code()).isEqualTo(2);
    assertThat(wrongShape.err()).contains("--transition").contains("expected 6");

    Run repair = run("--query", F, "--graph", "complete", "--repair", "best", "--json");
    assertThat(repair.code()).isEqualTo(2);
    assertThat(repair.err()).contains("--repair best");

    Run constraint = run("--query", F, "--graph", "complete", "--constraint", "[0,6]", "--json");
    assertThat(constraint.code()).isEqualTo(2);
    assertThat(constraint.err()).contains("--constraint[1] = 6");

    Run noTransition = run("--query", F, "--graph", "transition:0", "--json");
    assertThat(noTransition.code()).isEqualTo(2);
    assertThat(noTransition.err()).contains("--transition");

    Run fullSpan = run("--query", F, "--graph", "complete", "--full-span", "maybe", "--json");
    assertThat(fullSpan.code()).isEqualTo(2);
    assertThat(fullSpan.err()).contains("--full-span");

    Run labels = run("--query", F, "--graph", "categorical:[\"A\"]", "--json");
    assertThat(labels.code()).isEqualTo(2);
    assertThat(labels.err()).contains("--graph categorical");
  }
}
