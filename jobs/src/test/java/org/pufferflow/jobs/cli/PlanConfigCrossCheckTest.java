package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * {@code plan --config} gives the same numbers as the single-mechanism commands on the same parameters
 * (docs/cli.md: "plan mqm", "plan redaction", "analyze policy").
 */
class PlanConfigCrossCheckTest {

  static Path example(String name) {
    return RepositoryPaths.root().resolve("examples").resolve(name);
  }

  static JsonNode run(Object command, String... args) {
    Run r = CliHarness.run(command, args);
    assertThat(r.code()).as(r.err()).isZero();
    return r.json();
  }

  @Test
  void dphmmAgreesWithAnalyzePolicyOnEveryEvaluatedConstraint() {
    Path p = example("location-grid.yaml");
    JobConfig job = ConfigLoader.load(p);
    JsonNode d = run(new PlanCommand(), "--config", p.toString(), "--json").get("dphmm");
    String query = PlanConfigCommandTest.matrix(job.model().query());
    JsonNode full = d.get("fullStateSpace");
    JsonNode a = run(new AnalyzePolicyCommand(), "--query", query, "--graph", "utility:0.06", "--repair", "strict",
        "--json");
    assertThat(full.get("exposed")).isEqualTo(a.get("exposed"));
    assertThat(full.get("dop")).isEqualTo(a.get("dop"));
    assertThat(full.get("addedEdges")).isEqualTo(a.get("addedEdges"));
    assertThat(full.get("hullDimension")).isEqualTo(a.get("hullDimension"));
    assertThat(full.get("hullVolume")).isEqualTo(a.get("hullVolume"));
    assertThat(full.get("constrainedDpMultiplier")).isEqualTo(a.get("constrainedDpMultiplier"));
    assertThat(full.get("l1Sensitivity")).isEqualTo(a.get("l1Sensitivity"));
    JsonNode sets = d.get("constrainedDpCost").get("sets");
    // all states plus the 16 distinct rows of the lazy walk (the uniform initial distribution gives all states)
    assertThat(sets).hasSize(17);
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (JsonNode s : sets) {
      JsonNode b = run(new AnalyzePolicyCommand(), "--query", query, "--graph", "utility:0.06", "--constraint",
          s.get("constraint").toString(), "--json");
      assertThat(s.get("multiplier")).as(s.get("name").asText()).isEqualTo(b.get("constrainedDpMultiplier"));
      assertThat(s.get("cost").asDouble()).isEqualTo(b.get("constrainedDpMultiplier").asDouble() * 1.0);
      lo = Math.min(lo, s.get("cost").asDouble());
      hi = Math.max(hi, s.get("cost").asDouble());
    }
    assertThat(d.get("constrainedDpCost").get("min").asDouble()).isEqualTo(lo);
    assertThat(d.get("constrainedDpCost").get("max").asDouble()).isEqualTo(hi);
    // δ = 0.01 location set of row 0 = {0, 1, 4}: the states one step from cell 0
    assertThat(sets.get(1).get("name").asText()).isEqualTo("row 0");
    assertThat(sets.get(1).get("constraint").toString()).isEqualTo("[0,1,4]");
  }

  @Test
  void mqmAgreesWithPlanMqmForEveryExample() throws IOException {
    int checked = 0;
    for (Path p : PlanConfigCommandTest.exampleJobs()) {
      if (!PlanConfigCommandTest.isJob(p) || ConfigLoader.load(p).description(MqmWindowPlan.class) == null) {
        continue;
      }
      JobConfig job = ConfigLoader.load(p);
      MqmWindowPlan q = job.description(MqmWindowPlan.class);
      JsonNode m = run(new PlanCommand(), "--config", p.toString(), "--json").get("mqm");
      JsonNode ref = run(new PlanMqmCommand(), "--epsilon", Double.toString(q.epsilon()), "--window",
          Integer.toString(q.window()), "--slide", Integer.toString(q.slide()), "--chain",
          PlanConfigCommandTest.matrix(job.model().transition().toArray()), "--mode", q.mode().configName(), "--json");
      assertThat(m.get("sigma")).as(p.toString()).isEqualTo(ref.get("sigma"));
      // one window alone at ε* is plan mqm's scale; the job releases every window at the design-rule scale
      assertThat(m.get("singleWindowNoiseScale")).isEqualTo(ref.get("noiseScale"));
      assertThat(m.get("noiseScale")).isEqualTo(ref.get("designNoiseScale"));
      assertThat(m.get("groupDpSigma")).isEqualTo(ref.get("groupDpSigma"));
      assertThat(m.get("quilt")).isEqualTo(ref.get("quilt"));
      // at the design-rule scale every time point is within the target
      assertThat(m.get("perPointEpsilon").get("steadyState").asDouble()).isLessThanOrEqualTo(q.epsilon() * (1 + 1e-12));
      checked++;
    }
    assertThat(checked).isEqualTo(3); // smart-meters, smart-meters-file, learned-model
  }

  @Test
  void redactionAgreesWithPlanRedactionForAFarPrivateRecord() {
    Path p = example("redaction.yaml");
    JsonNode r = run(new PlanCommand(), "--config", p.toString(), "--json").get("redaction");
    long privateIndex = r.get("holdBack").get("required").asLong() + 2;
    // split auto on a stream = half (docs/cli.md, "plan --config")
    JsonNode ref = run(new PlanRedactionCommand(), "--alpha", "0.1", "--beta", "0.2", "--epsilon", "1", "--private",
        Long.toString(privateIndex), "--mechanism", "3r-optimal", "--split", "half", "--json");
    assertThat(r.get("dM")).isEqualTo(ref.get("dM"));
    assertThat(r.get("dS")).isEqualTo(ref.get("dS"));
    assertThat(r.get("split")).isEqualTo(ref.get("split"));
    assertThat(r.get("leakage").asDouble()).isCloseTo(ref.get("leakage").asDouble(),
        org.assertj.core.api.Assertions.within(1e-12));
    assertThat(r.get("holdBack").get("required").asLong()).isEqualTo(r.get("dS").get("left").asLong() - 1);
    assertThat(r.get("reach").asLong()).isEqualTo(r.get("dS").get("right").asLong() - 1);
  }
}
