package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.pufferflow.mechanism.dphmm.GridModels;

/**
 * {@link SpectralBounds} against dense exact algebra ({@link ChainAnalysis}, EJML) on chains with known spectra
 * (docs/mqm.md, 'Certified bounds for large chains').
 */
class SpectralBoundsTest {

  /** The certified bounds may be below the exact value by at most this factor (stated in docs/mqm.md). */
  static final double FACTOR = 1.02;

  /** Slack for the dense reference's own rounding (EJML eigen/SVD on small chains). */
  static final double REFERENCE_SLACK = 1e-10;

  /** The stated allowance for the gap of P·P*: CONDITIONING / (gap·√π_min) on top of the factor. */
  static final double CONDITIONING = 1e-13;

  static void assertSafeAndTight(double[][] p) {
    ChainAnalysis exact = ChainAnalysis.of(p);
    SpectralBounds b = SpectralBounds.certify(SparseTransitionMatrix.fromDense(p));
    String why = b + " vs exact piMin=" + exact.piMin() + " gapP=" + exact.gapP() + " gapPPStar=" + exact.gapPPStar();
    assertThat(b.piMinLowerBound()).as(why).isLessThanOrEqualTo(exact.piMin() + REFERENCE_SLACK)
        .isGreaterThanOrEqualTo(exact.piMin() / FACTOR);
    // the gap of P·P* also pays for the uncertainty of π (docs/mqm.md): about u / (gap·√π_min)
    double piCost = CONDITIONING / (exact.gapPPStar() * Math.sqrt(exact.piMin()));
    assertThat(b.gapPPStarLowerBound()).as(why).isLessThanOrEqualTo(exact.gapPPStar() + REFERENCE_SLACK)
        .isGreaterThanOrEqualTo(exact.gapPPStar() / FACTOR - piCost);
    if (exact.isReversible()) {
      assertThat(b.isReversible()).isTrue();
      assertThat(b.gapPLowerBound()).as(why).isLessThanOrEqualTo(exact.gapP() + REFERENCE_SLACK)
          .isGreaterThanOrEqualTo(exact.gapP() / FACTOR);
    } else {
      assertThat(b.gapPLowerBound()).as(why).isLessThanOrEqualTo(exact.gapP() + REFERENCE_SLACK);
    }
    double[] pi = exact.stationaryDistribution();
    double[] est = b.stationaryEstimate();
    double l1 = 0;
    for (int i = 0; i < pi.length; i++) {
      l1 += Math.abs(pi[i] - est[i]);
    }
    assertThat(l1).isLessThanOrEqualTo(b.stationaryL1Error() + REFERENCE_SLACK);
  }

  @Test
  void twoStateChain() {
    assertSafeAndTight(ChainAnalysisTest.P1);
  }

  @Test
  void nonReversibleCycle() {
    assertSafeAndTight(ChainAnalysisTest.P3);
  }

  @Test
  void lazyGrids() {
    for (int side : new int[] {2, 5, 12, 20}) {
      assertSafeAndTight(GridModels.lazyWalk(side));
    }
  }

  @Test
  void rejectsPeriodicAndReducibleChains() {
    assertThatThrownBy(() -> SpectralBounds.certify(DenseTransitionMatrix.of(new double[][] {{0, 1}, {1, 0}})))
        .hasMessageContaining("not ergodic");
    assertThatThrownBy(() -> SpectralBounds.certify(DenseTransitionMatrix.of(new double[][] {{1, 0}, {0.5, 0.5}})))
        .hasMessageContaining("not ergodic");
  }

  @Test
  void singleState() {
    SpectralBounds b = SpectralBounds.certify(DenseTransitionMatrix.of(new double[][] {{1}}));
    assertThat(b.gapLowerBound()).isEqualTo(1.0);
    assertThat(b.piMinLowerBound()).isEqualTo(1.0);
  }
}
