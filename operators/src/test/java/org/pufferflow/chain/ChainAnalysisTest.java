package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** mqm.md §4.1 and §4.2 chain quantities. */
class ChainAnalysisTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};
  static final double[][] P3 = {{0.8, 0.15, 0.05}, {0.05, 0.8, 0.15}, {0.15, 0.05, 0.8}};

  @Test
  void p1Quantities() {
    ChainAnalysis c = ChainAnalysis.of(P1);
    assertThat(c.stationaryDistribution()).containsExactly(new double[] {2.0 / 3, 1.0 / 3}, within(1e-12));
    assertThat(c.piMin()).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(c.gapP()).isCloseTo(0.3, within(1e-12));
    assertThat(c.gapPPStar()).isCloseTo(0.51, within(1e-12));
    assertThat(c.isReversible()).isTrue();
    assertThat(c.reversal()[0]).containsExactly(new double[] {0.9, 0.1}, within(1e-12));
    assertThat(c.reversal()[1]).containsExactly(new double[] {0.2, 0.8}, within(1e-12));
    assertThat(c.isAperiodic()).isTrue();
  }

  @Test
  void p3NonReversible() {
    ChainAnalysis c = ChainAnalysis.of(P3);
    assertThat(c.stationaryDistribution()).containsExactly(new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, within(1e-12));
    assertThat(c.isReversible()).isFalse();
    assertThat(c.gapP()).isCloseTo(1 - 0.7053368, within(1e-7));
    assertThat(c.gapPPStar()).isCloseTo(0.5025, within(1e-12));
    double[][] r = c.reversal();
    for (int x = 0; x < 3; x++) {
      for (int y = 0; y < 3; y++) {
        assertThat(r[x][y]).isCloseTo(P3[y][x], within(1e-12));
      }
    }
  }

  @Test
  void stationaryOfNonUniformChain() {
    double[][] p = {{0.5, 0.5, 0}, {0.25, 0.5, 0.25}, {0, 0.5, 0.5}};
    double[] pi = ChainAnalysis.stationary(p);
    assertThat(pi).containsExactly(new double[] {0.25, 0.5, 0.25}, within(1e-12));
  }

  @Test
  void rejectsReducibleAndPeriodicAndNonStochastic() {
    assertThatThrownBy(() -> ChainAnalysis.stationary(new double[][] {{1, 0}, {0, 1}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not irreducible");
    assertThatThrownBy(() -> ChainAnalysis.checkErgodic("P", new double[][] {{0, 1}, {1, 0}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("periodic with period 2");
    assertThatThrownBy(() -> ChainAnalysis.stationary(new double[][] {{0.5, 0.4}, {0.5, 0.5}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row sums to");
    assertThat(ChainAnalysis.eigenGap(new double[][] {{0, 1}, {1, 0}})).isEqualTo(0.0);
  }
}
