package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.mechanism.mqm.QuiltInfluence.NONE;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.pufferflow.chain.ChainAnalysis;

/** The invariants of docs/mqm.md, 'σ_max' and docs/test-vectors.md, 'MQM' on random ergodic chains (k ∈ {2,3,4}, T ≤ 150). */
class MqmPropertiesTest {

  private static final double TOL = 1e-9;

  /** A random ergodic chain: strictly positive entries (min entry ≥ 0.02 before normalisation). */
  static double[][] randomChain(int k, long seed) {
    Random r = new Random(seed);
    double[][] p = new double[k][k];
    for (int x = 0; x < k; x++) {
      double s = 0;
      for (int y = 0; y < k; y++) {
        p[x][y] = 0.02 + r.nextDouble() * (r.nextBoolean() ? 1 : 0.1);
        s += p[x][y];
      }
      for (int y = 0; y < k; y++) {
        p[x][y] /= s;
      }
    }
    return p;
  }

  /** A random reversible chain P = D^{-1} W with W symmetric and positive. */
  static double[][] randomReversibleChain(int k, long seed) {
    Random r = new Random(seed);
    double[][] w = new double[k][k];
    for (int x = 0; x < k; x++) {
      for (int y = x; y < k; y++) {
        w[x][y] = w[y][x] = 0.05 + r.nextDouble();
      }
    }
    double[][] p = new double[k][k];
    for (int x = 0; x < k; x++) {
      double s = 0;
      for (int y = 0; y < k; y++) {
        s += w[x][y];
      }
      for (int y = 0; y < k; y++) {
        p[x][y] = w[x][y] / s;
      }
    }
    return p;
  }

  static QuiltInfluence model(double[][] p, MqmMode mode) {
    return FiniteChainClass.of(p).influences(mode, 256).get(0);
  }

  @Property(tries = 40)
  void approxGeneralBoundsExactInfluence(@ForAll @IntRange(min = 2, max = 4) int k, @ForAll long seed) {
    double[][] p = randomChain(k, seed);
    QuiltInfluence gen = model(p, MqmMode.APPROX_GENERAL);
    QuiltInfluence stat = model(p, MqmMode.EXACT);
    QuiltInfluence any = model(p, MqmMode.EXACT_ANY_INITIAL);
    for (int a = 0; a <= 35; a++) {
      for (int b = 0; b <= 35; b++) {
        double bound = gen.influence(1, a, b);
        assertThat(stat.influence(a + 1, a, b)).isLessThanOrEqualTo(bound + TOL);
        assertThat(any.worstCaseInfluence(a, b)).isLessThanOrEqualTo(bound + TOL);
        assertThat(any.influence(a + 7, a, b)).isLessThanOrEqualTo(any.worstCaseInfluence(a, b) + TOL);
      }
    }
  }

  @Property(tries = 30)
  void approxReversibleBoundsExactInfluenceOnReversibleChains(
      @ForAll @IntRange(min = 2, max = 4) int k, @ForAll long seed) {
    double[][] p = randomReversibleChain(k, seed);
    assertThat(ChainAnalysis.of(p).isReversible()).isTrue();
    QuiltInfluence rev = model(p, MqmMode.APPROX_REVERSIBLE);
    QuiltInfluence stat = model(p, MqmMode.EXACT);
    QuiltInfluence any = model(p, MqmMode.EXACT_ANY_INITIAL);
    for (int a = 0; a <= 30; a++) {
      for (int b = 0; b <= 30; b++) {
        double bound = rev.influence(1, a, b);
        assertThat(stat.influence(a + 1, a, b)).isLessThanOrEqualTo(bound + TOL);
        assertThat(any.worstCaseInfluence(a, b)).isLessThanOrEqualTo(bound + TOL);
      }
    }
  }

  @Property(tries = 30)
  void exactInfluenceIsMonotoneAndSubadditive(@ForAll @IntRange(min = 2, max = 4) int k, @ForAll long seed) {
    double[][] p = randomChain(k, seed);
    for (MqmMode mode : new MqmMode[] {MqmMode.EXACT, MqmMode.EXACT_ANY_INITIAL}) {
      QuiltInfluence m = model(p, mode);
      int i = 40;
      for (int a = 1; a <= 20; a++) {
        for (int b = 1; b <= 20; b++) {
          double e = m.influence(i, a, b);
          // Lemma 1.1: dropping a side (a subset of the quilt) or moving a node away cannot increase e.
          assertThat(m.influence(i, NONE, b)).isLessThanOrEqualTo(e + TOL);
          assertThat(m.influence(i, a, NONE)).isLessThanOrEqualTo(e + TOL);
          assertThat(m.influence(i, a + 1, b)).isLessThanOrEqualTo(e + TOL);
          assertThat(m.influence(i, a, b + 1)).isLessThanOrEqualTo(e + TOL);
          // Two-sided subadditivity (sides are conditionally independent given X_i).
          assertThat(e).isLessThanOrEqualTo(m.influence(i, a, NONE) + m.influence(i, NONE, b) + TOL);
        }
      }
    }
  }

  @Property(tries = 25)
  void fastSearchAgreesWithFullSearch(
      @ForAll @IntRange(min = 2, max = 4) int k, @ForAll long seed, @ForAll @IntRange(min = 1, max = 90) int t,
      @ForAll @DoubleRange(min = 0.5, max = 4) double eps) {
    double[][] p = randomChain(k, seed);
    for (MqmMode mode : MqmMode.values()) {
      if (mode == MqmMode.APPROX_REVERSIBLE) {
        continue;
      }
      QuiltInfluence m = model(p, mode);
      ActiveQuilt fast = QuiltSearch.fastSearch(m, t, eps);
      ActiveQuilt full = QuiltSearch.fullSearch(m, t, eps);
      assertThat(fast.score()).as("%s T=%d", mode, t).isCloseTo(full.score(), org.assertj.core.api.Assertions.within(1e-12));
      assertThat(fast.node()).isEqualTo(full.node());
    }
    QuiltInfluence rev = model(randomReversibleChain(k, seed), MqmMode.APPROX_REVERSIBLE);
    assertThat(QuiltSearch.fastSearch(rev, t, eps).score())
        .isEqualTo(QuiltSearch.fullSearch(rev, t, eps).score());
  }

  @Property(tries = 25)
  void sigmaOrderingAndBounds(
      @ForAll @IntRange(min = 2, max = 4) int k, @ForAll long seed, @ForAll @IntRange(min = 1, max = 150) int t,
      @ForAll @DoubleRange(min = 0.2, max = 5) double eps) {
    double[][] p = randomReversibleChain(k, seed);
    double exact = QuiltSearch.fastSearch(model(p, MqmMode.EXACT), t, eps).score();
    double any = QuiltSearch.fastSearch(model(p, MqmMode.EXACT_ANY_INITIAL), t, eps).score();
    double rev = QuiltSearch.fastSearch(model(p, MqmMode.APPROX_REVERSIBLE), t, eps).score();
    double gen = QuiltSearch.fastSearch(model(p, MqmMode.APPROX_GENERAL), t, eps).score();
    double group = t / eps;
    assertThat(exact).isLessThanOrEqualTo(any + TOL);
    assertThat(any).isLessThanOrEqualTo(Math.min(rev, gen) + TOL);
    assertThat(Math.max(rev, gen)).isLessThanOrEqualTo(group + TOL);
    assertThat(exact).isGreaterThanOrEqualTo(1 / eps - TOL);
    // σ is non-increasing in ε.
    for (MqmMode mode : MqmMode.values()) {
      QuiltInfluence m = model(p, mode);
      assertThat(QuiltSearch.fastSearch(m, t, eps * 1.5).score())
          .isLessThanOrEqualTo(QuiltSearch.fastSearch(m, t, eps).score() + TOL);
    }
  }

  @Property(tries = 15)
  void finiteClassIsMaxOverMembers(@ForAll long seed, @ForAll @IntRange(min = 5, max = 120) int t) {
    double[][] p = randomChain(3, seed);
    double[][] q = randomChain(3, seed + 1);
    for (MqmMode mode : new MqmMode[] {MqmMode.EXACT, MqmMode.APPROX_GENERAL}) {
      double both = MqmCalibration.builder().chainClass(FiniteChainClass.of(p, q)).mode(mode).epsilon(1)
          .windowLength(t).build().sigmaMax();
      double sp = QuiltSearch.fastSearch(model(p, mode), t, 1).score();
      double sq = QuiltSearch.fastSearch(model(q, mode), t, 1).score();
      assertThat(both).isEqualTo(Math.max(sp, sq));
    }
  }
}
