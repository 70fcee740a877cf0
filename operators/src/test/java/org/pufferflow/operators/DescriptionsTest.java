package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.PrivacyLedger;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.PolicyGraphKind;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The serializable descriptions the keyed functions take — the math layer's own {@link DphmmConfig},
 * {@link MqmWindowPlan}, {@link RedactionPlan} and {@link LedgerPolicy}: validation by their builders with the
 * failing parameter as a field, Java serialization (equal descriptions that behave identically), and key sources that
 * never show their value.
 */
class DescriptionsTest {

  static final double[][] M3 = {{0.8, 0.15, 0.05}, {0.1, 0.8, 0.1}, {0.05, 0.25, 0.7}};
  static final double[][] F3 = {{0.1}, {0.6}, {2.5}};

  static NoiseKey testKey() {
    byte[] b = new byte[32];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (7 * i + 3);
    }
    return NoiseKey.of(b);
  }

  @SuppressWarnings("unchecked")
  static <T extends Serializable> T roundTrip(T value) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  static DphmmConfig.Builder dphmm(PolicyGraphKind kind, double number, int[] categories, int[][] edges) {
    TransitionMatrix m = TransitionMatrices.of("transition", M3);
    StateQuery f = StateQuery.of("query", F3, 3);
    return DphmmConfig.builder().forRelease().transition(m).initial(new double[] {0.3, 0.5, 0.2}).query(f)
        .policyGraph(kind.build(3, m, f, number, categories, edges)).epsilon(1.0).budget(Budgets.total(10));
  }

  static DphmmConfig.Builder dphmm() {
    return dphmm(PolicyGraphKind.COMPLETE, Double.NaN, null, null);
  }

  /** Five releases of one subject with the test key; the same configuration must give the same values. */
  static double[] releases(DphmmReleaser r) {
    KeyedRandom random = new KeyedRandom(testKey());
    double[] posterior = r.newPosterior();
    DphmmRelease out = r.newResult();
    int[] states = {0, 1, 1, 2, 0};
    double[] z = new double[states.length];
    for (int t = 0; t < states.length; t++) {
      r.release(posterior, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, states[t], random.reset("dphmm", "s1", t), out);
      z[t] = out.z()[0];
    }
    return z;
  }

  @Test
  void dphmmConfigRoundTripsAndReleasesIdentically() throws Exception {
    for (DphmmNoise noise : DphmmNoise.values()) {
      DphmmConfig config = dphmm().noise(noise).constraint(Constraint.deltaLocationSet(0.05))
          .repair(RepairMode.MIN_VOLUME).build();
      DphmmConfig back = roundTrip(config);
      assertThat(back).isEqualTo(config).hasSameHashCodeAs(config).isNotSameAs(config);
      assertThat(back.toString()).isEqualTo(config.toString()).startsWith("DphmmConfig[N=3, d=1, epsilon=1.0");
      double[] a = releases(new DphmmReleaser(config));
      assertThat(releases(new DphmmReleaser(back))).containsExactly(a);
      assertThat(a).doesNotContain(0.1, 0.6, 2.5); // noise was added
    }
  }

  @Test
  void everyPolicyGraphKindBuildsAndRoundTrips() throws Exception {
    assertThat(PolicyGraphKind.configNames()).isEqualTo("complete, categorical, utility, transition, edges");
    for (PolicyGraphKind kind : PolicyGraphKind.values()) {
      assertThat(PolicyGraphKind.fromConfigName(kind.configName())).isSameAs(kind);
      DphmmConfig config = dphmm(kind, kind == PolicyGraphKind.UTILITY ? 0.6 : 0.1, new int[] {0, 0, 1},
          new int[][] {{0, 1}, {1, 2}}).build();
      DphmmConfig back = roundTrip(config);
      assertThat(back).as(kind.configName()).isEqualTo(config);
      assertThat(back.policyGraph().edgeCount()).isEqualTo(config.policyGraph().edgeCount());
      assertThat(releases(new DphmmReleaser(back))).containsExactly(releases(new DphmmReleaser(config)));
    }
    assertThat(PolicyGraphKind.fromConfigName("ring")).isNull();
    assertThat(PolicyGraphKind.CATEGORICAL.build(3, null, null, Double.NaN, new int[] {0, 0, 1}, null))
        .isEqualTo(PolicyGraph.categorical(new int[] {0, 0, 1}));
  }

  /** M3, p0 and F3 only: the graph, ε and the rest are set by each case. */
  static DphmmConfig.Builder bare() {
    return DphmmConfig.builder().transition(TransitionMatrices.of("transition", M3)).query(F3);
  }

  @Test
  void dphmmConfigRefusesWhatTheMechanismRefusesNamingTheParameter() {
    double[] p0 = {0.3, 0.5, 0.2};
    assertRefused(() -> bare().initial(p0).completeGraph().epsilon(0).build(), "epsilon")
        .hasMessage("epsilon = 0.0: must be finite and > 0");
    assertRefused(() -> dphmm().epsilon(2), "epsilon").hasMessageContaining("conflicts with the value set earlier");
    assertRefused(() -> bare().initial(new double[] {0.5, 0.6, 0}).completeGraph().epsilon(1).build(), "initial");
    assertRefused(() -> bare().initial(p0).policyGraph(PolicyGraph.categorical(new int[] {0, 1})).epsilon(1).build(),
        "policyGraph").hasMessageStartingWith("policyGraph: covers 2 states, expected 3");
    assertRefused(() -> PolicyGraph.edges(3, new int[][] {{0, 3}}), "edges")
        .hasMessageStartingWith("edges[0][1] = 3: no such state");
    assertRefused(() -> dphmm().repair(RepairMode.NONE).build(), "repair").hasMessageStartingWith("repair = none:");
    // without forRelease() the analysis repair mode is allowed
    assertThat(bare().initial(p0).completeGraph().repair(RepairMode.NONE).epsilon(1).build().repair())
        .isEqualTo(RepairMode.NONE);
  }

  static org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String parameter) {
    return assertThatThrownBy(call).isInstanceOfSatisfying(InvalidParameterException.class,
        e -> assertThat(e.parameter()).isEqualTo(parameter));
  }

  static MqmWindowPlan.Builder mqm() {
    return MqmWindowPlan.builder().chains(List.<double[][]>of(M3)).window(12).slide(4).epsilon(1.0);
  }

  @Test
  void mqmPlanRoundTripsWithTheSameScaleAndGuarantee() throws Exception {
    MqmWindowPlan plan = mqm().build();
    assertThat(plan.mode()).isEqualTo(MqmMode.EXACT_ANY_INITIAL);
    assertThat(plan.output()).isEqualTo(MqmOutput.COUNTS);
    assertThat(plan.sensitivity()).isEqualTo(MqmWindowPlan.COUNT_SENSITIVITY);
    MqmWindowPlan back = roundTrip(plan);
    assertThat(back).isEqualTo(plan).hasSameHashCodeAs(plan);
    assertThat(back.noiseScale(back.window())).isEqualTo(plan.noiseScale(plan.window()));
    // design rule: beta = L * ceil(W/S) * s*(eps), rounded up, and the per-point loss it guarantees is <= eps
    assertThat(plan.noiseScale(12)).isGreaterThanOrEqualTo(2 * 3 * plan.calibration().sStar());
    assertThat(plan.accountant().steadyStateEpsilon()).isLessThanOrEqualTo(1.0)
        .isEqualTo(back.accountant().steadyStateEpsilon());
    assertThat(back.calibration().sigmaMax()).isEqualTo(plan.calibration().sigmaMax());

    MqmWindowPlan bounds = MqmWindowPlan.builder().bounds(3, 0.2, 0.3).window(20).epsilon(2).build();
    assertThat(bounds.mode()).isEqualTo(MqmMode.APPROX_GENERAL);
    assertThat(bounds.slide()).isEqualTo(20);
    assertThat(roundTrip(bounds).noiseScale(20)).isEqualTo(bounds.noiseScale(20));
  }

  @Test
  void mqmPlanBuilderRefusesWhatTheMechanismRefusesAndConflictingSettings() {
    assertRefused(() -> mqm().window(0).build(), "window").hasMessageStartingWith("window = 0");
    assertRefused(() -> MqmWindowPlan.builder().chains(List.<double[][]>of(M3)).window(12).slide(13).epsilon(1)
        .build(), "slide").hasMessageStartingWith("slide = 13");
    assertRefused(() -> MqmWindowPlan.builder().chains(List.<double[][]>of(M3)).window(12).epsilon(-1).build(),
        "epsilon").hasMessageStartingWith("epsilon = -1.0");
    assertThatThrownBy(() -> MqmWindowPlan.builder().bounds(3, 0.2, 0.3).mode(MqmMode.EXACT).window(5).epsilon(1)
        .build()).isInstanceOf(IllegalArgumentException.class);
    assertRefused(() -> MqmWindowPlan.builder().bounds(1, 0.5, 0.3).window(5).epsilon(1).build(), "states")
        .hasMessageStartingWith("states k = 1");
    assertRefused(() -> mqm().bounds(3, 0.2, 0.3), "theta").hasMessageStartingWith("theta: given twice");
    assertRefused(() -> mqm().window(13), "window").hasMessageContaining("conflicts with the value set earlier");
    assertRefused(() -> MqmWindowPlan.builder().window(5).epsilon(1).build(), "theta");
    assertRefused(() -> mqm().partialWindows(true).output(MqmOutput.FREQUENCIES).fleet(true).build(), "fleet")
        .hasMessageStartingWith("a fleet histogram of frequencies needs full windows only");
    assertThat(mqm().partialWindows(true).output(MqmOutput.COUNTS).fleet(true).build().partialWindows()).isTrue();
  }

  @Test
  void redactionPlanChecksTheHoldBackAndTheSplit() throws Exception {
    RedactionPlan plan = RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_OPTIMAL, null, 4);
    assertThat(plan.holdBack()).isEqualTo(4);
    assertThat(plan.holdBackTicks()).isEqualTo(4);
    assertRefused(() -> RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_OPTIMAL, null, 3), "holdBackTicks")
        .hasMessageStartingWith("holdBackTicks = 3: too small").hasMessageContaining("needs holdBackTicks >= 4");
    assertRefused(() -> RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_OPTIMAL, SplitRule.RIGHT, 1000),
        "split").hasMessageStartingWith("split = right: ").hasMessageContaining("unbounded hold-back");
    assertRefused(() -> RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.MQ, SplitRule.HALF, 100), "split")
        .hasMessageStartingWith("split = half: mq fixes its own split");
    assertRefused(() -> RedactionPlan.of(1.0, 0.2, 1.0, RedactionMechanism.MQ, null, 100), "alpha")
        .hasMessageStartingWith("alpha = 1.0");
    assertRefused(() -> RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.MQ, null, -1), "holdBackTicks")
        .hasMessageStartingWith("holdBackTicks = -1");
    assertRefused(() -> RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.MQ, null, 2_000_000), "holdBackTicks")
        .hasMessage("holdBackTicks = 2000000: more than 1048576 ticks held back per subject");
  }

  @Test
  void redactionPlanRoundTripsAndDecidesIdentically() throws Exception {
    for (RedactionMechanism m : RedactionMechanism.values()) {
      RedactionPlan a = RedactionPlan.of(0.1, 0.2, 1.0, m, m.isThreeR() ? SplitRule.HALF : null, 50);
      RedactionPlan b = roundTrip(a);
      assertThat(b).isEqualTo(a).hasSameHashCodeAs(a);
      assertThat(b.holdBack()).isEqualTo(a.holdBack());
      assertThat(b.holdBackTicks()).isEqualTo(50);
      KeyedRandom ra = new KeyedRandom(testKey());
      KeyedRandom rb = new KeyedRandom(testKey());
      long[] priv = {10};
      int redacted = 0;
      for (long t = 5; t < 15; t++) {
        boolean x = a.release(t, (int) (t % 2), priv, 1, ra, "s");
        assertThat(b.release(t, (int) (t % 2), priv, 1, rb, "s")).isEqualTo(x);
        redacted += x ? 0 : 1;
      }
      assertThat(redacted).as(m.configName()).isGreaterThanOrEqualTo(1); // the private record itself
    }
  }

  @Test
  void ledgerPolicyRoundTripsAndRefusesNamingTheParameter() throws Exception {
    LedgerPolicy policy = Budgets.withPeriod(100, 10, 24);
    LedgerPolicy back = roundTrip(policy);
    assertThat(back).isEqualTo(policy).hasSameHashCodeAs(policy);
    assertThat(back.periodBudget()).isEqualTo(10);
    assertThat(back.periodTicks()).isEqualTo(24);
    assertThat(new PrivacyLedger(back).policy().totalBudget()).isEqualTo(100);
    assertRefused(() -> LedgerPolicy.builder().totalBudget(0), "totalBudget")
        .hasMessageStartingWith("totalBudget = 0.0");
    assertRefused(() -> LedgerPolicy.builder().totalBudget(10).periodBudget(1, 0), "periodTicks")
        .hasMessageStartingWith("periodTicks = 0");
    assertRefused(() -> LedgerPolicy.builder().totalBudget(10).periodBudget(Double.NaN, 5), "periodBudget");
  }

  @Test
  void keySourcesLoadTheKeyAndNeverShowWhereItIs(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("secret-name.key");
    Files.writeString(file, "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\n");
    NoiseKeySource source = NoiseKeySource.file(file.toString());
    NoiseKeySource back = roundTrip(source);
    assertThat(back).isEqualTo(source);
    assertThat(back.load().length()).isEqualTo(32);
    assertThat(back.keyFile()).isEqualTo(file.toString());
    assertThat(back.keyEnv()).isNull();
    assertThat(back.toString()).isEqualTo("NoiseKeySource[noise.keyFile]");

    NoiseKeySource missing = NoiseKeySource.file(dir.resolve("nope.key").toString());
    assertThatThrownBy(missing::load)
        .isInstanceOfSatisfying(NoiseKeyUnavailableException.class, e -> {
          assertThat(e.configKey()).isEqualTo("noise.keyFile");
          assertThat(e.reason()).isEqualTo("no such file (file name not shown)");
        })
        .hasMessage("noise.keyFile: no such file (file name not shown)")
        .hasNoCause();
    Files.writeString(file, "0011");
    assertThatThrownBy(source::load).hasMessageStartingWith("noise.keyFile: key length 2 bytes: must be >= 32")
        .hasMessageNotContaining("secret-name");

    NoiseKeySource env = NoiseKeySource.env("PUFFERFLOW_SPEC_TEST_UNSET_VARIABLE_7F3A");
    assertThat(roundTrip(env)).isEqualTo(env).isNotEqualTo(source);
    assertThat(env.toString()).isEqualTo("NoiseKeySource[noise.keyEnv]");
    assertThatThrownBy(env::load)
        .hasMessage("noise.keyEnv: is not set (variable name not shown)")
        .hasMessageNotContaining("7F3A");
    assertThatThrownBy(() -> NoiseKeySource.env("3f8a 9c")).hasMessageStartingWith("noise.keyEnv: not a valid");
    assertThatThrownBy(() -> NoiseKeySource.file("relative.key")).hasMessageStartingWith("noise.keyFile: must be");
  }
}
