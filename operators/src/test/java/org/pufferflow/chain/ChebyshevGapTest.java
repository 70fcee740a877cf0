package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.chain.GapPropagatorHorizonTest.l1;
import static org.pufferflow.chain.GapPropagatorHorizonTest.randomDistribution;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.mechanism.dphmm.GridModels;

/**
 * The Chebyshev rule of {@link GapPropagator} (docs/dphmm.md, 'Gaps below the horizon: Chebyshev'): the result is
 * within its certified bound of g plain products (the reference, exact up to g·u of rounding in ℓ1, which the test
 * adds), the bound is at most the tolerance asked, and it takes d ≪ g products.
 */
class ChebyshevGapTest {

  /** p·M^g by g plain products. */
  static double[] stepped(TransitionMatrix m, double[] p, long g) {
    double[] a = p.clone();
    double[] b = new double[p.length];
    for (long t = 0; t < g; t++) {
      m.multiplyLeft(a, b);
      double[] s = a;
      a = b;
      b = s;
    }
    return a;
  }

  /** Whether the rule was used (its result then checked). */
  static boolean assertWithinBound(double[][] rows, double[] p, long g, double tolerance) {
    TransitionMatrix m = SparseTransitionMatrix.fromDense(rows);
    ChebyshevGap cheb = new ChebyshevGap(m, SpectralBounds.certify(m));
    double[] out = new double[rows.length];
    boolean used = cheb.propagate(p, g, tolerance, out);
    if (!used) {
      assertThat(cheb.lastDegree()).isEqualTo(-1);
      return false;
    }
    double[] exact = stepped(m, p, g);
    double stepRounding = g * 8 * ShiftedInertia.UNIT_ROUNDOFF * rows.length;
    assertThat(l1(out, exact)).isLessThanOrEqualTo(cheb.lastBound() + stepRounding);
    assertThat(cheb.lastBound()).isLessThanOrEqualTo(tolerance);
    assertThat((long) cheb.lastDegree()).isLessThan(g / 2);
    for (double v : out) {
      assertThat(v).isGreaterThanOrEqualTo(0.0);
    }
    return true;
  }

  @Property(tries = 25)
  void reversibleChains(@ForAll @IntRange(min = 3, max = 40) int k, @ForAll @LongRange(min = 300, max = 5000) long g,
      @ForAll long seed) {
    assertThat(assertWithinBound(SpectralBoundsProperties.randomReversible(k, seed, 0.2), randomDistribution(k, seed),
        g, 1e-6)).isTrue();
  }

  @Property(tries = 15)
  void nearlyDecomposableChains(@ForAll @IntRange(min = 4, max = 30) int k,
      @ForAll @LongRange(min = 300, max = 5000) long g, @ForAll long seed) {
    assertWithinBound(SpectralBoundsProperties.nearlyDecomposable(k, seed, 1e-3), randomDistribution(k, seed), g,
        1e-6);
  }

  @Test
  void lazyGridFromAPointMassAndASpreadPrior() {
    double[][] rows = GridModels.lazyWalk(12);
    double[] point = new double[rows.length];
    point[0] = 1;
    for (long g : new long[] {500, 1001, 4000}) {
      assertThat(assertWithinBound(rows, point, g, 1e-6)).isTrue();
      assertThat(assertWithinBound(rows, randomDistribution(rows.length, g), g, 1e-9)).isTrue();
    }
  }

  /** The rule on the lazy 12 × 12 walk, certified. */
  static ChebyshevGap onGrid12() {
    TransitionMatrix m = SparseTransitionMatrix.fromDense(GridModels.lazyWalk(12));
    return new ChebyshevGap(m, SpectralBounds.certify(m));
  }

  @Test
  void theRuleIsUsedOnTheGridAndSavesProducts() {
    ChebyshevGap cheb = onGrid12();
    double[] p = new double[144];
    p[7] = 1;
    assertThat(cheb.propagate(p, 4000, 1e-6, new double[144])).isTrue();
    assertThat(cheb.lastDegree()).isLessThan(4000 / 5);
  }

  @Test
  void aToleranceTooTightForTheBoundIsRefused() {
    ChebyshevGap cheb = onGrid12();
    double[] p = new double[144];
    p[0] = 1;
    double[] out = new double[144];
    out[3] = 42;
    assertThat(cheb.propagate(p, 4000, 1e-16, out)).isFalse();
    assertThat(out[3]).isEqualTo(42);
    assertThat(cheb.lastBound()).isGreaterThan(1e-16);
  }

  @Test
  void thePropagatorUsesItBelowTheHorizonOnlyWhenAsked() {
    TransitionMatrix m = SparseTransitionMatrix.fromDense(GridModels.lazyWalk(20));
    GapPropagator plain = new GapPropagator(m, 0);
    GapPropagator fast = new GapPropagator(m, 0, GapPropagator.CHEBYSHEV_TOLERANCE);
    long g = Math.min(fast.horizon() - 1, 6000);
    assertThat(g).isGreaterThanOrEqualTo(GapPropagator.HORIZON_MIN_GAP);
    double[] p = new double[m.size()];
    p[0] = 1;
    double[] a = new double[m.size()];
    double[] b = new double[m.size()];
    plain.propagate(p, g, a);
    fast.propagate(p, g, b);
    assertThat(fast.lastProducts()).isLessThan(g / 4);
    assertThat(plain.lastProducts()).isGreaterThan(fast.lastProducts());
    assertThat(l1(a, b)).isLessThanOrEqualTo(GapPropagator.CHEBYSHEV_TOLERANCE + 1e-9);
  }
}
