package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.TransitionMatrices;

/** The ergodicity and reversibility checks MQM's configuration relies on ({@link ChainChecks} over ChainAnalysis). */
class ChainChecksTest {

  private static final List<String> ABCD = List.of("a", "b", "c", "d");

  @Test
  void ergodicChainsPass() {
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(new double[][] {{0.5, 0.5}, {1, 0}}), ABCD)).isNull();
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(new double[][] {{1}}), ABCD)).isNull();
  }

  @Test
  void periodicAndReducibleChainsAreNamed() {
    double[][] cycle3 = {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}};
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(cycle3), ABCD)).isEqualTo("periodic with period 3, not aperiodic");
    double[][] bipartite = {{0, 0.5, 0, 0.5}, {0.5, 0, 0.5, 0}, {0, 0.5, 0, 0.5}, {0.5, 0, 0.5, 0}};
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(bipartite), ABCD)).isEqualTo("periodic with period 2, not aperiodic");
    double[][] twoClasses = {{0.5, 0.5, 0}, {0.5, 0.5, 0}, {0, 0, 1}};
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(twoClasses), ABCD))
        .isEqualTo("not irreducible: state 2 (c) cannot be reached from state 0 (a)");
  }

  @Test
  void cycleWithOneShortcutIsAperiodic() {
    // cycle lengths 3 and 2 have gcd 1
    double[][] p = {{0, 1, 0}, {0.5, 0, 0.5}, {1, 0, 0}};
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(p), ABCD)).isNull();
  }

  @Property(tries = 200)
  void stationaryDistributionIsInvariant(
      @ForAll @IntRange(min = 1, max = 6) int n, @ForAll @DoubleRange(min = 0.01, max = 1) double scale) {
    double[][] p = new double[n][n];
    for (int i = 0; i < n; i++) {
      double sum = 0;
      for (int j = 0; j < n; j++) {
        p[i][j] = 0.05 + scale * ((i * 7 + j * 3) % 5);
        sum += p[i][j];
      }
      for (int j = 0; j < n; j++) {
        p[i][j] /= sum;
      }
    }
    double[] pi = ChainAnalysis.stationary(p);
    double total = 0;
    for (int j = 0; j < n; j++) {
      double next = 0;
      for (int i = 0; i < n; i++) {
        next += pi[i] * p[i][j];
      }
      assertThat(next).isCloseTo(pi[j], within(1e-12));
      total += pi[j];
    }
    assertThat(total).isCloseTo(1, within(1e-12));
  }

  @Test
  void twoStateChainsAndSymmetricChainsAreReversibleCyclesAreNot() {
    assertThat(ChainChecks.reversibilityProblem(TransitionMatrices.of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}), ABCD)).isNull();
    assertThat(ChainChecks.reversibilityProblem(TransitionMatrices.of(new double[][] {{0.8, 0.1, 0.1}, {0.1, 0.8, 0.1}, {0.1, 0.1, 0.8}}), ABCD))
        .isNull();
    // a birth-death chain (tridiagonal) is always reversible
    assertThat(ChainChecks.reversibilityProblem(TransitionMatrices.of(new double[][] {{0.7, 0.3, 0}, {0.2, 0.5, 0.3}, {0, 0.6, 0.4}}), ABCD)).isNull();
    assertThat(ChainChecks.reversibilityProblem(TransitionMatrices.of(new double[][] {{0.1, 0.8, 0.1}, {0.1, 0.1, 0.8}, {0.8, 0.1, 0.1}}), ABCD))
        .isEqualTo("not reversible: detailed balance fails between states 0 (a) and 1 (b)");
  }
}
