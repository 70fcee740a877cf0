package org.pufferflow.operators.spec;

import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
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
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.RepairMode;

/**
 * The specs of org.pufferflow.operators.spec: validation through the mechanism builders, Java serialization (equal
 * specs whose built mechanisms behave identically), defensive copies, and key sources that never show their value.
 */
class SpecsTest {

  static final double[][] M3 = {{0.8, 0.15, 0.05}, {0.1, 0.8, 0.1}, {0.05, 0.25, 0.7}};

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

  static DphmmSpec.Builder dphmm() {
    return DphmmSpec.builder().transition(M3).initial(new double[] {0.3, 0.5, 0.2})
        .query(new double[][] {{0.1}, {0.6}, {2.5}}).policyGraph(PolicyGraphSpec.complete()).epsilon(1.0);
  }

  /** Five releases of one subject with the test key; the same spec must give the same values. */
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
  void dphmmSpecRoundTripsAndReleasesIdentically() throws Exception {
    for (DphmmNoise noise : DphmmNoise.values()) {
      DphmmSpec spec = dphmm().noise(noise).deltaConstraint(0.05).repair(RepairMode.MIN_VOLUME).build();
      DphmmSpec back = roundTrip(spec);
      assertThat(back).isEqualTo(spec).hasSameHashCodeAs(spec).isNotSameAs(spec);
      assertThat(back.toString()).isEqualTo(spec.toString());
      DphmmConfig c = back.build();
      assertThat(c.epsilon()).isEqualTo(1.0);
      assertThat(c.noise()).isEqualTo(noise);
      assertThat(c.repair()).isEqualTo(RepairMode.MIN_VOLUME);
      double[] a = releases(spec.newReleaser());
      assertThat(releases(back.newReleaser())).containsExactly(a);
      assertThat(a).doesNotContain(0.1, 0.6, 2.5); // noise was added
    }
  }

  @Test
  void everyPolicyGraphRoundTrips() throws Exception {
    List<PolicyGraphSpec> graphs = List.of(PolicyGraphSpec.complete(), PolicyGraphSpec.categorical(new int[] {0, 0, 1}),
        PolicyGraphSpec.utility(0.6), PolicyGraphSpec.transition(0.1),
        PolicyGraphSpec.edges(new int[][] {{0, 1}, {1, 2}}));
    for (PolicyGraphSpec g : graphs) {
      DphmmSpec spec = dphmm().policyGraph(g).build();
      DphmmSpec back = roundTrip(spec);
      assertThat(back).as(g.toString()).isEqualTo(spec);
      assertThat(back.build().policyGraph().edgeCount()).isEqualTo(spec.build().policyGraph().edgeCount());
      assertThat(releases(back.newReleaser())).containsExactly(releases(spec.newReleaser()));
    }
    assertThat(PolicyGraphSpec.edges(new int[][] {{0, 1}})).isNotEqualTo(PolicyGraphSpec.edges(new int[][] {{0, 2}}));
  }

  @Test
  void dphmmSpecRefusesWhatTheMechanismRefuses() {
    assertThatThrownBy(() -> dphmm().epsilon(0).build()).hasMessage("epsilon = 0.0: must be finite and > 0");
    assertThatThrownBy(() -> dphmm().query(new double[][] {{0}, {1}}).build())
        .hasMessageStartingWith("query: has 2 rows, expected 3");
    assertThatThrownBy(() -> dphmm().initial(new double[] {0.5, 0.6, 0}).build())
        .hasMessageStartingWith("initial");
    assertThatThrownBy(() -> dphmm().policyGraph(PolicyGraphSpec.categorical(new int[] {0, 1})).build())
        .hasMessageStartingWith("policyGraph: covers 2 states, expected 3");
    assertThatThrownBy(() -> dphmm().policyGraph(PolicyGraphSpec.edges(new int[][] {{0, 3}})).build())
        .hasMessageStartingWith("edges[0][1] = 3: no such state");
    assertThatThrownBy(() -> dphmm().deltaConstraint(1.0).build()).hasMessageContaining("1.0");
    assertThatThrownBy(() -> dphmm().repair(RepairMode.NONE).build()).hasMessageStartingWith("repair = none:");
    assertThatThrownBy(() -> dphmm().supportConstraint().deltaConstraint(0.1))
        .hasMessageStartingWith("constraint: set twice");
  }

  @Test
  void dphmmSpecCopiesItsArrays() {
    double[][] m = {{0.9, 0.1}, {0.2, 0.8}};
    DphmmSpec spec = DphmmSpec.builder().transition(m).initial(new double[] {0.5, 0.5})
        .query(new double[][] {{0}, {1}}).policyGraph(PolicyGraphSpec.complete()).epsilon(1).build();
    m[0][0] = 0.5;
    spec.transition()[0][0] = 0.5;
    assertThat(spec.transition()[0][0]).isEqualTo(0.9);
  }

  static MqmSpec.Builder mqm() {
    return MqmSpec.builder().chains(List.<double[][]>of(M3)).window(12).slide(4).epsilon(1.0);
  }

  @Test
  void mqmSpecRoundTripsWithTheSameScaleAndGuarantee() throws Exception {
    MqmSpec spec = mqm().build();
    assertThat(spec.mode()).isEqualTo(MqmMode.EXACT_ANY_INITIAL);
    MqmSpec back = roundTrip(spec);
    assertThat(back).isEqualTo(spec).hasSameHashCodeAs(spec);
    MqmWindowPlan a = spec.build();
    MqmWindowPlan b = back.build();
    assertThat(b.calibration().sigmaMax()).isEqualTo(a.calibration().sigmaMax());
    assertThat(b.noiseScale(b.window())).isEqualTo(a.noiseScale(a.window()));
    // design rule: beta = L * ceil(W/S) * s*(eps), rounded up, and the per-point loss it guarantees is <= eps
    assertThat(a.noiseScale(a.window())).isGreaterThanOrEqualTo(2 * 3 * a.calibration().sStar());
    assertThat(a.accountant().steadyStateEpsilon()).isLessThanOrEqualTo(1.0).isEqualTo(b.accountant().steadyStateEpsilon());

    MqmSpec bounds = MqmSpec.builder().bounds(3, 0.2, 0.3).window(20).epsilon(2).build();
    assertThat(bounds.mode()).isEqualTo(MqmMode.APPROX_GENERAL);
    assertThat(bounds.slide()).isEqualTo(20);
    assertThat(roundTrip(bounds).build().noiseScale(20)).isEqualTo(bounds.build().noiseScale(20));
  }

  @Test
  void mqmSpecRefusesWhatTheMechanismRefuses() {
    assertThatThrownBy(() -> mqm().window(0).build()).hasMessageStartingWith("window = 0");
    assertThatThrownBy(() -> mqm().slide(13).build()).hasMessageStartingWith("slide = 13");
    assertThatThrownBy(() -> mqm().epsilon(-1).build()).hasMessageStartingWith("epsilon = -1.0");
    assertThatThrownBy(() -> MqmSpec.builder().bounds(3, 0.2, 0.3).mode(MqmMode.EXACT).window(5).epsilon(1).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MqmSpec.builder().bounds(1, 0.5, 0.3).window(5).epsilon(1).build())
        .hasMessageStartingWith("states k = 1");
    double[][] periodic = {{0, 1}, {1, 0}};
    assertThatThrownBy(() -> MqmSpec.builder().chains(List.<double[][]>of(periodic)).window(5).epsilon(1).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> mqm().bounds(3, 0.2, 0.3)).hasMessageStartingWith("bounds: give chains or bounds");
  }

  @Test
  void redactionSpecChecksTheHoldBack() throws Exception {
    RedactionSpec spec = RedactionSpec.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_OPTIMAL, null, 4);
    RedactionPlan plan = spec.build();
    assertThat(plan.holdBack()).isEqualTo(4);
    assertThatThrownBy(
        () -> RedactionSpec.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_OPTIMAL, null, 3))
        .hasMessageStartingWith("holdBackTicks = 3: too small").hasMessageContaining("needs holdBackTicks >= 4");
    assertThatThrownBy(
        () -> RedactionSpec.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_OPTIMAL, SplitRule.RIGHT, 1000))
        .hasMessageStartingWith("split = right: ").hasMessageContaining("unbounded hold-back");
    assertThatThrownBy(() -> RedactionSpec.of(0.1, 0.2, 1.0, RedactionMechanism.MQ, SplitRule.HALF, 100))
        .hasMessageStartingWith("split = half: mq fixes its own split");
    assertThatThrownBy(() -> RedactionSpec.of(1.0, 0.2, 1.0, RedactionMechanism.MQ, null, 100))
        .hasMessageStartingWith("alpha = 1.0");
    assertThatThrownBy(() -> RedactionSpec.of(0.1, 0.2, 1.0, RedactionMechanism.MQ, null, -1))
        .hasMessageStartingWith("holdBackTicks = -1");
  }

  @Test
  void redactionSpecRoundTripsAndDecidesIdentically() throws Exception {
    for (RedactionMechanism m : RedactionMechanism.values()) {
      RedactionSpec spec = RedactionSpec.of(0.1, 0.2, 1.0, m, m.isThreeR() ? SplitRule.HALF : null, 50);
      RedactionSpec back = roundTrip(spec);
      assertThat(back).isEqualTo(spec).hasSameHashCodeAs(spec);
      RedactionPlan a = spec.build();
      RedactionPlan b = back.build();
      assertThat(b.holdBack()).isEqualTo(a.holdBack());
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
  void ledgerSpecBuildsThePolicy() throws Exception {
    LedgerSpec spec = LedgerSpec.withPeriod(100, 10, 24);
    LedgerSpec back = roundTrip(spec);
    assertThat(back).isEqualTo(spec).hasSameHashCodeAs(spec);
    LedgerPolicy p = back.build();
    assertThat(p.totalBudget()).isEqualTo(100);
    assertThat(p.periodBudget()).isEqualTo(10);
    assertThat(p.periodTicks()).isEqualTo(24);
    assertThat(LedgerSpec.total(5).build().hasPeriodBudget()).isFalse();
    assertThat(back.newLedger().policy().totalBudget()).isEqualTo(100);
    assertThatThrownBy(() -> LedgerSpec.total(0)).hasMessageStartingWith("totalBudget = 0.0");
    assertThatThrownBy(() -> LedgerSpec.withPeriod(10, 1, 0)).hasMessageStartingWith("periodTicks = 0");
    assertThatThrownBy(() -> LedgerSpec.withPeriod(10, Double.NaN, 5)).hasMessageStartingWith("periodBudget");
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
        .hasMessage("noise.keyFile: cannot be read (NoSuchFileException) (file name not shown)")
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
