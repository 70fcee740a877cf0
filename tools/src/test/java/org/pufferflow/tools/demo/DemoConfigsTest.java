package org.pufferflow.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;

/**
 * The demo's configurations (docs/cli.md, 'demo'): each is an examples/ file verbatim, plans without a warning (the
 * demo shows useful output, not noise), and the three pipelines can share one broker.
 */
class DemoConfigsTest {

  static final Map<String, String> EXAMPLE_OF = Map.of(
      DemoConfigs.METERS_RESOURCE, "smart-meters.yaml",
      DemoConfigs.LOCATIONS_RESOURCE, "location-grid.yaml",
      DemoConfigs.PRESENCE_RESOURCE, "presence-opt-outs.yaml");

  static String resource(String name) throws IOException {
    try (InputStream in = DemoConfigsTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void everyDemoConfigurationIsAnExampleVerbatim() throws IOException {
    Path examples = RepositoryPaths.root().resolve("examples");
    for (Map.Entry<String, String> e : EXAMPLE_OF.entrySet()) {
      assertThat(resource(e.getKey())).as(e.getValue()).isEqualTo(Files.readString(examples.resolve(e.getValue())));
    }
  }

  @Test
  void noDemoConfigurationHasAPlanWarning() {
    for (String r : EXAMPLE_OF.keySet()) {
      JobConfig c = DemoConfigs.resource(r);
      assertThat(JobPlanner.plan(c).warnings()).as(r).isEmpty();
    }
  }

  @Test
  void theDphmmPeriodBudgetPaysForEveryTickAndTheTotalsOutlastTheDefaultDemo() {
    JobConfig locations = DemoConfigs.resource(DemoConfigs.LOCATIONS_RESOURCE);
    DemoPipeline p = new DemoPipeline("locations", "locations", locations, DemoFeeds.locations(locations, 1, 1, 1));
    var dphmm = p.budget(true);
    assertThat(dphmm.releasesPerPeriod()).isGreaterThanOrEqualTo(dphmm.releasesWantedPerPeriod());
    // one simulated day a second: the default 20 s demo spends 20 days of the 365 the total budget pays for
    assertThat(dphmm.releasesUntilExhaustion()).isEqualTo(365L * DemoConfigs.LOCATION_TICKS_PER_SECOND);
    assertThat(dphmm.releasesUntilExhaustion()).isGreaterThan(20L * DemoConfigs.LOCATION_TICKS_PER_SECOND);
    JobConfig meters = DemoConfigs.resource(DemoConfigs.METERS_RESOURCE);
    DemoPipeline m = new DemoPipeline("meters", "meters", meters, DemoFeeds.smartMeters(meters, 1, 1, 1));
    assertThat(m.budget(false).releasesUntilExhaustion()).isEqualTo(250); // docs/cli.md, demo: 250 windows
  }

  /** With a budget for 3 windows, a feed of 5 windows per meter expects 3 histograms per meter and 3 fleet ones. */
  @Test
  void expectedCountsStopWhereTheBudgetRunsOut() throws IOException {
    String yaml = resource(DemoConfigs.METERS_RESOURCE).replace("budget: {total: 1000.0}", "budget: {total: 12.0}");
    assertThat(yaml).contains("total: 12.0");
    JobConfig c = ConfigLoader.parse(yaml, Path.of("."));
    DemoPipeline p = new DemoPipeline("meters", "meters", c, DemoFeeds.smartMeters(c, 4, 5 * 96 + 10, 2));
    assertThat(p.budget(false).releasesUntilExhaustion()).isEqualTo(3);
    assertThat(p.expected(org.pufferflow.jobs.mechanism.mqm.MqmUnit.HISTOGRAMS)).isEqualTo(4 * 3);
    assertThat(p.expected(org.pufferflow.jobs.mechanism.mqm.MqmUnit.FLEET)).isEqualTo(3);
    JobConfig full = DemoConfigs.resource(DemoConfigs.METERS_RESOURCE);
    DemoPipeline q = new DemoPipeline("meters", "meters", full, DemoFeeds.smartMeters(full, 4, 5 * 96 + 10, 2));
    assertThat(q.expected(org.pufferflow.jobs.mechanism.mqm.MqmUnit.HISTOGRAMS)).isEqualTo(4 * 5);
    assertThat(q.expected(org.pufferflow.jobs.mechanism.mqm.MqmUnit.FLEET)).isEqualTo(5);
  }

  @Test
  void thePipelinesUseDistinctTopicsAndTheExpectedMechanisms() {
    JobConfig meters = DemoConfigs.resource(DemoConfigs.METERS_RESOURCE);
    JobConfig locations = DemoConfigs.resource(DemoConfigs.LOCATIONS_RESOURCE);
    JobConfig presence = DemoConfigs.resource(DemoConfigs.PRESENCE_RESOURCE);
    assertThat(meters.description(MqmWindowPlan.class)).isNotNull();
    assertThat(meters.description(MqmWindowPlan.class).fleet()).isTrue();
    assertThat(locations.description(DphmmConfig.class)).isNotNull();
    assertThat(presence.description(RedactionPlan.class)).isNotNull();
    java.util.Set<String> topics = new java.util.HashSet<>();
    for (JobConfig c : java.util.List.of(meters, locations, presence)) {
      var k = c.kafka();
      assertThat(topics.add(k.inputTopic())).as(k.inputTopic()).isTrue();
      assertThat(topics.add(k.rejectedTopic())).as(k.rejectedTopic()).isTrue();
      assertThat(topics.add(k.ledgerTopic())).as(k.ledgerTopic()).isTrue();
    }
  }
}
