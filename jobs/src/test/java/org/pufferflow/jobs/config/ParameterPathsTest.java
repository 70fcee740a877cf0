package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pufferflow.accounting.LedgerParameters;
import org.pufferflow.mechanism.dphmm.DphmmParameters;
import org.pufferflow.mechanism.mqm.MqmParameters;
import org.pufferflow.mechanism.redaction.RedactionParameters;
import org.pufferflow.policy.PolicyGraphParameters;

/**
 * The builders own their parameter ids; the sections map every id to a YAML path by those constants. For every id
 * a builder can report (every public field of its {@code *Parameters} class) the section has a path, and every id
 * that a YAML value can make the builder refuse is refused at that path ({@link #FAILING}); the rest are listed in
 * {@link #NOT_FROM_YAML} with the reason, so a new id must be placed in one of the two.
 */
class ParameterPathsTest {

  private static final String DPHMM = "dphmm";
  private static final String MQM = "mqm";
  private static final String REDACTION = "redaction";
  private static final String BUDGET = "budget";

  /** A builder's id, the path of its refusal, and mutations of {@link InvalidConfigTest#BASE} that make it fail. */
  record Case(String section, String id, String path, String... mutations) {
    @Override
    public String toString() {
      return section + ":" + id + " at " + path;
    }
  }

  private static Case c(String section, String id, String path, String... mutations) {
    return new Case(section, id, path, mutations);
  }

  private static final List<Case> FAILING = List.of(
      c(DPHMM, DphmmParameters.EPSILON, "dphmm.epsilon", "dphmm.epsilon=0"),
      c(DPHMM, DphmmParameters.TRUNCATION, "dphmm.constraint.truncation",
          "dphmm.constraint={\"type\":\"support\",\"truncation\":1}"),
      c(DPHMM, DphmmParameters.DELTA, "dphmm.constraint.delta", "dphmm.constraint={\"type\":\"delta\",\"delta\":-0.5}"),
      c(DPHMM, PolicyGraphParameters.RADIUS, "dphmm.policyGraph.radius",
          "dphmm.policyGraph={\"type\":\"utility\",\"radius\":0}"),
      c(DPHMM, PolicyGraphParameters.THETA, "dphmm.policyGraph.theta",
          "dphmm.policyGraph={\"type\":\"transition\",\"theta\":1}"),
      c(DPHMM, PolicyGraphParameters.EDGES, "dphmm.policyGraph.edges",
          "dphmm.policyGraph={\"type\":\"edges\",\"edges\":[[0,5]]}"),
      c(BUDGET, LedgerParameters.TOTAL_BUDGET, "dphmm.budget.total", "dphmm.budget={\"total\":-1}"),
      c(BUDGET, LedgerParameters.PERIOD_BUDGET, "mqm.budget.perPeriod",
          "mqm.budget={\"total\":1,\"perPeriod\":2,\"periodTicks\":10}"),
      c(BUDGET, LedgerParameters.PERIOD_TICKS, "dphmm.budget.periodTicks",
          "dphmm.budget={\"total\":1,\"perPeriod\":1,\"periodTicks\":0}"),
      c(MQM, MqmParameters.WINDOW, "mqm.window", "mqm.window=0"),
      c(MQM, MqmParameters.SLIDE, "mqm.slide", "mqm.slide=11"),
      c(MQM, MqmParameters.EPSILON, "mqm.epsilon", "mqm.epsilon=0"),
      c(MQM, MqmParameters.MODE, "mqm.mode", "mqm.theta={\"piMin\":0.2,\"gap\":0.1}", "mqm.mode=\"exact\""),
      c(MQM, MqmParameters.CHAINS, "mqm.theta.chains", "mqm.theta={\"chains\":[]}"),
      c(MQM, MqmParameters.PI_MIN, "mqm.theta.piMin", "mqm.theta={\"piMin\":0,\"gap\":0.1}"),
      c(MQM, MqmParameters.GAP, "mqm.theta.gap", "mqm.theta={\"piMin\":0.2,\"gap\":1.5}"),
      c(MQM, MqmParameters.FLEET, "mqm.fleet", "mqm.fleet=true", "mqm.partialWindows=true",
          "mqm.output=\"frequencies\""),
      c(REDACTION, RedactionParameters.ALPHA, "redaction.alpha", "redaction.alpha=0"),
      c(REDACTION, RedactionParameters.BETA, "redaction.beta", "redaction.beta=1"),
      c(REDACTION, RedactionParameters.EPSILON, "redaction.epsilon", "redaction.epsilon=-1"),
      c(REDACTION, RedactionParameters.SPLIT, "redaction.split", "redaction.split=\"right\""),
      c(REDACTION, RedactionParameters.HOLD_BACK_TICKS, "redaction.holdBackTicks", "redaction.holdBackTicks=-1"));

  static Stream<Case> failing() {
    return FAILING.stream();
  }

  /**
   * Ids no YAML value makes the builder refuse: the section refuses the value first (a choice, a boolean, a required
   * key, the model's and chains' own checks, one label per state), sets it itself (the release repair modes, the
   * budget, the sensitivity), or the rule cannot fail for a value that passed the others (a noise scale with
   * ε ≥ 2^-40 and the discretizer's queries). Their paths are still asserted by {@link #everyIdHasAPath}.
   */
  private static final Set<String> NOT_FROM_YAML = Set.of(
      DPHMM + ":" + DphmmParameters.TRANSITION, DPHMM + ":" + DphmmParameters.INITIAL,
      DPHMM + ":" + DphmmParameters.QUERY, DPHMM + ":" + DphmmParameters.POLICY_GRAPH,
      DPHMM + ":" + DphmmParameters.CONSTRAINT, DPHMM + ":" + DphmmParameters.REPAIR,
      DPHMM + ":" + DphmmParameters.FULL_SPAN, DPHMM + ":" + DphmmParameters.NOISE,
      DPHMM + ":" + DphmmParameters.NOISE_SCALE, DPHMM + ":" + DphmmParameters.CACHE_CAPACITY,
      DPHMM + ":" + DphmmParameters.BUDGET, DPHMM + ":" + PolicyGraphParameters.STATES,
      DPHMM + ":" + PolicyGraphParameters.LABELS, // the graph's QUERY and TRANSITION are the description's ids
      MQM + ":" + MqmParameters.THETA, MQM + ":" + MqmParameters.CHAIN, MQM + ":" + MqmParameters.STATES,
      MQM + ":" + MqmParameters.OUTPUT, MQM + ":" + MqmParameters.PARTIAL_WINDOWS,
      MQM + ":" + MqmParameters.SENSITIVITY, MQM + ":" + MqmParameters.NOISE_SCALE, MQM + ":" + MqmParameters.BUDGET,
      REDACTION + ":" + RedactionParameters.MECHANISM);

  /** Each section's map and the id classes of the builders it maps. */
  private static final Map<String, Map<String, String>> MAPS = Map.of(DPHMM, DphmmSection.PATHS, MQM,
      MqmSection.PATHS, REDACTION, RedactionSection.PATHS, BUDGET, BudgetSection.paths("x"));
  private static final Map<String, List<Class<?>>> IDS = Map.of(
      DPHMM, List.of(DphmmParameters.class, PolicyGraphParameters.class), MQM, List.of(MqmParameters.class),
      REDACTION, List.of(RedactionParameters.class), BUDGET, List.of(LedgerParameters.class));

  /** The values of the public static final String fields of {@code c}: every id its builder can report. */
  static List<String> ids(Class<?> c) {
    List<String> out = new ArrayList<>();
    for (Field f : c.getFields()) {
      int m = f.getModifiers();
      if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == String.class) {
        try {
          out.add((String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    assertThat(out).as(c.getSimpleName()).isNotEmpty().doesNotHaveDuplicates();
    return out;
  }

  @Test
  void everyIdHasAPath() {
    IDS.forEach((section, classes) -> {
      for (Class<?> c : classes) {
        for (String id : ids(c)) {
          assertThat(MAPS.get(section)).as(section + " maps " + c.getSimpleName() + " " + id).containsKey(id);
        }
      }
    });
  }

  @Test
  void everyIdIsEitherRefusedFromYamlOrListedAsNot() {
    Set<String> all = new HashSet<>();
    IDS.forEach((section, classes) -> classes.forEach(c -> ids(c).forEach(id -> all.add(section + ":" + id))));
    Set<String> covered = new HashSet<>(NOT_FROM_YAML);
    FAILING.forEach(c -> covered.add(c.section() + ":" + c.id()));
    assertThat(covered).containsExactlyInAnyOrderElementsOf(all);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failing")
  void aRefusedValueIsReportedAtThePathOfItsId(Case c) throws Exception {
    String yaml = InvalidConfigTest.mutate(c.mutations());
    assertThatThrownBy(() -> ConfigLoader.parse(yaml, InvalidConfigTest.BASE_DIR))
        .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.path()).isEqualTo(c.path()))
        .hasMessageStartingWith(c.path() + ": ")
        .hasMessageNotContaining("\n");
    String mapped = c.section().equals(BUDGET) ? c.path().replaceFirst("^(dphmm|mqm)\\.budget", "x") : c.path();
    assertThat(MAPS.get(c.section())).containsEntry(c.id(), mapped);
  }
}
