package org.pufferflow.jobs.config;

import org.pufferflow.jobs.mechanism.mqm.MqmUnit;

import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.jobs.config.InvalidConfigTest.BASE_DIR;
import static org.pufferflow.jobs.config.InvalidConfigTest.mutate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.mqm.BoundedChainClass;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/** Valid configurations: defaults, alternatives of each section, files referenced by the configuration. */
class ValidConfigTest {

  private static final String MINIMAL =
      """
      kafka: {bootstrapServers: "broker-1:9092,broker-2:9092"}
      time: {tickMillis: 1000}
      model:
        states: [a, b, c]
        transition: [[0.5, 0.5, 0], [0, 0.5, 0.5], [0.5, 0, 0.5]]
      discretizer: {type: categorical}
      """;

  @Test
  void minimalConfigurationGetsTheDocumentedDefaults() {
    JobConfig c = ConfigLoader.parse(MINIMAL, BASE_DIR);
    assertThat(c.kafka())
        .isEqualTo(
            new KafkaConfig("broker-1:9092,broker-2:9092", "observations", "opt-outs", java.util.Map.of(),
                "privacy-ledger", "pufferflow", "pufferflow", false));
    assertThat(c.kafka().rejectedTopic()).isEqualTo("observations-rejected");
    assertThat(c.kafka().topic(DphmmUnit.RELEASES)).isEqualTo("dphmm-releases");
    assertThat(c.kafka().topic(MqmUnit.FLEET)).isEqualTo("fleet-histograms");
    assertThat(c.input()).isEqualTo(new InputConfig.KafkaTopic());
    assertThat(c.output()).isEqualTo(new OutputConfig.KafkaTopics());
    assertThat(c.execution()).isEqualTo(ExecutionConfig.UNSET);
    assertThat(c.kafka().embedded()).isFalse();
    assertThat(c.time()).isEqualTo(new TimeConfig(1000, 0, 0));
    assertThat(c.model().initial()).containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
    assertThat(c.model().query()).isDeepEqualTo(new double[][] {{0}, {1}, {2}});
    assertThat(c.discretizer()).isEqualTo(new DiscretizerConfig.Categorical());
    assertThat(c.anyMechanism()).isFalse();
    assertThat(c.description(DphmmConfig.class)).isNull();
    assertThat(c.description(MqmWindowPlan.class)).isNull();
    assertThat(c.description(RedactionPlan.class)).isNull();
    assertThat(c.noise()).isNull();
  }

  @Test
  void everyKeyOfTheTimeSectionIsRead() throws Exception {
    JobConfig c = ConfigLoader.parse(mutate("time={\"tickMillis\":500,\"epochMillis\":7,\"allowedLatenessTicks\":2,"
        + "\"idleTimeoutMillis\":900,\"maxDriftTicks\":40,\"alignmentUpdateMillis\":50}"), BASE_DIR);
    assertThat(c.time()).isEqualTo(new TimeConfig(500, 7, 2, 900, 40, 50));
    assertThat(c.time().alignmentUpdate()).hasMillis(50);
    assertThat(c.time().maxDrift()).hasMillis(20_000);
  }

  @Test
  void optionalKeysOfTheMechanismsGetTheirDefaults() throws Exception {
    JobConfig c = ConfigLoader.parse(mutate("-mqm.slide"), BASE_DIR);
    assertThat(c.description(DphmmConfig.class).constraint()).isEqualTo(Constraint.support());
    assertThat(c.description(DphmmConfig.class).repair()).isEqualTo(RepairMode.STRICT);
    assertThat(c.description(DphmmConfig.class).fullSpan()).isTrue();
    assertThat(c.description(DphmmConfig.class).noise()).isEqualTo(DphmmNoise.K_NORM);
    assertThat(c.description(DphmmConfig.class).policyGraph()).isEqualTo(PolicyGraph.complete(c.model().numStates()));
    assertThat(c.description(DphmmConfig.class).budget()).isEqualTo(LedgerPolicy.builder().totalBudget(100).build());
    assertThat(c.description(MqmWindowPlan.class).slide()).isEqualTo(10);
    assertThat(c.description(MqmWindowPlan.class).chainClass()).isEqualTo(FiniteChainClass.of(c.model().transition().toArray()));
    assertThat(c.description(MqmWindowPlan.class).mode()).isEqualTo(MqmMode.EXACT_ANY_INITIAL);
    assertThat(c.description(MqmWindowPlan.class).output()).isEqualTo(MqmOutput.COUNTS);
    assertThat(c.description(MqmWindowPlan.class).budget()).isEqualTo(LedgerPolicy.builder().totalBudget(100).build());
    assertThat(c.description(RedactionPlan.class).mechanism()).isEqualTo(RedactionMechanism.DEFAULT);
    assertThat(c.description(RedactionPlan.class).split().left()).isEqualTo(c.description(RedactionPlan.class).epsilon() / 2);
    assertThat(c.description(RedactionPlan.class).holdBack()).isEqualTo(4);
  }

  @Test
  void boundsDefaultToApproxGeneralAndChainsAreKept() throws Exception {
    JobConfig bounds = ConfigLoader.parse(mutate("mqm.theta={\"piMin\":0.2,\"gap\":0.1}"), BASE_DIR);
    assertThat(bounds.description(MqmWindowPlan.class).chainClass()).isEqualTo(BoundedChainClass.of(bounds.model().numStates(), 0.2, 0.1));
    assertThat(bounds.description(MqmWindowPlan.class).mode()).isEqualTo(MqmMode.APPROX_GENERAL);
    JobConfig chains =
        ConfigLoader.parse(
            mutate("mqm.theta={\"chains\":[[[0.5,0.5],[0.5,0.5]],[[0.7,0.3],[0.4,0.6]]]}"), BASE_DIR);
    assertThat(chains.description(MqmWindowPlan.class).chainClass()).isEqualTo(FiniteChainClass.of(new double[][] {{0.5, 0.5}, {0.5, 0.5}},
        new double[][] {{0.7, 0.3}, {0.4, 0.6}}));
  }

  @Test
  void edgesNameStatesByLabelOrIndex() throws Exception {
    JobConfig c =
        ConfigLoader.parse(
            mutate("dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[\"out\",1],[1,0]]}"), BASE_DIR);
    assertThat(c.description(DphmmConfig.class).policyGraph()).isEqualTo(PolicyGraph.edges(c.model().numStates(), new int[][] {{0, 1}}));
    JobConfig t = ConfigLoader.parse(mutate("dphmm.policyGraph={\"type\":\"transition\"}"), BASE_DIR);
    assertThat(t.description(DphmmConfig.class).policyGraph()).isEqualTo(PolicyGraph.transition(t.description(DphmmConfig.class).transition(), 0));
    JobConfig cat = ConfigLoader.parse(mutate(with3("dphmm.policyGraph={\"type\":\"categorical\","
        + "\"labels\":[\"home\",\"away\",\"home\"]}")), BASE_DIR);
    assertThat(cat.description(DphmmConfig.class).policyGraph()).isEqualTo(PolicyGraph.categorical(new int[] {0, 1, 0}));
    assertThat(cat.description(DphmmConfig.class).policyGraph().edges()).containsExactly(new int[] {0, 2});
  }

  /** Three states (redaction off) plus {@code more}. */
  private static String[] with3(String... more) {
    String[] three = {"model.states=[\"a\",\"b\",\"c\"]",
      "model.transition=[[0.8,0.1,0.1],[0.1,0.8,0.1],[0.1,0.1,0.8]]", "discretizer.thresholds=[1,2]", "-redaction"};
    String[] all = java.util.Arrays.copyOf(three, three.length + more.length);
    System.arraycopy(more, 0, all, three.length, more.length);
    return all;
  }

  @Test
  void rowSumsWithinTheToleranceAreAccepted() throws Exception {
    JobConfig c =
        ConfigLoader.parse(mutate("model.transition=[[0.9,0.1000000005],[0.2,0.8]]"), BASE_DIR);
    assertThat(c.model().transition().toArray()[0][1]).isEqualTo(0.1000000005);
    assertThatThrownBy(() -> ConfigLoader.parse(mutate("model.transition=[[0.9,0.100000002],[0.2,0.8]]"), BASE_DIR))
        .hasMessage("model.transition[0]: row sums to 1.000000002, expected 1 (±1e-9)");
  }

  @Test
  void modelFileAndKeyFileResolveAgainstTheConfigDirectory(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("learned.yaml"),
        """
        states: [out, in]
        transition: [[0.7, 0.3], [0.4, 0.6]]
        stationary: [0.571428571, 0.428571429]
        """);
    String yaml = mutate("-model.transition", "model.modelFile=\"learned.yaml\"", "-redaction", "-noise.keyEnv",
        "noise.keyFile=\"secrets/key.bin\"");
    Path config = dir.resolve("job.yaml");
    Files.writeString(config, yaml);
    JobConfig c = ConfigLoader.load(config);
    assertThat(c.model().states()).containsExactly("out", "in");
    assertThat(c.model().transition().toArray()).isDeepEqualTo(new double[][] {{0.7, 0.3}, {0.4, 0.6}});
    assertThat(c.noise().keyFile()).isEqualTo(dir.resolve("secrets/key.bin").toAbsolutePath().toString());
    assertThat(c.noise().keyEnv()).isNull();
  }

  @Test
  void loadForRunReadsTheKeyOnlyWhenAMechanismIsEnabled(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("job.yaml");
    Files.writeString(config, mutate("-noise.keyEnv", "noise.keyFile=\"job.key\""));
    assertThatThrownBy(() -> ConfigLoader.loadForRun(config))
        .isInstanceOf(ConfigException.class)
        .hasMessage("noise.keyFile: " + dir.resolve("job.key") + ": no such file");
    assertThat(ConfigLoader.load(config).noise().keyFile()).isEqualTo(dir.resolve("job.key").toString());
    Files.writeString(dir.resolve("job.key"), "0123456789abcdef".repeat(4) + "\n");
    assertThat(ConfigLoader.loadForRun(config).noise().load().length()).isEqualTo(32);
    Path ingestOnly = dir.resolve("ingest.yaml");
    Files.writeString(ingestOnly, MINIMAL);
    assertThat(ConfigLoader.loadForRun(ingestOnly).anyMechanism()).isFalse();
  }

  @Test
  void errorsInsideTheModelFileNameTheFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("learned.yaml"), "states: [out, in]\ntransition: [[0.7, 0.3], [0.4, 0.5]]\n");
    String yaml = mutate("-model.transition", "model.modelFile=\"learned.yaml\"");
    assertThatThrownBy(() -> ConfigLoader.parse(yaml, dir))
        .isInstanceOf(ConfigException.class)
        .hasMessage("model.modelFile(learned.yaml).transition[1]: row sums to 0.9, expected 1 (±1e-9)");
    String other = mutate("-model.transition", "model.modelFile=\"learned.yaml\"", "model.states=[\"in\",\"out\"]");
    Files.writeString(dir.resolve("learned.yaml"), "states: [out, in]\ntransition: [[0.7, 0.3], [0.4, 0.6]]\n");
    assertThatThrownBy(() -> ConfigLoader.parse(other, dir))
        .hasMessage("model.states: differ from the states of learned.yaml [out, in]");
  }

  @Test
  void sparseRowsInAModelFileGiveTheDenseMatrix(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("learned.yaml"), """
        states: [out, in]
        transition:
          sparse:
            - {to: [0, 1], p: [0.7, 0.3]}
            - {to: [1], p: [1.0]}
        """);
    String yaml = mutate("-model.transition", "model.modelFile=\"learned.yaml\"", "-redaction", "-dphmm", "-mqm");
    JobConfig c = ConfigLoader.parse(yaml, dir);
    assertThat(c.model().transition().toArray()).isDeepEqualTo(new double[][] {{0.7, 0.3}, {0, 1.0}});
  }

  @Test
  void badSparseRowsAreRefusedAtTheirPath(@TempDir Path dir) throws Exception {
    String yaml = mutate("-model.transition", "model.modelFile=\"learned.yaml\"", "-redaction", "-dphmm", "-mqm");
    String[][] cases = {
        {"- {to: [1, 0], p: [0.3, 0.7]}", "model.modelFile(learned.yaml).transition.sparse[0].to[1]: state index 0"
            + " not above the previous one (1): list each column once, increasing"},
        {"- {to: [0, 2], p: [0.3, 0.7]}", "model.modelFile(learned.yaml).transition.sparse[0].to[1]: state index 2"
            + " outside 0..1"},
        {"- {to: [0], p: [0.3, 0.7]}", "model.modelFile(learned.yaml).transition.sparse[0].p: has 2 entries, to has 1"},
        {"- {to: [0, 1], p: [0.4, 0.5]}", "model.modelFile(learned.yaml).transition[0]: row sums to 0.9, expected 1"
            + " (±1e-9)"},
    };
    for (String[] c : cases) {
      Files.writeString(dir.resolve("learned.yaml"),
          "states: [out, in]\ntransition:\n  sparse:\n    " + c[0] + "\n    - {to: [1], p: [1.0]}\n");
      assertThatThrownBy(() -> ConfigLoader.parse(yaml, dir)).isInstanceOf(ConfigException.class).hasMessage(c[1]);
    }
  }

  @Test
  void theConfigurationIsSerializableForFlink() throws Exception {
    JobConfig c = ConfigLoader.parse(mutate("dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[0,1]]}"), BASE_DIR);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(c);
    }
    JobConfig back;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      back = (JobConfig) in.readObject();
    }
    assertThat(back).isEqualTo(c).hasSameHashCodeAs(c);
    assertThat(back.model().transition().toArray()).isDeepEqualTo(c.model().transition().toArray());
  }

  @Test
  void recordsWithArraysCompareByValue() throws Exception {
    assertThat(ConfigLoader.parse(mutate(), BASE_DIR)).isEqualTo(ConfigLoader.parse(mutate(), BASE_DIR));
    assertThat(ConfigLoader.parse(mutate(), BASE_DIR))
        .isNotEqualTo(ConfigLoader.parse(mutate("model.transition=[[0.8,0.2],[0.2,0.8]]", "-redaction"), BASE_DIR));
    assertThat(new DiscretizerConfig.Bins(new double[] {1, 2}, 0, 3))
        .isEqualTo(new DiscretizerConfig.Bins(new double[] {1, 2}, 0, 3))
        .isNotEqualTo(new DiscretizerConfig.Bins(new double[] {1, 2.5}, 0, 3));
    assertThat(PolicyGraph.edges(3, new int[][] {{0, 1}})).isEqualTo(PolicyGraph.edges(3, new int[][] {{1, 0}}))
        .isNotEqualTo(PolicyGraph.edges(3, new int[][] {{0, 2}}));
  }

  @Test
  void recordsAreImmutable() {
    JobConfig c = ConfigLoader.parse(MINIMAL, BASE_DIR);
    c.model().transition().toArray()[0][0] = 42;
    c.model().query()[0][0] = 42;
    assertThat(c.model().transition().toArray()[0][0]).isEqualTo(0.5);
    assertThat(c.model().query()[0][0]).isEqualTo(0.0);
  }

  @Test
  void theShippedExamplesLoad() throws Exception {
    Path examples = RepositoryPaths.root().resolve("examples");
    try (var files = Files.list(examples)) {
      var configs =
          files
              .filter(p -> p.toString().endsWith(".yaml") && !p.getFileName().toString().startsWith("model-"))
              .toList();
      assertThat(configs).hasSizeGreaterThanOrEqualTo(3);
      for (Path p : configs) {
        assertThat(ConfigLoader.load(p)).as(p.toString()).isNotNull();
      }
    }
  }
}
