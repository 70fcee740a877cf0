package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.DiscreteLaplace;

/**
 * Build-time validation, serialisation and the partial-window shortcut of {@link MqmCalibration} (docs/mqm.md,
 * "σ_max").
 */
class MqmCalibrationBuildTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};
  static final double[][] P3 = {{0.8, 0.15, 0.05}, {0.05, 0.8, 0.15}, {0.15, 0.05, 0.8}};

  private static MqmCalibration.Builder p1(MqmMode mode) {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(P1)).mode(mode);
  }

  /** Defect: ε = 1e-13, T = 100 used to build and make the first release throw (scale > 2^50). */
  @Test
  void tinyEpsilonIsRefusedAtBuild() {
    assertThatThrownBy(() -> p1(MqmMode.EXACT_ANY_INITIAL).epsilon(1e-13).windowLength(100).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("epsilon = 1.0E-13: must be >= 2^-40");
  }

  /** A valid ε whose per-bin scale leaves the sampler's range is refused at build, naming the scale. */
  @Test
  void scaleBeyondTheSamplerIsRefusedAtBuild() {
    // no quilt is feasible (gap 1e-4): σ = T/ε = 2000/1e-12, scale 4e15 > 2^50
    MqmCalibration.Builder b = MqmCalibration.builder().chainClass(BoundedChainClass.of(4, 0.05, 1e-4))
        .mode(MqmMode.APPROX_GENERAL).epsilon(1e-12).windowLength(2000);
    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("MQM per-bin discrete Laplace scale L*sigma_max (epsilon = 1.0E-12, window = 2000")
        .hasMessageContaining("outside the sampler's range");
    // just inside the range: builds, and a release draws without throwing
    MqmCalibration ok = b.windowLength(100).build();
    assertThat(ok.noiseScale()).isGreaterThan(1e14).isLessThanOrEqualTo(DiscreteLaplace.MAX_SCALE);
    long[] noisy = new long[4];
    WindowHistogramRelease.of(ok).release(new int[] {100, 0, 0, 0}, 100,
        WindowHistogramReleaseTest.random().reset("mqm", "s", 1), noisy);
    assertThat(PufferPreconditions.MIN_EPSILON).isLessThan(1e-12);
  }

  @Test
  void calibrationsAreNotCachedButEqual() {
    MqmCalibration a = p1(MqmMode.EXACT).epsilon(1).windowLength(100).build();
    MqmCalibration b = p1(MqmMode.EXACT).epsilon(1).windowLength(100).build();
    assertThat(a).isNotSameAs(b).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.sigmaMax()).isEqualTo(b.sigmaMax());
  }

  @Test
  void forWindowLengthEqualsAFullBuild() {
    for (MqmMode mode : MqmMode.values()) {
      MqmCalibration full = p1(mode).epsilon(1).windowLength(120).build();
      for (int t : new int[] {1, 2, 17, 43, 100, 119}) {
        MqmCalibration shortcut = full.forWindowLength(t);
        MqmCalibration built = full.toBuilder().windowLength(t).build();
        assertThat(shortcut).isEqualTo(built);
        assertThat(shortcut.sigmaMax()).as("%s T=%d", mode, t).isEqualTo(built.sigmaMax());
        assertThat(shortcut.activeQuilt()).isEqualTo(built.activeQuilt());
        assertThat(shortcut.sStar()).isEqualTo(built.sStar());
      }
      assertThat(full.forWindowLength(120)).isSameAs(full);
      assertThatThrownBy(() -> full.forWindowLength(121)).hasMessageStartingWith("window length = 121");
    }
  }

  /**
   * Exact mode builds short influence tables first and keeps them only when the search read nothing beyond: the
   * result must equal the full search on full tables, for fast and slowly mixing chains (R below and above 64).
   */
  @Test
  void shortTablesGiveTheFullTableResult() {
    double[][][] chains = {P1, P3, {{0.95, 0.05}, {0.1, 0.9}}, {{0.995, 0.005}, {0.005, 0.995}},
        MqmPropertiesTest.randomChain(3, 7), MqmPropertiesTest.randomChain(4, 11)};
    for (MqmMode mode : new MqmMode[] {MqmMode.EXACT, MqmMode.EXACT_ANY_INITIAL}) {
      for (double[][] p : chains) {
        for (int t : new int[] {65, 100, 256, 1000}) {
          for (double eps : new double[] {0.3, 1, 4}) {
            MqmCalibration c = MqmCalibration.builder().chainClass(FiniteChainClass.of(p)).mode(mode)
                .epsilon(eps).windowLength(t).build();
            QuiltInfluence full = mode == MqmMode.EXACT ? StationaryExactInfluence.of(p, t)
                : AnyInitialExactInfluence.of(p, t);
            ActiveQuilt reference = t <= 100 ? QuiltSearch.fullSearch(full, t, eps)
                : QuiltSearch.fastSearch(full, t, eps);
            String what = mode + " k=" + p.length + " T=" + t + " eps=" + eps;
            assertThat(c.activeQuilt()).as(what).isEqualTo(reference);
            assertThat(c.sigmaMax()).isEqualTo(reference.score());
            // s* uses its own long tables (at least max(T, 256) rounded up to a power of two), never the short ones
            int d = t <= 256 ? 256 : 1024;
            ActiveQuilt star = QuiltSearch.sStar(mode == MqmMode.EXACT ? StationaryExactInfluence.of(p, d)
                : AnyInitialExactInfluence.of(p, d), eps, 2 * d + 1);
            if (star != null) {
              assertThat(c.sStar()).as(what).isEqualTo(star.score());
            }
            // a partial window from (possibly) short tables equals a full build
            MqmCalibration part = c.forWindowLength(t - 1);
            assertThat(part.activeQuilt()).as(what).isEqualTo(c.toBuilder().windowLength(t - 1).build()
                .activeQuilt());
          }
        }
      }
    }
  }

  /**
   * Defect: s* of an exact mode was +∞ (design rule refused: "no Markov quilt is feasible") whenever its optimum
   * needed offsets beyond the table (a sticky chain, exact, ε = 0.3: card ≈ 1000 > 2·256 + 1). The tables now
   * grow until a quilt is feasible.
   */
  @Test
  void sStarGrowsItsTablesWhenTheOptimumIsFarAway() {
    double[][] sticky = {{0.995, 0.005}, {0.005, 0.995}};
    MqmCalibration c = MqmCalibration.builder().chainClass(FiniteChainClass.of(sticky)).mode(MqmMode.EXACT)
        .epsilon(0.3).windowLength(65).build();
    ActiveQuilt reference = QuiltSearch.sStar(StationaryExactInfluence.of(sticky, 1024), 0.3, 2049);
    assertThat(reference).isNotNull();
    assertThat(QuiltSearch.sStar(StationaryExactInfluence.of(sticky, 256), 0.3, 513)).isNull();
    assertThat(c.sStar()).isEqualTo(reference.score()).isFinite();
    // a periodic chain stays infeasible however long the tables (and the growth stops)
    MqmCalibration periodic = MqmCalibration.builder().chainClass(FiniteChainClass.of(new double[][] {{0, 1},
        {1, 0}})).mode(MqmMode.EXACT).epsilon(1).windowLength(10).build();
    assertThat(periodic.sStar()).isInfinite();
  }

  @Test
  void exactModesRefuseLargeStateSpacesNamingTheApproximateMode() {
    int k = FiniteChainClass.MAX_EXACT_STATES + 1;
    double[][] lazyCycle = new double[k][k];
    for (int x = 0; x < k; x++) {
      lazyCycle[x][x] = 0.5;
      lazyCycle[x][(x + 1) % k] = 0.5;
    }
    FiniteChainClass c = FiniteChainClass.of(lazyCycle);
    for (MqmMode mode : new MqmMode[] {MqmMode.EXACT, MqmMode.EXACT_ANY_INITIAL}) {
      assertThatThrownBy(() -> MqmCalibration.builder().chainClass(c).mode(mode).epsilon(1).windowLength(50).build())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("mode = " + mode.cliName() + ": the chains have 33 states, the exact modes accept at most 32"
              + " (tables of T*k^2 ratios); use mode approx-general");
    }
    assertThat(MqmCalibration.builder().chainClass(c).mode(MqmMode.APPROX_GENERAL).epsilon(1).windowLength(50)
        .build().sigmaMax()).isPositive();
  }

  @Test
  void serialisationRoundTripGivesAnEqualSigma() throws Exception {
    ChainClass[] classes = {FiniteChainClass.of(P1, new double[][] {{0.7, 0.3}, {0.4, 0.6}}), FiniteChainClass.of(P3),
        BoundedChainClass.of(3, 0.2, 0.3)};
    for (ChainClass cc : classes) {
      ChainClass back = roundTrip(cc);
      assertThat(back).isNotSameAs(cc).isEqualTo(cc);
      for (MqmMode mode : new MqmMode[] {cc.defaultMode(), MqmMode.APPROX_GENERAL}) {
        MqmCalibration c = MqmCalibration.builder().chainClass(cc).mode(mode).epsilon(0.7).windowLength(64)
            .sensitivity(2).build();
        MqmCalibration d = roundTrip(c);
        assertThat(d).isNotSameAs(c).isEqualTo(c);
        assertThat(d.sigmaMax()).isEqualTo(c.sigmaMax());
        assertThat(d.noiseScale()).isEqualTo(c.noiseScale());
        assertThat(d.activeQuilt()).isEqualTo(c.activeQuilt());
        assertThat(d.sStar()).isEqualTo(c.sStar());
      }
    }
  }

  @Test
  void deserialisationRevalidatesTheChains() throws Exception {
    double[][] p = {{0.9, 0.1}, {0.2, 0.8}};
    FiniteChainClass c = FiniteChainClass.of(p);
    byte[] bytes = serialize(c);
    // a reducible chain smuggled into the bytes (the copy is private, so corrupt the stream's doubles instead):
    // the payload holds 0.1 as a big-endian double; make row 0 absorbing (0.9 → 1.0, 0.1 → 0.0)
    replaceDouble(bytes, 0.9, 1.0);
    replaceDouble(bytes, 0.1, 0.0);
    assertThatThrownBy(() -> deserialize(bytes)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("chain[0]");
  }

  private static void replaceDouble(byte[] bytes, double from, double to) {
    long f = Double.doubleToLongBits(from);
    long t = Double.doubleToLongBits(to);
    for (int i = 0; i + 8 <= bytes.length; i++) {
      long v = 0;
      for (int j = 0; j < 8; j++) {
        v = (v << 8) | (bytes[i + j] & 0xff);
      }
      if (v == f) {
        for (int j = 0; j < 8; j++) {
          bytes[i + j] = (byte) (t >>> (56 - 8 * j));
        }
        return;
      }
    }
    throw new AssertionError("double " + from + " not found in the stream");
  }

  @SuppressWarnings("unchecked")
  static <T> T roundTrip(T value) throws Exception {
    return (T) deserialize(serialize(value));
  }

  private static byte[] serialize(Object value) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    return bytes.toByteArray();
  }

  private static Object deserialize(byte[] bytes) throws Exception {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    }
  }
}
