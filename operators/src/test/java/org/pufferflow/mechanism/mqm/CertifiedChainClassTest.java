package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.SparseGrids;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.SpectralBounds;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.dphmm.GridModels;

/** docs/mqm.md, 'Certified bounds for large chains': a class of large chains calibrated from certified bounds. */
class CertifiedChainClassTest {

  static double sigma(ChainClass c, MqmMode mode) {
    return CertifiedCalibrationProperties.sigma(c, mode, 1, 1000);
  }

  @Test
  void sameSigmaAsTheCertifiedBoundsAndTheLargeFiniteClass() {
    double[][] p = GridModels.lazyWalk(15);
    SparseTransitionMatrix m = SparseTransitionMatrix.fromDense(p);
    CertifiedChainClass c = CertifiedChainClass.of(List.of(m));
    SpectralBounds b = SpectralBounds.certify(m);
    assertThat(sigma(c, MqmMode.APPROX_GENERAL)).isEqualTo(
        sigma(BoundedChainClass.of(p.length, b.piMinLowerBound(), b.gapLowerBound()), MqmMode.APPROX_GENERAL));
    assertThat(sigma(c, MqmMode.APPROX_REVERSIBLE)).isEqualTo(
        sigma(BoundedChainClass.of(p.length, b.piMinLowerBound(), b.gapPLowerBound()), MqmMode.APPROX_REVERSIBLE));
    FiniteChainClass dense = FiniteChainClass.of(p); // 225 states: also certified
    for (MqmMode mode : new MqmMode[] {MqmMode.APPROX_GENERAL, MqmMode.APPROX_REVERSIBLE}) {
      assertThat(sigma(c, mode)).isEqualTo(sigma(dense, mode));
      assertThat(c.gap(mode)).isEqualTo(dense.gap(mode));
      assertThat(c.piMin(mode)).isEqualTo(dense.piMin(mode));
    }
    assertThat(c.defaultMode()).isEqualTo(MqmMode.APPROX_GENERAL);
    assertThat(c.states()).isEqualTo(225);
  }

  @Test
  void aHundredByHundredGridIsCalibrated() {
    CertifiedChainClass c = CertifiedChainClass.of(List.of(SparseGrids.lazyWalk(100)));
    double s = sigma(c, MqmMode.APPROX_GENERAL);
    assertThat(s).isPositive().isLessThanOrEqualTo(1000.0); // never above group DP (T/ε)
    assertThat(c.gap(MqmMode.APPROX_GENERAL)).isGreaterThan(1e-4);
  }

  @Test
  void refusesExactModesNonReversibleChainsAndPeriodicChains() {
    CertifiedChainClass c = CertifiedChainClass.of(List.of(SparseGrids.lazyWalk(4)));
    assertThatThrownBy(() -> c.influences(MqmMode.EXACT, 10)).hasMessageContaining("approximate mode");
    double[][] cyclic = {{0.8, 0.15, 0.05}, {0.05, 0.8, 0.15}, {0.15, 0.05, 0.8}};
    CertifiedChainClass nonReversible = CertifiedChainClass.of(List.of(SparseTransitionMatrix.fromDense(cyclic)));
    assertThatThrownBy(() -> nonReversible.influences(MqmMode.APPROX_REVERSIBLE, 10))
        .hasMessageContaining("not reversible");
    assertThat(nonReversible.influences(MqmMode.APPROX_GENERAL, 10)).hasSize(1);
    assertThatThrownBy(() -> CertifiedChainClass.of(List.of(SparseTransitionMatrix.fromDense(
        new double[][] {{0, 1}, {1, 0}})))).hasMessageContaining("chain[0]").hasMessageContaining("not ergodic");
  }

  @Test
  void serializationRoundTripKeepsValueEquality() throws Exception {
    CertifiedChainClass c = CertifiedChainClass.of(List.of(SparseGrids.lazyWalk(6)));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(c);
    }
    Object back;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      back = in.readObject();
    }
    assertThat(back).isEqualTo(c).hasSameHashCodeAs(c);
    TransitionMatrix dense = org.pufferflow.chain.DenseTransitionMatrix.of(GridModels.lazyWalk(6));
    assertThat(CertifiedChainClass.of(List.of(dense))).isEqualTo(c);
    assertThat(CertifiedChainClass.of(List.of(SparseGrids.lazyWalk(5)))).isNotEqualTo(c);
    assertThat(sigma((ChainClass) back, MqmMode.APPROX_GENERAL)).isEqualTo(sigma(c, MqmMode.APPROX_GENERAL));
  }
}
