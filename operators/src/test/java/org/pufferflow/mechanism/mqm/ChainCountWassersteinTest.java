package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/test-vectors.md, 'MQM': the Wasserstein mechanism for F = number of 1s, ε = 1. */
class ChainCountWassersteinTest {

  static final double[][] SYM = {{0.6, 0.4}, {0.4, 0.6}};
  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};
  static final double[] HALF = {0.5, 0.5};
  static final double[] PI1 = {2.0 / 3, 1.0 / 3};

  @Test
  void symmetricChainLaws() {
    assertThat(ChainCountWasserstein.conditionalLaw(SYM, HALF, 4, 1, 0, 1))
        .containsExactly(new double[] {0.216, 0.336, 0.304, 0.144, 0}, within(1e-12));
    assertThat(ChainCountWasserstein.conditionalLaw(SYM, HALF, 4, 1, 1, 1))
        .containsExactly(new double[] {0, 0.144, 0.304, 0.336, 0.216}, within(1e-12));
    assertThat(ChainCountWasserstein.sensitivity(SYM, HALF, 4, 1)).isEqualTo(2);
    assertThat(ChainCountWasserstein.noiseScale(SYM, HALF, 4, 1, 1.0)).isCloseTo(2.0, within(1e-12));
    for (int t : new int[] {2, 3, 6, 8, 10, 20}) {
      assertThat(ChainCountWasserstein.sensitivity(SYM, HALF, t, 1)).as("T=%d", t).isEqualTo(2);
    }
  }

  @Test
  void p1StationaryLaws() {
    assertThat(ChainCountWasserstein.conditionalLaw(P1, PI1, 3, 2, 0, 1))
        .containsExactly(new double[] {0.81, 0.18, 0.01, 0}, within(1e-12));
    assertThat(ChainCountWasserstein.conditionalLaw(P1, PI1, 3, 2, 1, 1))
        .containsExactly(new double[] {0, 0.04, 0.32, 0.64}, within(1e-12));
  }

  @ParameterizedTest
  @CsvSource({"2, 2", "3, 3", "4, 4", "6, 5", "8, 5", "10, 6", "20, 7"})
  void p1Sensitivity(int t, int w) {
    assertThat(ChainCountWasserstein.sensitivity(P1, PI1, t, 1)).isEqualTo(w);
  }

  @Test
  void wInfinityOfShiftedPointMasses() {
    assertThat(ChainCountWasserstein.wInfinity(new double[] {1, 0, 0, 0}, new double[] {0, 0, 0, 1})).isEqualTo(3);
    assertThat(ChainCountWasserstein.wInfinity(new double[] {0.5, 0.5}, new double[] {0.5, 0.5})).isZero();
  }
}
