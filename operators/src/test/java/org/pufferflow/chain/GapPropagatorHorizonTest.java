package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.mechanism.dphmm.GridModels;

/**
 * The certified saturation horizon of {@link GapPropagator} (docs/dphmm.md, "Certified saturation horizon"): from
 * the horizon on, no product is computed and the result is within {@link GapPropagator#HORIZON_TOLERANCE} in ℓ1 of
 * p·M^g computed by repeated squaring; below it, the product rules run as before; uncertifiable chains never use it.
 */
class GapPropagatorHorizonTest {

  static double l1(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += Math.abs(a[i] - b[i]);
    }
    return s;
  }

  static double[] randomDistribution(int n, long seed) {
    Random r = new Random(seed);
    double[] p = new double[n];
    double s = 0;
    for (int i = 0; i < n; i++) {
      p[i] = r.nextDouble() < 0.2 ? r.nextDouble() : 0;
      s += p[i];
    }
    if (s == 0) {
      p[0] = 1;
      return p;
    }
    for (int i = 0; i < n; i++) {
      p[i] /= s;
    }
    return p;
  }

  static void assertHorizonMatchesSquaring(double[][] rows, long seed) {
    TransitionMatrix m = SparseTransitionMatrix.fromDense(rows);
    GapPropagator stepping = new GapPropagator(m, 0);
    GapPropagator squaring = new GapPropagator(m, Integer.MAX_VALUE);
    long h = stepping.horizon();
    assertThat(h).isLessThan(Long.MAX_VALUE);
    double[] p = randomDistribution(rows.length, seed);
    for (long g : new long[] {Math.max(h, GapPropagator.HORIZON_MIN_GAP), Math.max(3 * h + 7, 5000), 1_000_000_000_000L}) {
      double[] fast = new double[rows.length];
      double[] exact = new double[rows.length];
      stepping.propagate(p, g, fast);
      assertThat(stepping.lastProducts()).isZero();
      squaring.propagate(p, g, exact);
      assertThat(l1(fast, exact)).isLessThanOrEqualTo(GapPropagator.HORIZON_TOLERANCE + 1e-12);
    }
  }

  @Property(tries = 20)
  void reversibleChainsFromTheHorizonOn(@ForAll @IntRange(min = 2, max = 30) int k, @ForAll long seed) {
    assertHorizonMatchesSquaring(SpectralBoundsProperties.randomReversible(k, seed, 0.2), seed);
  }

  @Property(tries = 20)
  void nonReversibleChainsFromTheHorizonOn(@ForAll @IntRange(min = 2, max = 30) int k, @ForAll long seed) {
    assertHorizonMatchesSquaring(SpectralBoundsProperties.randomNonReversible(k, seed, 0.2), seed);
  }

  @Test
  void lazyGridFromTheHorizonOn() {
    assertHorizonMatchesSquaring(GridModels.lazyWalk(8), 1);
  }

  @Test
  void belowTheHorizonTheProductRulesRun() {
    TransitionMatrix m = SparseTransitionMatrix.fromDense(GridModels.lazyWalk(8));
    GapPropagator gp = new GapPropagator(m, 0);
    long h = gp.horizon();
    double[] p = new double[64];
    p[0] = 1;
    double[] out = new double[64];
    gp.propagate(p, h - 1, out);
    assertThat(gp.lastProducts()).isPositive();
  }

  @Test
  void aChainTooCostlyToCertifyHasNoHorizon() {
    int n = 900; // dense: one factorization ≈ n³/3 = 2.4·10⁸ multiply-adds > HORIZON_MAX_WORK
    double[][] rows = new double[n][n];
    for (double[] row : rows) {
      java.util.Arrays.fill(row, 1.0 / n);
    }
    TransitionMatrix m = DenseTransitionMatrix.of(rows);
    assertThat(SpectralBounds.factorizationWork(m)).isGreaterThan(GapPropagator.HORIZON_MAX_WORK);
    assertThat(new GapPropagator(m, 0).horizon()).isEqualTo(Long.MAX_VALUE);
    assertThat(SpectralBounds.factorizationWork(SparseGrids.lazyWalk(100)))
        .isLessThanOrEqualTo(GapPropagator.HORIZON_MAX_WORK);
  }

  @Test
  void periodicAndReducibleChainsHaveNoHorizon() {
    double[][] periodic = {{0, 1}, {1, 0}};
    double[][] reducible = {{1, 0}, {0.5, 0.5}};
    for (double[][] rows : new double[][][] {periodic, reducible}) {
      GapPropagator gp = new GapPropagator(SparseTransitionMatrix.fromDense(rows), 0);
      assertThat(gp.horizon()).isEqualTo(Long.MAX_VALUE);
    }
  }
}
