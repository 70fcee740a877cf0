package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import org.pufferflow.mechanism.dphmm.DphmmConfig;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * Every invalid configuration fails with one exact, one-line {@code "<path>: <reason>"} message. Each case mutates
 * a valid base configuration ({@link #BASE}, all sections enabled, N = 2): {@code "a.b=JSON"} sets a key,
 * {@code "-a.b"} removes it.
 */
class InvalidConfigTest {

  static final String BASE =
      """
      kafka:
        bootstrapServers: localhost:9092
      time:
        tickMillis: 60000
      model:
        states: [out, in]
        transition: [[0.9, 0.1], [0.2, 0.8]]
      discretizer:
        type: bins
        thresholds: [1.0]
        min: 0
        max: 10
      dphmm:
        epsilon: 1.0
        policyGraph: {type: complete}
        budget: {total: 100}
      mqm:
        window: 10
        slide: 5
        epsilon: 1.0
        budget: {total: 100}
      redaction:
        alpha: 0.1
        beta: 0.2
        epsilon: 1.0
        holdBackTicks: 4
      noise:
        keyEnv: PUFFERFLOW_NOISE_KEY
      """;

  static final Path BASE_DIR = Path.of("/nonexistent-dir");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();

  /** Turns the base model into a 3-state one (and drops redaction, which needs N = 2). */
  private static final String[] THREE_STATES = {
    "model.states=[\"a\",\"b\",\"c\"]",
    "model.transition=[[0.8,0.1,0.1],[0.1,0.8,0.1],[0.1,0.1,0.8]]",
    "discretizer.thresholds=[1,2]",
    "-redaction"
  };

  static Stream<Arguments> invalidConfigs() {
    return Stream.of(
        // missing sections and keys, unknown keys, wrong types
        c("kafka: missing required section", "-kafka"),
        c("time.tickMillis: missing required key", "-time.tickMillis"),
        c("kafka.bootstrapServers: missing required key", "-kafka.bootstrapServers"),
        c("dphmm.budget: missing required key", "-dphmm.budget"),
        c("dphmm.epsilom: unknown key, expected one of epsilon, policyGraph, constraint, repair, fullSpan,"
            + " mechanism, budget", "dphmm.epsilom=1.0"),
        c("model.states[0]: YAML reads this label as the boolean false (on/off, yes/no and true/false are booleans"
            + " unquoted); quote it, e.g. \"on\"", "model.states=[false, true]"),
        c("metrics: unknown key, expected one of kafka, input, output, ledger, flink, time, model, discretizer, "
            + String.join(", ", org.pufferflow.jobs.mechanism.Mechanisms.sections()) + ", noise",
            "metrics={\"enabled\":true}"),
        c("time.tickMillis: expected an integer, got \"soon\"", "time.tickMillis=\"soon\""),
        c("dphmm.epsilon: expected a number, got a list", "dphmm.epsilon=[1]"),
        c("redaction.holdBackTicks: expected an integer, got 2.5", "redaction.holdBackTicks=2.5"),
        c("model.states: expected a list, got \"out\"", "model.states=\"out\""),
        // kafka
        c("kafka.rejectedTopic: same topic as kafka.inputTopic (observations)", "kafka.rejectedTopic=\"observations\""),
        c("kafka.bootstrapServers: \"localhost\" is not host:port (give a comma-separated host:port list or embedded)",
            "kafka.bootstrapServers=\"localhost\""),
        c("kafka.inputTopic: \"in put\" is not a valid topic name (1-249 letters, digits, '.', '_', '-')",
            "kafka.inputTopic=\"in put\""),
        // time
        c("time.tickMillis: must be > 0, got 0", "time.tickMillis=0"),
        c("time.allowedLatenessTicks: must be >= 0, got -1", "time.allowedLatenessTicks=-1"),
        c("time.epochMillis: must be >= 0, got -5", "time.epochMillis=-5"),
        c("time.idleTimeoutMillis: must be >= 1, got 0", "time.idleTimeoutMillis=0"),
        c("time.maxDriftTicks: must be >= 1, got -3", "time.maxDriftTicks=-3"),
        c("time.alignmentUpdateMillis: must be >= 10, got 5", "time.alignmentUpdateMillis=5"),
        c("time.idleTimeoutMillis: expected an integer, got 2.5", "time.idleTimeoutMillis=2.5"),
        c("time.allowedLatenessTicks: must be <= 2147483647, got 3000000000", "time.allowedLatenessTicks=3000000000"),
        // model
        c("model.transition[1]: row sums to 0.97, expected 1 (±1e-9)", "model.transition=[[0.9,0.1],[0.25,0.72]]"),
        c("model.transition[1]: has 3 entries, expected 2 (one per state)",
            "model.transition=[[0.9,0.1],[0.2,0.7,0.1]]"),
        c("model.transition: has 3 rows, expected 2 (one per state)",
            "model.transition=[[0.9,0.1],[0.2,0.8],[0.5,0.5]]"),
        c("model.transition[0][1]: is negative (-0.1)", "model.transition=[[1.1,-0.1],[0.2,0.8]]"),
        c("model.states[1]: duplicate state label in (also model.states[0])", "model.states=[\"in\",\"in\"]"),
        c("model.states: needs at least one state", "model.states=[]"),
        c("model.initial: has 1 entries, expected 2 (one per state)", "model.initial=[1]"),
        c("model.initial: sums to 1.1, expected 1 (±1e-9)", "model.initial=[0.5,0.6]"),
        c("model.initial[0]: is negative (-0.5)", "model.initial=[-0.5,1.5]"),
        c("model.query: has 3 rows, expected 2 (one per state)", "model.query=[[0],[1],[2]]"),
        c("model.query[0]: has 4 entries, expected a dimension d with 1 <= d <= 3", "model.query=[[0,0,0,0],[1,1,1,1]]"),
        c("model.query[1]: has 1 entries, row 0 has 2", "model.query=[[0,0],[1]]"),
        c("model: transition and modelFile are exclusive, give one", "model.modelFile=\"learned.yaml\""),
        c("model: give transition or modelFile", "-model.transition"),
        c("model.modelFile: /nonexistent-dir/learned.yaml: no such file",
            "-model.transition", "model.modelFile=\"learned.yaml\""),
        // discretizer
        c("discretizer.type: unknown type kmeans, expected one of categorical, bins, grid", "discretizer.type=\"kmeans\""),
        c("discretizer.thresholds: has 2 values, expected 1 (N-1 for 2 states)", "discretizer.thresholds=[1,2]"),
        c("discretizer.thresholds[1]: not ascending: 1 <= previous 2",
            with(THREE_STATES, "discretizer.thresholds=[2,1]")),
        c("discretizer.min: must be below max, got 10 >= 10", "discretizer.min=10"),
        c("discretizer.thresholds[0]: 11 outside (min, max] = (0, 10]", "discretizer.thresholds=[11]"),
        c("discretizer.labels: unknown key, expected one of type", "discretizer={\"type\":\"categorical\",\"labels\":[\"a\"]}"),
        c("discretizer.rows: rows*cols = 2*2 = 4, expected 2 (one cell per state)",
            "discretizer={\"type\":\"grid\",\"minLat\":0,\"maxLat\":1,\"minLon\":0,\"maxLon\":1,\"rows\":2,\"cols\":2}"),
        c("discretizer.minLat: must be in [-90, 90], got -91",
            "discretizer={\"type\":\"grid\",\"minLat\":-91,\"maxLat\":1,\"minLon\":0,\"maxLon\":1,\"rows\":1,\"cols\":2}"),
        c("discretizer.minLon: must be below maxLon, got 5 >= 1",
            "discretizer={\"type\":\"grid\",\"minLat\":0,\"maxLat\":1,\"minLon\":5,\"maxLon\":1,\"rows\":1,\"cols\":2}"),
        // dphmm
        c("dphmm.epsilon: epsilon = 0.0: must be finite and > 0", "dphmm.epsilon=0"),
        c("dphmm.policyGraph.type: unknown type star, expected one of complete, categorical, utility, transition, edges",
            "dphmm.policyGraph={\"type\":\"star\"}"),
        c("dphmm.policyGraph.edges[0][1]: no state named garage in model.states",
            "dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[\"out\",\"garage\"]]}"),
        c("dphmm.policyGraph.edges: edges[0][1] = 2: no such state (states are 0..1)",
            "dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[0,2]]}"),
        c("dphmm.policyGraph.edges: edges[0] = [1, 1]: a self-loop is not an edge",
            "dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[\"in\",1]]}"),
        c("dphmm.policyGraph.labels: has 1 labels, expected 2 (one per state)",
            "dphmm.policyGraph={\"type\":\"categorical\",\"labels\":[\"x\"]}"),
        c("dphmm.policyGraph.radius: utility radius r = -1.0: must be finite and > 0",
            "dphmm.policyGraph={\"type\":\"utility\",\"radius\":-1}"),
        c("dphmm.policyGraph.radius: utility radius r = 0.0: must be finite and > 0",
            "dphmm.policyGraph={\"type\":\"utility\",\"radius\":0}"),
        c("dphmm.constraint.delta: delta = 1.0: must lie in [0.0, 1.0)",
            "dphmm.constraint={\"type\":\"delta\",\"delta\":1}"),
        c("dphmm.constraint.truncation: support truncation tau = -1.0: must lie in [0.0, 1.0)",
            "dphmm.constraint={\"type\":\"support\",\"truncation\":-1}"),
        c("dphmm.constraint.truncation: unknown key, expected one of type, delta",
            "dphmm.constraint={\"type\":\"delta\",\"delta\":0.1,\"truncation\":1e-12}"),
        c("dphmm.repair: unknown value best, expected one of strict, greedy, min-volume", "dphmm.repair=\"best\""),
        c("dphmm.fullSpan: expected true or false, got \"yes\"", "dphmm.fullSpan=\"yes\""),
        c("dphmm.budget.total: totalBudget = 0.0: must be finite and > 0", "dphmm.budget={\"total\":0}"),
        c("dphmm.budget.periodTicks: missing required key", "dphmm.budget={\"total\":10,\"perPeriod\":1}"),
        c("dphmm.budget.perPeriod: periodBudget = 20.0: must not exceed totalBudget = 10.0 (a period cannot spend more"
            + " than the whole budget)",
            "dphmm.budget={\"total\":10,\"perPeriod\":20,\"periodTicks\":5}"),
        // mqm
        c("mqm.window: window = 0: window length must be >= 1", "mqm.window=0"),
        c("mqm.slide: slide = 11: slide must lie in [1, W] = [1, 10]", "mqm.slide=11"),
        c("mqm.slide: slide = 0: slide must lie in [1, W] = [1, 10]", "mqm.slide=0"),
        c("mqm.epsilon: epsilon = -1.0: must be finite and > 0", "mqm.epsilon=-1"),
        c("model.transition: periodic with period 2, not aperiodic; mqm needs an ergodic chain",
            "model.transition=[[0,1],[1,0]]"),
        c("model.transition: not irreducible: state 1 (in) cannot be reached from state 0 (out); mqm needs an ergodic"
            + " chain", "model.transition=[[1,0],[0.5,0.5]]"),
        c("model.transition: not irreducible: state 0 (out) cannot be reached from state 1 (in); mqm needs an ergodic"
            + " chain", "model.transition=[[0.5,0.5],[0,1]]"),
        c("mqm.theta.chains[0]: periodic with period 2, not aperiodic; mqm needs an ergodic chain",
            "mqm.theta={\"chains\":[[[0,1],[1,0]]]}"),
        c("mqm.theta.chains[1][0]: row sums to 1.2, expected 1 (±1e-9)",
            "mqm.theta={\"chains\":[[[0.5,0.5],[0.5,0.5]],[[0.6,0.6],[0.5,0.5]]]}"),
        c("mqm.mode: mode = exact: a class known only by (pi-min, gap) needs an approximate mode (approx-general or"
            + " approx-reversible); exact modes need the chains",
            "mqm.theta={\"piMin\":0.2,\"gap\":0.1}", "mqm.mode=\"exact\""),
        c("mqm.theta.piMin: pi-min = 0.6: must lie in (0, 1/k] = (0, 0.5] for k = 2 states",
            "mqm.theta={\"piMin\":0.6,\"gap\":0.1}"),
        c("mqm.theta.chains: chains: the class must contain at least one chain", "mqm.theta={\"chains\":[]}"),
        c("mqm.theta.gap: gap = 0.0: eigen-gap must lie in (0, 1]", "mqm.theta={\"piMin\":0.2,\"gap\":0}"),
        c("mqm.theta: give chains or piMin/gap, not both",
            "mqm.theta={\"piMin\":0.2,\"gap\":0.1,\"chains\":[[[0.5,0.5],[0.5,0.5]]]}"),
        c("mqm.theta: unknown value learned, expected model, {chains: [...]} or {piMin: p, gap: g}",
            "mqm.theta=\"learned\""),
        c("mqm.mode: unknown value exact-any, expected one of exact, exact-any-initial, approx-reversible,"
            + " approx-general", "mqm.mode=\"exact-any\""),
        c("mqm.mode: approx-reversible needs reversible chains, model.transition is not reversible: detailed balance"
            + " fails between states 0 (a) and 1 (b); use approx-general",
            with(THREE_STATES, "model.transition=[[0.1,0.8,0.1],[0.1,0.1,0.8],[0.8,0.1,0.1]]",
                "mqm.mode=\"approx-reversible\"")),
        c("mqm.mode: approx-reversible needs reversible chains, mqm.theta.chains[1] is not reversible: detailed"
            + " balance fails between states 0 (a) and 1 (b); use approx-general",
            with(THREE_STATES, "mqm.mode=\"approx-reversible\"",
                "mqm.theta={\"chains\":[[[0.8,0.1,0.1],[0.1,0.8,0.1],[0.1,0.1,0.8]],"
                    + "[[0.1,0.8,0.1],[0.1,0.1,0.8],[0.8,0.1,0.1]]]}")),
        // redaction
        c("redaction.alpha: alpha = 1.0: must lie in the open interval (0, 1)", "redaction.alpha=1"),
        c("redaction.beta: beta = 0.0: must lie in the open interval (0, 1)", "redaction.beta=0"),
        c("redaction: needs a binary model (N = 2), model.states has 3 states",
            with(Arrays.copyOf(THREE_STATES, 3), new String[0])),
        c("redaction.mechanism: unknown value 3r, expected one of 3r-relaxed, 3r-optimal, 3r-numerical, mq, mq-tight",
            "redaction.mechanism=\"3r\""),
        // mechanism preconditions the old loader accepted: reported at load, in the mechanism's own words
        c("redaction.holdBackTicks: holdBackTicks = 3: too small, the plan (mechanism 3r-numerical, split auto ="
            + " (0.5, 0.5)) needs holdBackTicks >= 4: an opt-out at tick p changes the decisions of the 4 records"
            + " before p, so they must still be held when it arrives",
            "redaction.holdBackTicks=3"),
        c("redaction.holdBackTicks: holdBackTicks = 2000000: more than 1048576 ticks held back per subject",
            "redaction.holdBackTicks=2000000"),
        c("redaction.split: split = right: puts the whole budget on the right of an opt-out, so every earlier"
            + " record of the subject must stay redacted; on an unbounded stream that is an unbounded hold-back. Use"
            + " split = half (or auto, which is half on a stream)",
            "redaction.split=\"right\""),
        c("redaction.split: split = half: mq fixes its own split (epsilon/2 per side); remove split",
            "redaction.mechanism=\"mq\"", "redaction.split=\"half\""),
        c("redaction.alpha: alpha = 0.15 disagrees with model.transition[0][1] = 0.1 (the model must be"
            + " [[1-alpha, alpha], [beta, 1-beta]] within 1e-9)", "redaction.alpha=0.15"),
        c("redaction.beta: beta = 0.2 disagrees with model.transition[1][0] = 0.3 (the model must be"
            + " [[1-alpha, alpha], [beta, 1-beta]] within 1e-9)", "model.transition=[[0.9,0.1],[0.3,0.7]]"),
        c("redaction.alpha: alpha = 0.1 disagrees with model.transition[0][1] = 0.100000002 (the model must be"
            + " [[1-alpha, alpha], [beta, 1-beta]] within 1e-9)", "model.transition=[[0.899999998,0.100000002],"
            + "[0.2,0.8]]"),
        c("redaction.split: unknown value left, expected one of auto, half, right", "redaction.split=\"left\""),
        c("dphmm.repair: unknown value none, expected one of strict, greedy, min-volume", "dphmm.repair=\"none\""),
        c("dphmm.mechanism: unknown value knorm, expected one of k-norm, laplace", "dphmm.mechanism=\"knorm\""),
        c("mqm.theta: states k = 1: must be >= 2",
            "model.states=[\"only\"]", "model.transition=[[1]]", "discretizer={\"type\":\"categorical\"}",
            "-redaction", "mqm.theta={\"piMin\":1,\"gap\":0.5}"),
        // noise
        c("noise: give exactly one of keyFile or keyEnv, not both", "noise.keyFile=\"key.bin\""),
        c("noise: give exactly one of keyFile or keyEnv", "noise={}"),
        c("noise: missing required section (dphmm, mqm and redaction need a noise key)", "-noise"),
        c("noise.keyEnv: not a valid environment variable name (letters, digits, '_'; value not shown)",
            "noise.keyEnv=\"3f8a 9c\""),
        c("mqm.fleet: a fleet histogram of frequencies needs full windows only (a released frequency does not carry"
            + " its window's length); set partialWindows false or output counts", "mqm.fleet=true",
            "mqm.partialWindows=true", "mqm.output=\"frequencies\""),
        c("mqm.fleet: expected true or false, got \"yes\"", "mqm.fleet=\"yes\""),
        c("noise.key: unknown key, expected one of keyFile, keyEnv", "noise.key=\"00ff\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidConfigs")
  void rejectsWithExactMessage(String expected, String[] mutations) throws Exception {
    String yaml = mutate(mutations);
    assertThatThrownBy(() -> ConfigLoader.parse(yaml, BASE_DIR))
        .isInstanceOf(ConfigException.class)
        .hasMessage(expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void theBaseConfigurationIsValid() throws Exception {
    JobConfig c = ConfigLoader.parse(mutate(), BASE_DIR);
    assertThat(c.description(RedactionPlan.class).holdBackTicks()).isEqualTo(4);
  }

  /** The support constraint is exact unless a truncation is asked for (docs/dphmm.md, 'The constraint C_t'). */
  @Test
  void theSupportConstraintIsExactUnlessATruncationIsConfigured() throws Exception {
    assertThat(ConfigLoader.parse(mutate("dphmm.constraint={\"type\":\"support\"}"), BASE_DIR).description(DphmmConfig.class)
        .constraint()).isEqualTo(org.pufferflow.mechanism.dphmm.Constraint.support())
        .isEqualTo(org.pufferflow.mechanism.dphmm.Constraint.support(0));
    org.pufferflow.mechanism.dphmm.Constraint truncated = ConfigLoader.parse(
        mutate("dphmm.constraint={\"type\":\"support\",\"truncation\":1e-12}"), BASE_DIR).description(DphmmConfig.class).constraint();
    assertThat(truncated).isEqualTo(org.pufferflow.mechanism.dphmm.Constraint.support(1e-12));
    assertThat(truncated.droppedMassBound(2)).isGreaterThanOrEqualTo(1e-12);
  }

  /**
   * ε = 4.9e-324 (the smallest double) is > 0, so the old loader accepted it and the first release threw; the DPHMM
   * builder checks ε with {@code PufferPreconditions.checkEpsilon}, so it is refused at load.
   */
  @Test
  void aSubnormalDphmmEpsilonIsRefusedAtLoad() throws Exception {
    assertThatThrownBy(() -> ConfigLoader.parse(mutate("dphmm.epsilon=4.9e-324"), BASE_DIR))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("dphmm.epsilon: epsilon = 4.9E-324: must be >= 2^-40");
  }

  @Test
  void yamlSyntaxErrorsNameTheLine() {
    assertThatThrownBy(() -> ConfigLoader.parse("kafka:\n  bootstrapServers: [a\ntime: 1\n", BASE_DIR))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("(root) line ")
        .hasMessageContaining("invalid YAML")
        .hasMessageNotContaining("\n");
  }

  @Test
  void infiniteAndNotANumberAreRejectedWithTheirLine() {
    for (String v : new String[] {".inf", "-.inf", ".nan"}) {
      assertThatThrownBy(() -> ConfigLoader.parse(BASE.replace("epsilon: 1.0\n  policyGraph", "epsilon: " + v
              + "\n  policyGraph"), BASE_DIR))
          .as(v)
          .isInstanceOf(ConfigException.class)
          .hasMessageStartingWith("(root) line 14, column ")
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void duplicateKeysAreRejected() {
    assertThatThrownBy(() -> ConfigLoader.parse(BASE + "time:\n  tickMillis: 5\n", BASE_DIR))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("Duplicate field 'time'");
  }

  @Test
  void emptyDocumentIsRejected() {
    assertThatThrownBy(() -> ConfigLoader.parse("# nothing\n", BASE_DIR))
        .isInstanceOf(ConfigException.class)
        .hasMessage("(root): empty configuration");
  }

  @Test
  void aMissingFileIsAConfigException() {
    assertThatThrownBy(() -> ConfigLoader.load(Path.of("/nonexistent-dir/job.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("/nonexistent-dir/job.yaml: no such file");
  }

  private static Arguments c(String expected, String... mutations) {
    return Arguments.of(expected, mutations);
  }

  private static String[] with(String[] first, String... more) {
    List<String> all = new ArrayList<>(Arrays.asList(first));
    all.addAll(Arrays.asList(more));
    return all.toArray(new String[0]);
  }

  /** The base configuration with {@code mutations} applied, as YAML text. */
  static String mutate(String... mutations) throws Exception {
    ObjectNode root = (ObjectNode) YAML.readTree(BASE);
    for (String m : mutations) {
      boolean remove = m.startsWith("-");
      int eq = m.indexOf('=');
      String path = remove ? m.substring(1) : m.substring(0, eq);
      JsonNode value = remove ? null : JSON.readTree(m.substring(eq + 1));
      String[] parts = path.split("\\.");
      ObjectNode parent = root;
      for (int i = 0; i < parts.length - 1; i++) {
        JsonNode child = parent.get(parts[i]);
        parent = child instanceof ObjectNode o ? o : parent.putObject(parts[i]);
      }
      String last = parts[parts.length - 1];
      if (remove) {
        parent.remove(last);
      } else {
        parent.set(last, value);
      }
    }
    return YAML.writeValueAsString(root);
  }
}
