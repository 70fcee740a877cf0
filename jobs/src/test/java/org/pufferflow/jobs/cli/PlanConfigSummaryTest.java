package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.jobs.cli.PlanConfigCommandTest.exampleJobs;
import static org.pufferflow.jobs.cli.PlanConfigCommandTest.plan;
import static org.pufferflow.jobs.cli.PlanConfigCommandTest.planJson;
import static org.pufferflow.jobs.plan.PlanNumbers.down;
import static org.pufferflow.jobs.plan.PlanNumbers.up;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * The text of {@code plan --config} for every example (docs/cli.md, "plan --config"): it starts with one sentence
 * per configured mechanism saying what is protected, over which span and at which ε, with the numbers of
 * {@code --json} rounded up; it has no JSON and no long decimals; each example spends at most the ε per day that
 * docs/choosing-parameters.md calls meaningful.
 */
class PlanConfigSummaryTest {

  private static final Pattern DECIMAL = Pattern.compile("\\d+\\.(\\d+)");

  @Test
  void everyExampleStartsWithASummaryPerMechanismThatAgreesWithTheJson() throws IOException {
    List<Path> jobs = exampleJobs();
    assertThat(jobs).hasSize(7);
    for (Path p : jobs) {
      JobConfig job = ConfigLoader.load(p);
      JsonNode j = planJson(p);
      String text = plan(p).out();
      List<String> summary = new ArrayList<>();
      j.get("summary").forEach(x -> summary.add(x.asText()));
      int mechanisms = (job.description(DphmmConfig.class) != null ? 1 : 0) + (job.description(MqmWindowPlan.class) != null ? 1 : 0) + (job.description(RedactionPlan.class) != null ? 1 : 0);
      assertThat(summary).as(p.toString()).hasSize(mechanisms);
      assertThat(text).as(p.toString()).startsWith("plan of " + p + System.lineSeparator() + System.lineSeparator()
          + "In words:" + System.lineSeparator() + "  " + summary.get(0).substring(0, 20));
      String tick = duration(job.time().tickMillis());
      for (String s : summary) {
        assertThat(s).contains("an adversary who knows the model cannot tell", "better than odds changed by e^epsilon");
        assertThat(oneLine(text)).as("the text holds the summary").contains(s);
      }
      int i = 0;
      if (job.description(DphmmConfig.class) != null) {
        String s = summary.get(i++);
        JsonNode d = j.get("dphmm");
        JsonNode spend = j.get("budgets").get("dphmm").get("spend");
        assertThat(s).startsWith("dphmm: ").contains("one tick, " + tick, "policy graph",
            "epsilon = " + up(d.get("epsilon").asDouble()) + " per release",
            "up to " + up(d.get("constrainedDpCost").get("max").asDouble()),
            "at most epsilon " + up(spend.get("epsilonPerDay").asDouble()) + " per day",
            down(spend.get("daysOfData").asDouble()) + " days of data");
        assertThat(spend.get("epsilonPerDay").asDouble()).isLessThanOrEqualTo(spend.get("meaningfulPerDay").asDouble());
      }
      if (job.description(MqmWindowPlan.class) != null) {
        String s = summary.get(i++);
        JsonNode m = j.get("mqm");
        JsonNode spend = j.get("budgets").get("mqm").get("spend");
        double perTick = Math.max(m.get("epsilon").asDouble(), m.get("perPointEpsilon").get("steadyState").asDouble());
        assertThat(s).startsWith("mqm: ").contains("windows of " + m.get("window").asInt() + " ticks",
            "at any one tick (" + tick + ")", "epsilon = " + up(perTick) + " per tick",
            "at most epsilon " + up(spend.get("epsilonPerDay").asDouble()) + " per day",
            down(spend.get("daysOfData").asDouble()) + " days of data");
        assertThat(spend.get("epsilonPerDay").asDouble()).isLessThanOrEqualTo(spend.get("meaningfulPerDay").asDouble());
      }
      if (job.description(RedactionPlan.class) != null) {
        String s = summary.get(i);
        JsonNode r = j.get("redaction");
        assertThat(s).startsWith("redaction (" + r.get("mechanism").asText() + "): ").contains(
            "private (opted-out) record had (one tick, " + tick + ")",
            "epsilon = " + up(r.get("epsilon").asDouble()) + " per private record",
            "exact leakage " + up(r.get("leakage").asDouble()));
      }
      assertThat(text).as("no JSON in the text of " + p).doesNotContain("{", "}", "\"");
      Matcher x = DECIMAL.matcher(text);
      while (x.find()) {
        assertThat(x.group().replace(".", "").replaceFirst("^0+", "").length()).as(x.group() + " in " + p)
            .isLessThanOrEqualTo(3);
      }
    }
  }

  @Test
  void theDemoLocationsSpendFourADayForAYear() throws IOException {
    JsonNode spend = planJson(Path.of(exampleDir(), "location-grid.yaml")).get("budgets").get("dphmm").get("spend");
    // 6-hour ticks: 4 releases a day at epsilon 1, the period budget 4 per 4 ticks, total 1,460
    assertThat(spend.get("releasesPerDay").asLong()).isEqualTo(4);
    assertThat(spend.get("epsilonPerDay").asDouble()).isEqualTo(4.0);
    assertThat(spend.get("daysOfData").asDouble()).isEqualTo(365.0);
    JsonNode meters = planJson(Path.of(exampleDir(), "smart-meters.yaml")).get("budgets").get("mqm").get("spend");
    // one 96-tick window a day at epsilon 4, total 1,000
    assertThat(meters.get("epsilonPerDay").asDouble()).isEqualTo(4.0);
    assertThat(meters.get("daysOfData").asDouble()).isEqualTo(250.0);
  }

  private static String exampleDir() throws IOException {
    return exampleJobs().get(0).getParent().toString();
  }

  /** The wrapped text joined back into single spaces. */
  private static String oneLine(String text) {
    return text.replaceAll("\\s*\\R\\s*", " ");
  }

  /** A tick in words, written out independently of PlanSummary. */
  private static String duration(long ms) {
    if (ms == 21_600_000L) {
      return "6 hours";
    }
    if (ms == 900_000L) {
      return "15 minutes";
    }
    if (ms == 300_000L) {
      return "5 minutes";
    }
    throw new AssertionError("an example tick this test does not know: " + ms);
  }
}
