package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;

/**
 * Warnings and refusals of {@code plan --config} (docs/cli.md, "plan --config"): each warning names the knob that
 * helps; an invalid configuration exits 2 with the loader's one-line message.
 */
class PlanConfigWarningsTest {

  @TempDir Path dir;

  static final String HEAD = """
      kafka: {bootstrapServers: localhost:9092}
      time: {tickMillis: 60000}
      model:
        states: [a, b, c]
        transition: [[0.8, 0.15, 0.05], [0.1, 0.8, 0.1], [0.05, 0.25, 0.7]]
        query: [[0.0], [1.0], [2.0]]
      discretizer: {type: categorical}
      """;
  static final String NOISE = "noise: {keyEnv: PUFFERFLOW_NOISE_KEY}\n";

  Path write(String yaml) throws IOException {
    Path p = dir.resolve("job-" + System.nanoTime() + ".yaml");
    Files.writeString(p, yaml);
    return p;
  }

  static List<String> warnings(JsonNode j) {
    List<String> w = new ArrayList<>();
    j.get("warnings").forEach(x -> w.add(x.asText()));
    return w;
  }

  @Test
  void tinyEpsilonWarnsForEveryMechanismAndNamesTheKnob() throws IOException {
    Path p = write(HEAD + """
        dphmm:
          epsilon: 0.01
          policyGraph: {type: complete}
          budget: {total: 0.5}
        mqm:
          window: 24
          epsilon: 0.01
          budget: {total: 10.0}
        """ + NOISE);
    JsonNode j = PlanConfigCommandTest.planJson(p);
    List<String> w = warnings(j);
    // K-norm on a 1-D query: E|Z − f| = S/ε = 2/0.01 = 200, far above the range 2
    assertThat(j.get("dphmm").get("expectedError").get("l2").asDouble()).isCloseTo(200, within(1e-9));
    assertThat(w).anyMatch(s -> s.startsWith("dphmm:") && s.contains("raise dphmm.epsilon"));
    // the double 0.01 lies slightly above 1/100, so 50 charges of it exceed 0.5: the exact floor of the ratio is
    // 49, and so is what the ledger (sums rounded up) charges
    JsonNode b = j.get("budgets").get("dphmm");
    assertThat(b.get("budgetOverEpsilonFloor").asLong()).isEqualTo(49);
    assertThat(b.get("releasesUntilExhaustion").asLong()).isEqualTo(49);
    assertThat(w).anyMatch(s -> s.startsWith("dphmm.budget:") && s.contains("after 49 releases")
        && s.contains("raise dphmm.budget.total"));
    assertThat(w).anyMatch(s -> s.startsWith("mqm:") && s.contains("raise mqm.epsilon or mqm.window"));
    Run human = PlanConfigCommandTest.plan(p);
    assertThat(human.out()).contains("Warnings:", "raise dphmm.epsilon");
    // a day of 1-minute ticks at epsilon 0.01 spends 14.4, beyond the 5 a day that is called meaningful
    assertThat(w).anyMatch(s -> s.startsWith("dphmm.budget: a subject observed at every tick can spend epsilon 14.4"
        + " in a day (1,440 releases of 0.01), more than the 5 per day"));
    assertThat(w).noneMatch(s -> s.startsWith("mqm.budget: a subject observed")); // 60 windows of 0.01: 0.6
  }

  @Test
  void aGenerousConfigurationHasNoErrorWarnings() throws IOException {
    // one release a day at epsilon 4: 4 a day, within the 5 a day called meaningful
    Path p = write(HEAD.replace("tickMillis: 60000", "tickMillis: 86400000") + """
        dphmm:
          epsilon: 4.0
          policyGraph: {type: complete}
          budget: {total: 4000.0}
        """ + NOISE);
    JsonNode j = PlanConfigCommandTest.planJson(p);
    assertThat(warnings(j)).isEmpty();
    assertThat(j.get("budgets").get("dphmm").get("releasesUntilExhaustion").asLong()).isEqualTo(1000);
  }

  @Test
  void laplaceReportsItsScaleAndExactErrorInOneDimension() throws IOException {
    Path p = write(HEAD + """
        dphmm:
          epsilon: 0.5
          policyGraph: {type: edges, edges: [[0, 1], [1, 2]]}
          mechanism: laplace
          budget: {total: 100.0, perPeriod: 2.0, periodTicks: 10}
        """ + NOISE);
    JsonNode j = PlanConfigCommandTest.planJson(p);
    JsonNode d = j.get("dphmm");
    assertThat(d.get("mechanism").asText()).isEqualTo("laplace");
    // chain 0–1–2 with f = 0, 1, 2: S_f = 1, so the per-coordinate scale is 1/ε = 2 = E|Z − f|
    assertThat(d.get("fullStateSpace").get("l1Sensitivity").asDouble()).isEqualTo(1.0);
    assertThat(d.get("expectedError").get("laplaceScale").asDouble()).isEqualTo(2.0);
    assertThat(d.get("expectedError").get("l2").asDouble()).isEqualTo(2.0);
    assertThat(d.get("expectedError").get("kNorm").isNull()).isTrue();
    JsonNode b = j.get("budgets").get("dphmm");
    assertThat(b.get("releasesPerPeriod").asLong()).isEqualTo(4);
    assertThat(b.get("releasesWantedPerPeriod").asLong()).isEqualTo(10);
    assertThat(warnings(j)).anyMatch(s -> s.startsWith("dphmm.budget.perPeriod:")
        && s.contains("raise dphmm.budget.perPeriod"));
  }

  @Test
  void lowUtilityWarnsAndNamesTheKnob() throws IOException {
    Path p = write("""
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 3600000}
        model:
          states: [out, in]
          transition: [[0.9, 0.1], [0.2, 0.8]]
        discretizer: {type: categorical}
        redaction: {alpha: 0.1, beta: 0.2, epsilon: 0.2, mechanism: 3r-optimal, holdBackTicks: 9}
        """ + NOISE);
    JsonNode j = PlanConfigCommandTest.planJson(p);
    JsonNode r = j.get("redaction");
    assertThat(r.get("holdBack").get("required").asLong()).isEqualTo(9);
    assertThat(r.get("utilityRecords").asLong()).isEqualTo(Math.max(24, r.get("affectedRecords").asLong()));
    List<String> w = warnings(j);
    assertThat(w).noneMatch(s -> s.startsWith("redaction.holdBackTicks:"));
    if (r.get("utility").asDouble() < 0.5) {
      assertThat(w).anyMatch(s -> s.startsWith("redaction:") && s.contains("raise redaction.epsilon"));
    } else {
      assertThat(w).noneMatch(s -> s.startsWith("redaction:"));
    }
  }

  /** DPHMM and MQM on the same subjects: no theorem composes the two, and the plan says so. */
  @Test
  void dphmmAndMqmOnTheSameSubjectsWarn() throws IOException {
    String head = """
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 60000}
        model:
          states: [out, in]
          transition: [[0.9, 0.1], [0.2, 0.8]]
        discretizer: {type: categorical}
        """;
    String dphmm = "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 1000}}\n";
    String mqm = "mqm: {window: 100, epsilon: 4.0, budget: {total: 1000}}\n";
    assertThat(warnings(PlanConfigCommandTest.planJson(write(head + dphmm + mqm + NOISE))))
        .anyMatch(s -> s.startsWith("dphmm, mqm: ") && s.contains("neither guarantee covers the pair"));
    assertThat(warnings(PlanConfigCommandTest.planJson(write(head + dphmm + NOISE))))
        .noneMatch(s -> s.startsWith("dphmm, mqm: "));
    assertThat(warnings(PlanConfigCommandTest.planJson(write(head + mqm + NOISE))))
        .noneMatch(s -> s.startsWith("dphmm, mqm: "));
  }

  /** A hold-back the plan cannot work with and the right split are refused at load (exit 2), not merely warned. */
  @Test
  void shortHoldBackAndSplitRightAreRefusedAsRunRefusesThem() throws IOException {
    String head = """
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 300000}
        model:
          states: [out, in]
          transition: [[0.9, 0.1], [0.2, 0.8]]
        discretizer: {type: categorical}
        """;
    Path shortHold = write(head + "redaction: {alpha: 0.1, beta: 0.2, epsilon: 0.2, holdBackTicks: 0}\n" + NOISE);
    Run a = CliHarness.run(new PlanCommand(), "--config", shortHold.toString(), "--json");
    assertThat(a.code()).isEqualTo(2);
    assertThat(a.err()).contains("redaction.holdBackTicks: holdBackTicks = 0: too small");
    Path right = write(head + "redaction: {alpha: 0.1, beta: 0.2, epsilon: 1.0, split: right, holdBackTicks: 12}\n"
        + NOISE);
    Run b = CliHarness.run(new PlanCommand(), "--config", right.toString(), "--json");
    assertThat(b.code()).isEqualTo(2);
    assertThat(b.err()).contains("redaction.split: split = right");
  }

  @Test
  void invalidConfigurationExitsTwoWithTheLoadersMessage() throws IOException {
    Path p = write(HEAD.replace("[0.1, 0.8, 0.1]", "[0.1, 0.8, 0.2]") + """
        dphmm:
          epsilon: 1.0
          policyGraph: {type: complete}
          budget: {total: 10.0}
        """ + NOISE);
    String expected;
    try {
      ConfigLoader.load(p);
      throw new AssertionError("the loader accepted an invalid configuration");
    } catch (ConfigException e) {
      expected = e.getMessage();
    }
    Run r = PlanConfigCommandTest.plan(p, "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().trim()).isEqualTo("error: " + expected);
    assertThat(expected).startsWith("model.transition[1]");
  }

  @Test
  void missingFileAndMissingCommandExitTwo() {
    Run r = PlanConfigCommandTest.plan(dir.resolve("absent.yaml"), "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().trim().lines()).hasSize(1);
    Run none = CliHarness.run(new PlanCommand());
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("--config");
  }
}
