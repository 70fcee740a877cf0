package org.pufferflow.jobs.mechanism.count;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigNode;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.Attachment;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.MechanismUnit;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.jobs.plan.PlanText;

/**
 * A test-only fourth mechanism, registered by one line in the test resources
 * ({@code META-INF/services/org.pufferflow.jobs.mechanism.MechanismUnit}): section {@code laplaceCount}
 * ({@code window}, {@code epsilon}, {@code state}), output {@code laplace-counts} (topic key
 * {@code kafka.laplaceCountTopic}), one keyed operator (uid {@code laplace-count}). It touches no main file.
 */
public final class LaplaceCountUnit implements MechanismUnit<LaplaceCount> {

  static final String SECTION = "laplaceCount";

  static final OutputKind COUNTS = OutputKind.builder("laplace-counts", WindowHistogram.class)
      .topic("laplaceCountTopic", "laplace-counts").keyFields("subjectId", "windowStartTick", "windowEndTick")
      .groupedBy("subjects").build();

  private static final Map<String, String> PATHS = Map.of(LaplaceCount.WINDOW, SECTION + ".window",
      LaplaceCount.EPSILON, SECTION + ".epsilon");

  @Override
  public String section() {
    return SECTION;
  }

  @Override
  public LaplaceCount read(ConfigNode node, ModelConfig model) {
    node.requireMapping("window", "epsilon", "state");
    int window = node.required("window").asInt();
    double epsilon = node.required("epsilon").asDouble();
    ConfigNode stateNode = node.required("state");
    String label = stateNode.asChoice(model.states(), s -> s);
    try {
      return new LaplaceCount(window, epsilon, model.states().indexOf(label), label);
    } catch (InvalidParameterException e) {
      throw new ConfigException(PATHS.getOrDefault(e.parameter(), SECTION), e.getMessage());
    }
  }

  @Override
  public List<OutputKind> possibleOutputs() {
    return List.of(COUNTS);
  }

  @Override
  public void attach(LaplaceCount description, Attachment at) {
    at.publish(COUNTS, at.observations().process(new LaplaceCountFunction(description, at.key(), at.clock()),
        Attachment.typeOf(COUNTS)).name(at.name("laplace count")).uid(at.uid("laplace-count")));
  }

  @Override
  public MechanismPlan plan(LaplaceCount d, PlanContext context) {
    ObjectNode json = CliJson.object();
    json.put("window", d.window());
    json.set("epsilon", CliJson.number(d.epsilon()));
    json.put("state", d.label());
    String summary = PlanText.f("laplaceCount: each window of %d ticks releases how often the subject was in %s,"
        + " with discrete Laplace noise of scale %s (epsilon %s per window, correlation ignored).", d.window(),
        d.label(), 1 / d.epsilon(), d.epsilon());
    List<String> table = List.of("laplaceCount (state " + d.label() + ")",
        PlanText.row("window", d.window() + " ticks"), PlanText.row("noise scale", String.valueOf(1 / d.epsilon())));
    List<String> warnings = List.of("laplaceCount: a plain count that ignores the chain's correlation; for tests");
    return new MechanismPlan(SECTION, d, null, summary, warnings, json, table, List.of(), true);
  }
}
