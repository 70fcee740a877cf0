package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * Every shipped example configuration (examples/*.yaml; model files live in examples/models) loads,
 * builds all its mechanisms, and survives Java serialization with identical behaviour.
 */
class ExampleMechanismsTest {

  static List<Path> examples() throws Exception {
    try (var files = Files.list(RepositoryPaths.root().resolve("examples"))) {
      return files.filter(p -> p.toString().endsWith(".yaml") && !p.getFileName().toString().startsWith("model-"))
          .sorted().toList();
    }
  }

  @Test
  void everyExampleBuildsItsMechanismsAndSerializes() throws Exception {
    List<Path> configs = examples();
    assertThat(configs).extracting(p -> p.getFileName().toString())
        .contains("smart-meters.yaml", "location-grid.yaml", "redaction.yaml", "learned-model.yaml");
    int dphmm = 0;
    int mqm = 0;
    int redaction = 0;
    for (Path p : configs) {
      JobConfig c = ConfigLoader.load(p);
      assertThat(c.anyMechanism()).as(p.toString()).isTrue();
      BuiltMechanisms.assertSerializesAndBehavesIdentically(c);
      dphmm += c.description(DphmmConfig.class) != null ? 1 : 0;
      mqm += c.description(MqmWindowPlan.class) != null ? 1 : 0;
      redaction += c.description(RedactionPlan.class) != null ? 1 : 0;
    }
    assertThat(dphmm).isGreaterThanOrEqualTo(1);
    assertThat(mqm).isGreaterThanOrEqualTo(2);
    assertThat(redaction).isGreaterThanOrEqualTo(1);
  }

  @Test
  void theRedactionExampleHoldsBackEnough() throws Exception {
    JobConfig c = ConfigLoader.load(RepositoryPaths.root().resolve("examples/redaction.yaml"));
    assertThat(c.description(RedactionPlan.class).holdBack()).isEqualTo(4).isLessThanOrEqualTo(c.description(RedactionPlan.class).holdBackTicks());
  }

  @Test
  void theMqmScaleOfTheSmartMeterExampleFollowsTheDesignRule() throws Exception {
    JobConfig c = ConfigLoader.load(RepositoryPaths.root().resolve("examples/smart-meters.yaml"));
    var plan = c.description(MqmWindowPlan.class);
    // beta = L * ceil(W/S) * s*(eps), rounded up; per-point loss <= target eps
    int m = (plan.window() + plan.slide() - 1) / plan.slide();
    double formula = Math.nextUp(2.0 * m * plan.calibration().sStar());
    assertThat(plan.noiseScale(plan.window())).isGreaterThanOrEqualTo(formula)
        .isLessThanOrEqualTo(formula * (1 + 1e-9));
    assertThat(plan.accountant().steadyStateEpsilon()).isLessThanOrEqualTo(c.description(MqmWindowPlan.class).epsilon());
  }
}
