package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.SparseGrids;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.InvalidParameterException;

/**
 * {@link KnownChains}: small chains become the {@link FiniteChainClass} of their rows (every mode), chains above
 * {@link FiniteChainClass#DENSE_ANALYSIS_MAX_STATES} states a {@link CertifiedChainClass} with the bounds the dense
 * class computes for the same matrix (docs/mqm.md, 'Certified bounds for large chains').
 */
class KnownChainsTest {

  private static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};
  private static final double[][] P2 = {{0.95, 0.05}, {0.05, 0.95}};

  @Test
  void smallChainsAreTheFiniteClassOfTheirRows() {
    ChainClass c = KnownChains.of(List.of(TransitionMatrices.of(P1), TransitionMatrices.of(P2)));
    assertThat(c).isInstanceOf(FiniteChainClass.class).isEqualTo(FiniteChainClass.of(P1, P2));
    assertThat(c.defaultMode()).isEqualTo(MqmMode.EXACT_ANY_INITIAL);
  }

  @Test
  void largeChainsAreCertifiedWithTheDenseClassBounds() {
    TransitionMatrix grid = SparseGrids.lazyWalk(15); // 225 states
    ChainClass c = KnownChains.of(List.of(grid));
    assertThat(c).isInstanceOf(CertifiedChainClass.class);
    FiniteChainClass dense = FiniteChainClass.of(grid.toArray());
    for (MqmMode mode : List.of(MqmMode.APPROX_GENERAL, MqmMode.APPROX_REVERSIBLE)) {
      assertThat(c.piMin(mode)).isEqualTo(dense.piMin(mode)).isPositive();
      assertThat(c.gap(mode)).isEqualTo(dense.gap(mode)).isPositive();
    }
  }

  @Test
  void chainsOnDifferentStateSpacesAreRefused() {
    assertThatThrownBy(() -> KnownChains.of(List.of(TransitionMatrices.of(P1), SparseGrids.lazyWalk(2))))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessage("chain[1]: has 4 states, chain[0] has 2 (a class shares one state space)");
    assertThatThrownBy(() -> KnownChains.of(List.of())).isInstanceOf(InvalidParameterException.class);
  }
}
