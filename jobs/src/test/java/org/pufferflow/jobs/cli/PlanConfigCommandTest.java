package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * {@code pufferflow plan --config} (docs/cli.md, "plan --config"): every job configuration in examples/ plans with
 * exit 0 and sane values, the numbers agree with {@code plan mqm}, {@code plan redaction} and {@code analyze policy}
 * on the same parameters, small ε and small budgets warn, invalid configurations exit 2 with the loader's message.
 */
class PlanConfigCommandTest {

  @TempDir Path dir;

  static Run plan(Path config, String... more) {
    List<String> args = new ArrayList<>(List.of("--config", config.toString()));
    args.addAll(List.of(more));
    return CliHarness.run(new PlanCommand(), args.toArray(String[]::new));
  }

  static JsonNode planJson(Path config) {
    Run r = plan(config, "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().trim().lines()).hasSize(1);
    return r.json();
  }

  static List<Path> exampleJobs() throws IOException {
    try (Stream<Path> s = Files.list(RepositoryPaths.root().resolve("examples"))) {
      return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  static boolean isJob(Path p) throws IOException {
    return Files.readString(p).lines().anyMatch(l -> l.startsWith("kafka:") || l.startsWith("input:"));
  }

  static String matrix(double[][] m) {
    return CliJson.write(CliJson.matrix(m));
  }

  static void assertFinite(JsonNode n, String... fields) {
    for (String f : fields) {
      assertThat(n.has(f)).as(f).isTrue();
      assertThat(n.get(f).isNumber()).as(f + " = " + n.get(f)).isTrue();
      assertThat(Double.isFinite(n.get(f).asDouble())).as(f).isTrue();
    }
  }

  @Test
  void everyExampleJobPlansWithSaneValues() throws IOException {
    List<Path> jobs = new ArrayList<>();
    for (Path p : exampleJobs()) {
      assertThat(isJob(p)).as("every top-level example is a job (models live in examples/models): " + p).isTrue();
      jobs.add(p);
      // the shipped examples are tuned to be useful: plan --config warns about none of them
      assertThat(planJson(p).get("warnings")).as(p.toString()).isEmpty();
    }
    assertThat(jobs).hasSizeGreaterThanOrEqualTo(4);
    for (Path p : jobs) {
      JobConfig job = ConfigLoader.load(p);
      JsonNode j = planJson(p);
      assertThat(j.has("dphmm")).as(p.toString()).isEqualTo(job.description(DphmmConfig.class) != null);
      assertThat(j.has("mqm")).as(p.toString()).isEqualTo(job.description(MqmWindowPlan.class) != null);
      assertThat(j.has("redaction")).as(p.toString()).isEqualTo(job.description(RedactionPlan.class) != null);
      assertThat(j.get("warnings").isArray()).isTrue();
      if (job.description(DphmmConfig.class) != null) {
        checkDphmm(j.get("dphmm"), j.get("budgets").get("dphmm"), job);
      }
      if (job.description(MqmWindowPlan.class) != null) {
        checkMqm(j.get("mqm"), j.get("budgets").get("mqm"), job);
      }
      if (job.description(RedactionPlan.class) != null) {
        checkRedaction(j.get("redaction"), job);
      }
      Run human = plan(p);
      assertThat(human.code()).isZero();
      assertThat(human.out()).contains("plan of ", "In words:", "Terms (more in ");
      if (job.description(DphmmConfig.class) != null) {
        assertThat(human.out()).contains("dphmm (", "expected distance", "epsilon per day", "releases = ");
      }
      if (job.description(MqmWindowPlan.class) != null) {
        assertThat(human.out()).contains("mqm (", "noise scale per bin", "epsilon per day", "windows = ");
      }
    }
  }

  static void checkDphmm(JsonNode d, JsonNode budget, JobConfig job) {
    double eps = job.description(DphmmConfig.class).epsilon();
    assertThat(d.get("epsilon").asDouble()).isEqualTo(eps);
    assertThat(d.get("states").asInt()).isEqualTo(job.model().numStates());
    // the constraint and the prior mass its relaxation may leave out (0: the exact support, Definition 4.1)
    assertThat(d.get("constraint").asText()).isEqualTo(job.description(DphmmConfig.class).constraint().toString());
    assertThat(d.get("droppedPriorMass").asDouble())
        .isEqualTo(job.description(DphmmConfig.class).constraint().droppedMassBound(job.model().numStates()));
    JsonNode full = d.get("fullStateSpace");
    assertThat(full.get("dop")).hasSize(job.model().numStates());
    full.get("dop").forEach(x -> assertThat(x.asInt()).isGreaterThanOrEqualTo(2));
    assertThat(full.get("exposedAfterRepair")).isEmpty();
    JsonNode cost = d.get("constrainedDpCost");
    assertFinite(cost, "min", "max");
    assertThat(cost.get("min").asDouble()).isLessThanOrEqualTo(cost.get("max").asDouble());
    assertThat(cost.get("sets").get(0).get("name").asText()).isEqualTo("all states");
    assertThat(cost.get("sets").get(0).get("cost").asDouble())
        .isCloseTo(eps * full.get("constrainedDpMultiplier").asDouble(), within(1e-12));
    JsonNode err = d.get("expectedError");
    assertFinite(err, "l2", "queryRange");
    assertThat(err.get("l2").asDouble()).isPositive();
    if (job.description(DphmmConfig.class).noise() == org.pufferflow.mechanism.dphmm.DphmmNoise.K_NORM) {
      assertThat(err.get("kNorm").asDouble()).isEqualTo((full.get("hullDimension").asInt() + 1) / eps);
    }
    assertThat(budget.get("releasesUntilExhaustion").asLong())
        .isEqualTo((long) Math.floor(job.description(DphmmConfig.class).budget().totalBudget() / eps));
    if (job.description(DphmmConfig.class).budget().hasPeriodBudget()) {
      assertThat(budget.get("releasesPerPeriod").asLong())
          .isEqualTo((long) Math.floor(job.description(DphmmConfig.class).budget().periodBudget() / eps));
      assertThat(budget.get("releasesWantedPerPeriod").asLong()).isEqualTo(job.description(DphmmConfig.class).budget().periodTicks());
    }
  }

  static void checkMqm(JsonNode m, JsonNode budget, JobConfig job) {
    int w = job.description(MqmWindowPlan.class).window();
    double eps = job.description(MqmWindowPlan.class).epsilon();
    int k = job.model().numStates();
    assertFinite(m, "sigma", "noiseScale", "groupDpSigma", "singleWindowNoiseScale");
    double sigma = m.get("sigma").asDouble();
    // MQM never adds more noise than group DP (σ ≤ W/ε) and a window hides at least one state (σ ≥ 1/ε)
    assertThat(sigma).isBetween(1 / eps, w / eps);
    assertThat(m.get("groupDpSigma").asDouble()).isEqualTo(w / eps);
    assertThat(m.get("singleWindowNoiseScale").asDouble()).isBetween(2 * sigma, Math.nextUp(2 * sigma));
    // every window is released at the design-rule scale, at least one window's own scale
    assertThat(m.get("noiseScale").asDouble()).isGreaterThanOrEqualTo(2 * sigma * (1 - 1e-12));
    assertThat(m.get("bins").asInt()).isEqualTo(k);
    JsonNode pp = m.get("perPointEpsilon");
    assertFinite(pp, "start", "steadyState");
    assertThat(pp.get("start").asDouble()).isLessThanOrEqualTo(pp.get("steadyState").asDouble() * (1 + 1e-12));
    assertThat(pp.get("steadyState").asDouble()).isLessThanOrEqualTo(eps * (1 + 1e-12));
    JsonNode err = m.get("expectedError");
    assertFinite(err, "meanCountPerBin", "perBin", "windowL1", "frequency");
    assertThat(err.get("meanCountPerBin").asDouble()).isEqualTo((double) w / k);
    assertThat(err.get("perBin").asDouble()).isBetween(0.9 * m.get("noiseScale").asDouble(),
        m.get("noiseScale").asDouble());
    assertThat(err.get("windowL1").asDouble()).isCloseTo(k * err.get("perBin").asDouble(), within(1e-9));
    assertThat(err.get("frequency").asDouble()).isCloseTo(err.get("perBin").asDouble() / w, within(1e-12));
    assertThat(budget.get("unit").asText()).isEqualTo("window");
    assertThat(budget.get("releasesUntilExhaustion").asLong())
        .isEqualTo((long) Math.floor(job.description(MqmWindowPlan.class).budget().totalBudget() / eps));
    if (job.description(MqmWindowPlan.class).budget().hasPeriodBudget()) {
      long ticks = job.description(MqmWindowPlan.class).budget().periodTicks();
      assertThat(budget.get("releasesWantedPerPeriod").asLong())
          .isEqualTo((ticks + job.description(MqmWindowPlan.class).slide() - 1) / job.description(MqmWindowPlan.class).slide());
    }
  }

  static void checkRedaction(JsonNode r, JobConfig job) {
    assertThat(r.get("epsilon").asDouble()).isEqualTo(job.description(RedactionPlan.class).epsilon());
    assertThat(r.get("leakage").asDouble()).isBetween(0.0, job.description(RedactionPlan.class).epsilon() * (1 + 1e-12));
    assertFinite(r, "utility", "localUtility", "expectedRedactions");
    // Eq. 3: ν = 1 − E[#redacted]/n
    assertThat(r.get("utility").asDouble()).isCloseTo(
        1 - r.get("expectedRedactions").asDouble() / r.get("utilityRecords").asLong(), within(1e-12));
    assertThat(r.get("dM").get("right").asLong()).isLessThanOrEqualTo(r.get("dS").get("right").asLong());
    assertThat(r.get("holdBack").get("configured").asInt()).isEqualTo(job.description(RedactionPlan.class).holdBackTicks());
  }

  @Test
  void aModelFileIsNotAJobAndExitsTwo() {
    Path model = RepositoryPaths.root().resolve("examples/models/presence.yaml");
    Run r = plan(model, "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().trim().lines()).hasSize(1);
    assertThat(r.err()).contains("error: (root): this is a model file (states, transition), not a job configuration");
  }
}
