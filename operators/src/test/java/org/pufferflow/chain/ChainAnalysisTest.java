package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** docs/test-vectors.md, 'MQM' and §4.2 chain quantities. */
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

  /** Above 200 states π comes from the sparse estimate; it agrees with the dense solve. */
  @Test
  void largeChainsUseTheSparseEstimate() {
    double[][] grid = org.pufferflow.mechanism.dphmm.GridModels.lazyWalk(15);
    double[][] nonReversible = SpectralBoundsProperties.randomNonReversible(260, 7, 0.01);
    for (double[][] p : new double[][][] {grid, nonReversible}) {
      assertThat(p.length).isGreaterThan(ChainAnalysis.SPARSE_ESTIMATE_MIN_STATES);
      assertThat(ChainAnalysis.stationary(p)).containsExactly(ChainAnalysis.denseStationary(p), within(1e-12));
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
    assertThatThrownBy(() -> Ergodicity.checkErgodic("P", new double[][] {{0, 1}, {1, 0}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("periodic with period 2");
    assertThatThrownBy(() -> ChainAnalysis.stationary(new double[][] {{0.5, 0.4}, {0.5, 0.5}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row sums to");
    assertThat(ChainAnalysis.eigenGap(new double[][] {{0, 1}, {1, 0}})).isEqualTo(0.0);
  }

  @Test
  void p1PowerClosedForm() {
    double[][] p9 = ChainAnalysis.power(P1, 9);
    assertThat(p9[0]).containsExactly(new double[] {0.680118, 0.319882}, within(1e-6));
    assertThat(p9[1]).containsExactly(new double[] {0.639764, 0.360236}, within(1e-6));
    for (int n = 0; n <= 40; n++) {
      double[][] pn = ChainAnalysis.power(P1, n);
      double[] pi = {2.0 / 3, 1.0 / 3};
      for (int x = 0; x < 2; x++) {
        for (int y = 0; y < 2; y++) {
          assertThat(pn[x][y]).isCloseTo(pi[y] + Math.pow(0.7, n) * ((x == y ? 1 : 0) - pi[y]), within(1e-12));
        }
      }
    }
  }

  /** docs/test-vectors.md, 'MQM': the symmetric binary chain's conditional marginals (the influence of X_1 fades). */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({
    "1, 1.0, 0.0", "2, 0.9, 0.1", "3, 0.82, 0.18", "5, 0.7048, 0.2952", "11, 0.5536870912, 0.4463129088",
    "21, 0.5057646075, 0.4942353925"
  })
  void symmetricBinaryChain(int i, double from0, double from1) {
    double[][] p = {{0.9, 0.1}, {0.1, 0.9}};
    assertThat(ChainAnalysis.marginal(new double[] {1, 0}, p, i)[0]).isCloseTo(from0, within(1e-10));
    assertThat(ChainAnalysis.marginal(new double[] {0, 1}, p, i)[0]).isCloseTo(from1, within(1e-10));
    assertThat(from0).isCloseTo(0.5 + 0.5 * Math.pow(2 * 0.9 - 1, i - 1), within(1e-10));
  }
}
