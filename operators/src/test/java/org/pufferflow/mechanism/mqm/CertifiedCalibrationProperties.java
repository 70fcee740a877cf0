package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.SpectralBounds;
import org.pufferflow.mechanism.dphmm.GridModels;

/**
 * docs/mqm.md, 'Certified bounds for large chains': calibrating approx-general and approx-reversible from the
 * certified (π_min, gap) never gives a σ below the one of the exact (dense) values, and a large chain in a
 * {@link FiniteChainClass} is calibrated from the certificate.
 */
class CertifiedCalibrationProperties {

  static double sigma(ChainClass c, MqmMode mode, double eps, int window) {
    return MqmCalibration.builder().chainClass(c).mode(mode).epsilon(eps).windowLength(window).build().sigmaMax();
  }

  static void assertNotBelowExact(double[][] p, MqmMode mode, double eps, int window) {
    ChainAnalysis exact = ChainAnalysis.of(p);
    SpectralBounds cert = SpectralBounds.certify(SparseTransitionMatrix.fromDense(p));
    double gapCert = mode == MqmMode.APPROX_REVERSIBLE ? cert.gapPLowerBound() : cert.gapPPStarLowerBound();
    double gapExact = mode == MqmMode.APPROX_REVERSIBLE ? exact.gapP() : exact.gapPPStar();
    int k = p.length;
    double certified = sigma(BoundedChainClass.of(k, cert.piMinLowerBound(), gapCert), mode, eps, window);
    double fromExact = sigma(BoundedChainClass.of(k, exact.piMin(), gapExact), mode, eps, window);
    assertThat(certified).isGreaterThanOrEqualTo(fromExact);
  }

  @Property(tries = 60)
  void approxGeneralNeverBelowExact(@ForAll @IntRange(min = 2, max = 30) int k, @ForAll long seed,
      @ForAll @DoubleRange(min = 0.2, max = 4) double eps, @ForAll @IntRange(min = 1, max = 400) int window) {
    assertNotBelowExact(MqmPropertiesTest.randomChain(k, seed), MqmMode.APPROX_GENERAL, eps, window);
  }

  @Property(tries = 60)
  void approxReversibleNeverBelowExact(@ForAll @IntRange(min = 2, max = 30) int k, @ForAll long seed,
      @ForAll @DoubleRange(min = 0.2, max = 4) double eps, @ForAll @IntRange(min = 1, max = 400) int window) {
    double[][] p = MqmPropertiesTest.randomReversibleChain(k, seed);
    assertNotBelowExact(p, MqmMode.APPROX_REVERSIBLE, eps, window);
    assertNotBelowExact(p, MqmMode.APPROX_GENERAL, eps, window);
  }

  /** A 15 × 15 grid (k = 225 > the dense limit): FiniteChainClass calibrates from the certificate. */
  @Test
  void largeFiniteClassUsesTheCertificate() {
    double[][] p = GridModels.lazyWalk(15);
    ChainAnalysis exact = ChainAnalysis.of(p);
    FiniteChainClass c = FiniteChainClass.of(p);
    for (MqmMode mode : new MqmMode[] {MqmMode.APPROX_GENERAL, MqmMode.APPROX_REVERSIBLE}) {
      double gapExact = mode == MqmMode.APPROX_REVERSIBLE ? exact.gapP() : exact.gapPPStar();
      assertThat(c.gap(mode)).isLessThanOrEqualTo(gapExact).isGreaterThan(gapExact / 1.02);
      assertThat(c.piMin(mode)).isLessThanOrEqualTo(exact.piMin()).isGreaterThan(exact.piMin() / 1.02);
      double fromExact = sigma(BoundedChainClass.of(p.length, exact.piMin(), gapExact), mode, 1, 1000);
      assertThat(sigma(c, mode, 1, 1000)).isGreaterThanOrEqualTo(fromExact).isLessThan(fromExact * 1.05);
    }
  }
}
