package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link SparseStationary}: the same π as the dense solve of {@link ChainAnalysis}, and π·P = π. */
class SparseStationaryTest {

  /** A random irreducible chain: a cycle through every state plus a few random edges, random weights. */
  private static double[][] randomSparseChain(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[][] p = new double[n][n];
    for (int i = 0; i < n; i++) {
      p[i][(i + 1) % n] = 0.1 + r.nextDouble();
      p[i][i] = r.nextDouble() < 0.5 ? r.nextDouble() : 0;
      for (int e = 0; e < 2; e++) {
        p[i][r.nextInt(n)] += r.nextDouble();
      }
      double sum = 0;
      for (double x : p[i]) {
        sum += x;
      }
      for (int j = 0; j < n; j++) {
        p[i][j] /= sum;
      }
    }
    return p;
  }

  @Property(tries = 100)
  void equalsTheDenseSolveAndIsStationary(@ForAll @IntRange(min = 2, max = 60) int n, @ForAll long seed) {
    double[][] p = randomSparseChain(n, seed);
    double[] dense = ChainAnalysis.stationary(p);
    double[] sparse = SparseStationary.of(p);
    double sum = 0;
    for (int x = 0; x < n; x++) {
      assertThat(sparse[x]).isCloseTo(dense[x], within(1e-10));
      double next = 0;
      for (int y = 0; y < n; y++) {
        next += sparse[y] * p[y][x];
      }
      assertThat(next).isCloseTo(sparse[x], within(1e-10));
      sum += sparse[x];
    }
    assertThat(sum).isCloseTo(1, within(1e-12));
  }

  @Test
  void theLazyGridWalkIsUniform() {
    int side = 12;
    int n = side * side;
    double[][] p = new double[n][n];
    for (int k = 0; k < n; k++) {
      int r = k / side;
      int c = k % side;
      int[] nb = {r > 0 ? k - side : -1, r < side - 1 ? k + side : -1, c > 0 ? k - 1 : -1, c < side - 1 ? k + 1 : -1};
      p[k][k] = 0.5;
      for (int j : nb) {
        p[k][j < 0 ? k : j] += 0.125; // a missing neighbour keeps the walker: symmetric, so π is uniform
      }
    }
    for (double x : SparseStationary.of(p)) {
      assertThat(x).isCloseTo(1.0 / n, within(1e-13));
    }
  }

  @Test
  void aReducibleChainIsRefused() {
    assertThatThrownBy(() -> SparseStationary.of(new double[][] {{1, 0}, {0.5, 0.5}}))
        .hasMessageContaining("irreducible");
  }
}
