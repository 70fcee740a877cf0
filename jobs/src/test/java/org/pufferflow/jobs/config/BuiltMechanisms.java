package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.mechanism.dphmm.DphmmConfig;

/**
 * Test helpers: Java serialization round trips, and the check that a configuration that travelled through
 * serialization builds mechanisms that behave exactly like the original's (same releases with a test key, same MQM
 * scale, same redaction decisions, same ledger policy).
 */
final class BuiltMechanisms {

  private BuiltMechanisms() {}

  /** A fixed test key (never used outside tests). */
  static NoiseKey testKey() {
    byte[] b = new byte[NoiseKey.MIN_BYTES];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (31 * i + 5);
    }
    return NoiseKey.of(b);
  }

  @SuppressWarnings("unchecked")
  static <T extends Serializable> T roundTrip(T value) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  /**
   * Round-trips {@code c}, checks equality of the value parts, then compares the behaviour of every mechanism
   * description of both copies (the DPHMM configuration and the redaction plan compare by behaviour).
   */
  static JobConfig assertSerializesAndBehavesIdentically(JobConfig c) throws Exception {
    JobConfig back = roundTrip(c);
    assertThat(back.kafka()).isEqualTo(c.kafka());
    assertThat(back.time()).isEqualTo(c.time());
    assertThat(back.model()).isEqualTo(c.model());
    assertThat(back.discretizer()).isEqualTo(c.discretizer());
    assertThat(back.description(MqmWindowPlan.class)).isEqualTo(c.description(MqmWindowPlan.class));
    assertThat(back.mechanisms()).extracting(m -> m.section())
        .containsExactlyElementsOf(c.mechanisms().stream().map(m -> m.section()).toList());
    assertThat(back.input()).isEqualTo(c.input());
    assertThat(back.output()).isEqualTo(c.output());
    assertThat(back.execution()).isEqualTo(c.execution());
    if (c.description(DphmmConfig.class) != null) {
      assertThat(back.description(DphmmConfig.class)).hasToString(c.description(DphmmConfig.class).toString());
      assertThat(releases(new DphmmReleaser(back.description(DphmmConfig.class)), c.model().numStates()))
          .containsExactly(releases(new DphmmReleaser(c.description(DphmmConfig.class)), c.model().numStates()));
      assertSameLedger(c.description(DphmmConfig.class).budget(), back.description(DphmmConfig.class).budget());
    }
    if (c.description(MqmWindowPlan.class) != null) {
      MqmWindowPlan a = c.description(MqmWindowPlan.class);
      MqmWindowPlan b = back.description(MqmWindowPlan.class);
      assertThat(b.calibration().sigmaMax()).isEqualTo(a.calibration().sigmaMax());
      assertThat(b.noiseScale(b.window())).isEqualTo(a.noiseScale(a.window())).isPositive();
      assertThat(b.fleet()).isEqualTo(a.fleet());
      assertSameLedger(c.description(MqmWindowPlan.class).budget(), back.description(MqmWindowPlan.class).budget());
    }
    if (c.description(RedactionPlan.class) != null) {
      RedactionPlan a = c.description(RedactionPlan.class);
      RedactionPlan b = back.description(RedactionPlan.class);
      assertThat(b).hasToString(a.toString());
      assertThat(b.holdBack()).isEqualTo(a.holdBack()).isLessThanOrEqualTo(a.holdBackTicks());
      KeyedRandom ra = new KeyedRandom(testKey());
      KeyedRandom rb = new KeyedRandom(testKey());
      long[] priv = {20};
      for (long t = 0; t < 40; t++) {
        int x = (int) ((t * 7) % 3 == 0 ? 1 : 0);
        assertThat(b.release(t, x, priv, 1, rb, "s")).isEqualTo(a.release(t, x, priv, 1, ra, "s"));
      }
    }
    assertThat(back.noise()).isEqualTo(c.noise());
    return back;
  }

  private static void assertSameLedger(LedgerPolicy a, LedgerPolicy b) {
    LedgerPolicy pa = a;
    LedgerPolicy pb = b;
    assertThat(pb.totalBudget()).isEqualTo(pa.totalBudget());
    assertThat(pb.hasPeriodBudget()).isEqualTo(pa.hasPeriodBudget());
    assertThat(pb.periodTicks()).isEqualTo(pa.periodTicks());
  }

  /** Six releases of one subject with the test key (all coordinates, concatenated). */
  static double[] releases(DphmmReleaser r, int n) {
    KeyedRandom random = new KeyedRandom(testKey());
    double[] posterior = r.newPosterior();
    DphmmRelease out = r.newResult();
    int d = out.z().length;
    double[] z = new double[6 * d];
    for (int t = 0; t < 6; t++) {
      r.release(posterior, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1 + t % 2, (t * 5 + 1) % n,
          random.reset("dphmm", "subject", t), out);
      System.arraycopy(out.z(), 0, z, t * d, d);
    }
    return z;
  }
}
