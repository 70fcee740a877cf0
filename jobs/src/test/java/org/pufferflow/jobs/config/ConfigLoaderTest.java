package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

class ConfigLoaderTest {

  static String resource(String name) throws IOException {
    // the demo's configurations ship in the tools module's jar (tools/src/main/resources)
    return Files.readString(RepositoryPaths.root().resolve("tools/src/main/resources" + name), StandardCharsets.UTF_8);
  }

  @Test
  void loadsTheSmartMeterDemo() throws IOException {
    JobConfig c = ConfigLoader.parse(resource("/demo/job.yaml"), Path.of("."));
    assertThat(c.kafka().embedded()).isTrue();
    assertThat(c.kafka().inputTopic()).isEqualTo("observations");
    assertThat(c.kafka().ledgerTopic()).isEqualTo("ledger-events");
    assertThat(c.time().tickMillis()).isEqualTo(900_000L);
    assertThat(c.time().allowedLatenessTicks()).isEqualTo(2);
    assertThat(c.model().states()).containsExactly("away", "home", "busy");
    assertThat(c.model().transition().toArray()[2]).containsExactly(0.05, 0.25, 0.70);
    assertThat(c.model().initial()).containsExactly(0.3, 0.5, 0.2);
    assertThat(c.model().query()).isDeepEqualTo(new double[][] {{0.1}, {0.6}, {2.5}});
    assertThat(c.discretizer()).isInstanceOf(DiscretizerConfig.Bins.class);
    DiscretizerConfig.Bins bins = (DiscretizerConfig.Bins) c.discretizer();
    assertThat(bins.thresholds()).containsExactly(0.2, 1.0);
    assertThat(bins.max()).isEqualTo(50.0);
    assertThat(c.description(DphmmConfig.class)).as("one mechanism per subject stream").isNull();
    assertThat(c.description(MqmWindowPlan.class).window()).isEqualTo(96);
    assertThat(c.description(MqmWindowPlan.class).slide()).isEqualTo(96);
    assertThat(c.description(MqmWindowPlan.class).chainClass()).isEqualTo(FiniteChainClass.of(c.model().transition().toArray()));
    assertThat(c.description(MqmWindowPlan.class).mode()).isEqualTo(MqmMode.EXACT_ANY_INITIAL);
    assertThat(c.description(RedactionPlan.class)).isNull();
    assertThat(c.noise()).isEqualTo(NoiseKeySource.env("PUFFERFLOW_NOISE_KEY"));
  }

  @Test
  void loadsTheLocationSample() throws IOException {
    JobConfig c = ConfigLoader.parse(resource("/demo/location.yaml"), Path.of("."));
    assertThat(c.model().numStates()).isEqualTo(16);
    DiscretizerConfig.Grid g = (DiscretizerConfig.Grid) c.discretizer();
    assertThat(g.cells()).isEqualTo(16);
    // default query of a grid: cell centres (lat, lon); cell 5 = row 1, col 1
    assertThat(c.model().queryDimension()).isEqualTo(2);
    assertThat(c.model().query()[5][0]).isCloseTo(39.85 + 1.5 * 0.035, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(c.model().query()[5][1]).isCloseTo(116.30 + 1.5 * 0.0375, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(c.description(DphmmConfig.class).policyGraph()).isEqualTo(PolicyGraph.utility(c.description(DphmmConfig.class).query(), 0.06));
    assertThat(c.description(DphmmConfig.class).constraint()).isEqualTo(Constraint.deltaLocationSet(0.01));
    assertThat(c.description(DphmmConfig.class).budget())
        .isEqualTo(LedgerPolicy.builder().totalBudget(1460.0).periodBudget(4.0, 4L).build());
    assertThat(c.description(DphmmConfig.class).repair()).isEqualTo(RepairMode.STRICT);
    assertThat(c.description(DphmmConfig.class).noise()).isEqualTo(DphmmNoise.K_NORM);
    assertThat(c.description(MqmWindowPlan.class)).as("one mechanism per subject stream").isNull();
  }

  @Test
  void theExamplesAreTheDemoConfigurations() throws IOException {
    Path examples = RepositoryPaths.root().resolve("examples");
    assertThat(Files.readString(examples.resolve("smart-meters.yaml"))).isEqualTo(resource("/demo/job.yaml"));
    assertThat(Files.readString(examples.resolve("location-grid.yaml"))).isEqualTo(resource("/demo/location.yaml"));
  }
}
