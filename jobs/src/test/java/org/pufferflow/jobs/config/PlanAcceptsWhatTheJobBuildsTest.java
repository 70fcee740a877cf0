package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.jobs.config.InvalidConfigTest.BASE_DIR;
import static org.pufferflow.jobs.config.InvalidConfigTest.mutate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.Arguments;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.pipeline.JobAssembly;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.mechanism.redaction.StreamingContract;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * {@code plan --config} accepts exactly the configurations for which the job builds: for every example and every
 * configuration case of the configuration tests (valid and invalid), what the plan does with it (load, then
 * {@link JobPlanner#plan}) and what {@code run} does before it executes (load, then {@link JobAssembly} into a
 * {@link StreamExecutionEnvironment}, the {@link JobGraph} Flink submits — which serializes every function — and
 * the runtime objects each keyed function builds in {@code open()} from the shipped descriptions) end alike:
 * both succeed, or both refuse with a {@link ConfigException} at the same YAML path. Any other exception fails the
 * test: a configuration the loader accepts must never fail later.
 */
class PlanAcceptsWhatTheJobBuildsTest {

  /** Success, or the YAML path of the refusal. */
  private record Outcome(boolean accepted, String path) {
    static final Outcome ACCEPTED = new Outcome(true, null);
  }

  private static Outcome plan(Loader load) {
    try {
      JobConfig job = load.get();
      JobPlanner.plan(job);
      return Outcome.ACCEPTED;
    } catch (ConfigException e) {
      return new Outcome(false, e.path());
    }
  }

  private static Outcome jobGraph(Loader load) {
    try {
      JobConfig job = load.get();
      StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
      JobAssembly.Builder b = JobAssembly.builder(job);
      if (job.usesKafka()) {
        b.bootstrapServers("localhost:9092"); // never contacted: the graph is built, not executed
      }
      b.build(env);
      JobGraph graph = env.getStreamGraph().getJobGraph();
      assertThat(graph.getNumberOfVertices()).isPositive();
      openRuntimeObjects(job);
      return Outcome.ACCEPTED;
    } catch (ConfigException e) {
      return new Outcome(false, e.path());
    }
  }

  /** What the keyed functions build in {@code open()} from the descriptions the job ships. */
  private static void openRuntimeObjects(JobConfig job) {
    if (job.description(DphmmConfig.class) != null) {
      new DphmmReleaser(job.description(DphmmConfig.class));
    }
    if (job.description(MqmWindowPlan.class) != null) {
      WindowHistogramRelease.of(job.description(MqmWindowPlan.class));
    }
    if (job.description(RedactionPlan.class) != null) {
      StreamingContract.of(job.description(RedactionPlan.class), job.description(RedactionPlan.class).holdBackTicks(), job.time().clock());
    }
  }

  @FunctionalInterface
  private interface Loader {
    JobConfig get();
  }

  private static void assertSameOutcome(String name, Loader load) {
    Outcome planned = plan(load);
    assertThat(jobGraph(load)).as(name).isEqualTo(planned);
  }

  @Test
  void everyExample() throws Exception {
    List<Path> examples;
    try (Stream<Path> files = Files.list(RepositoryPaths.root().resolve("examples"))) {
      examples = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(examples).hasSizeGreaterThanOrEqualTo(7);
    for (Path p : examples) {
      assertSameOutcome(p.getFileName().toString(), () -> ConfigLoader.load(p));
      assertThat(plan(() -> ConfigLoader.load(p))).as(p.toString()).isEqualTo(Outcome.ACCEPTED);
    }
  }

  /** The valid cases of the configuration tests: the base, and the alternatives {@code ValidConfigTest} loads. */
  @Test
  void everyValidConfigurationCase() throws Exception {
    List<String[]> cases = List.of(
        new String[0],
        new String[] {"-mqm.slide"},
        new String[] {"mqm.theta={\"piMin\":0.2,\"gap\":0.1}"},
        new String[] {"mqm.theta={\"chains\":[[[0.5,0.5],[0.5,0.5]],[[0.7,0.3],[0.4,0.6]]]}"},
        new String[] {"dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[\"out\",1],[1,0]]}"},
        new String[] {"dphmm.policyGraph={\"type\":\"transition\"}"},
        new String[] {"dphmm.policyGraph={\"type\":\"utility\",\"radius\":1}"},
        new String[] {"dphmm.constraint={\"type\":\"delta\",\"delta\":0.1}", "dphmm.repair=\"min-volume\""},
        new String[] {"dphmm.mechanism=\"laplace\"", "dphmm.fullSpan=false"},
        new String[] {"mqm.output=\"frequencies\"", "mqm.fleet=true"},
        new String[] {"mqm.partialWindows=true", "mqm.fleet=true"},
        new String[] {"mqm.mode=\"approx-reversible\""},
        new String[] {"redaction.mechanism=\"mq\"", "redaction.holdBackTicks=8"},
        new String[] {"redaction.split=\"half\"", "redaction.holdBackTicks=1048576"},
        new String[] {"dphmm.budget={\"total\":100,\"perPeriod\":10,\"periodTicks\":60}"},
        new String[] {"model.transition=[[0.9,0.1000000005],[0.2,0.8]]"});
    for (String[] mutations : cases) {
      String yaml = mutate(mutations);
      String name = String.join(" ", mutations);
      assertThat(plan(() -> ConfigLoader.parse(yaml, BASE_DIR))).as(name).isEqualTo(Outcome.ACCEPTED);
      assertSameOutcome(name, () -> ConfigLoader.parse(yaml, BASE_DIR));
    }
  }

  /** Every invalid case of {@code InvalidConfigTest}: the plan and the job refuse it at the same path. */
  @Test
  void everyInvalidConfigurationCase() throws Exception {
    List<Arguments> cases = new ArrayList<>(InvalidConfigTest.invalidConfigs().toList());
    assertThat(cases).hasSizeGreaterThan(90);
    int refused = 0;
    for (Arguments a : cases) {
      String expected = (String) a.get()[0];
      String yaml = mutate((String[]) a.get()[1]);
      Outcome planned = plan(() -> ConfigLoader.parse(yaml, BASE_DIR));
      assertThat(planned.accepted()).as(expected).isFalse();
      assertThat(expected).startsWith(planned.path() + ": ");
      assertSameOutcome(expected, () -> ConfigLoader.parse(yaml, BASE_DIR));
      refused++;
    }
    assertThat(refused).isEqualTo(cases.size());
  }
}
