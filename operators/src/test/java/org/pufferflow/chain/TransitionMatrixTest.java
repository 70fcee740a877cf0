package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TransitionMatrixTest {

  /** The stated 6-state matrix of docs/test-vectors.md, 'DPHMM' (c). */
  static final double[][] M6 = {
    {0, 0, 0, 0.5, 0.5, 0},
    {0.5, 0.5, 0, 0, 0, 0},
    {0, 0, 0.5, 0, 0.5, 0},
    {0, 0, 0, 0.5, 0, 0.5},
    {0, 0, 0, 0, 0.5, 0.5},
    {0, 0.25, 0.25, 0, 0, 0.5},
  };

  @Test
  void denseAndSparseAgreeOnProductsAndEntries() {
    TransitionMatrix d = DenseTransitionMatrix.of(M6);
    TransitionMatrix s = SparseTransitionMatrix.fromDense(M6);
    assertThat(s.nonZeros()).isEqualTo(13);
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < 6; j++) {
        assertThat(s.get(i, j)).isEqualTo(M6[i][j]);
        assertThat(d.get(i, j)).isEqualTo(M6[i][j]);
      }
    }
    double[] p = {0.1, 0.2, 0.3, 0.15, 0.15, 0.1};
    double[] a = new double[6];
    double[] b = new double[6];
    d.multiplyLeft(p, a);
    s.multiplyLeft(p, b);
    for (int j = 0; j < 6; j++) {
      double expect = 0;
      for (int i = 0; i < 6; i++) {
        expect += p[i] * M6[i][j];
      }
      assertThat(a[j]).isCloseTo(expect, within(1e-15));
      assertThat(b[j]).isCloseTo(expect, within(1e-15));
    }
  }

  @Test
  void gapPowerMatchesRepeatedProducts() {
    // (c) step 4: p⁺ of step 3 propagated with gap 2.
    double[] p = {0, 0, 0, 0.32882526302984455, 0.14290687022463916, 0.5282678667455163};
    double[] expected = {
      0.06603348334318954, 0.19103348334318954, 0.19103348334318954,
      0.08220631575746114, 0.10176020089934933, 0.3679330333136209
    };
    for (TransitionMatrix m : new TransitionMatrix[] {DenseTransitionMatrix.of(M6), SparseTransitionMatrix.fromDense(M6)}) {
      double[] out = new double[6];
      double[] scratch = new double[6];
      double[] copy = p.clone();
      m.multiplyLeftPower(p, 2, out, scratch);
      assertThat(p).containsExactly(copy);
      for (int j = 0; j < 6; j++) {
        assertThat(out[j]).isCloseTo(expected[j], within(1e-12));
      }
      for (int g = 1; g <= 5; g++) {
        double[] ref = p.clone();
        double[] tmp = new double[6];
        for (int k = 0; k < g; k++) {
          m.multiplyLeft(ref, tmp);
          double[] t = ref;
          ref = tmp;
          tmp = t;
        }
        m.multiplyLeftPower(p, g, out, scratch);
        assertThat(out).containsExactly(ref);
      }
    }
  }

  @Test
  void factoryPicksSparseForSparseModels() {
    assertThat(TransitionMatrices.of(M6)).isInstanceOf(DenseTransitionMatrix.class);
    int n = 20;
    double[][] lazy = new double[n][n];
    for (int i = 0; i < n; i++) {
      lazy[i][i] = 0.5;
      lazy[i][(i + 1) % n] = 0.5;
    }
    assertThat(TransitionMatrices.of(lazy)).isInstanceOf(SparseTransitionMatrix.class);
  }

  @Test
  void rejectsNonStochasticMatrices() {
    double[][] bad = {{0.5, 0.5}, {0.5, 0.47}};
    assertThatThrownBy(() -> TransitionMatrices.of(bad))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("transition[1]: row sums to 0.97")
        .hasMessageContaining("expected 1");
    assertThatThrownBy(() -> SparseTransitionMatrix.fromDense(new double[][] {{1.2, -0.2}, {0, 1}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("transition[0][1] = -0.2");
    assertThatThrownBy(() -> DenseTransitionMatrix.of(new double[][] {{1, 0}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("square");
    assertThatThrownBy(() -> DenseTransitionMatrix.of(new double[][] {{Double.NaN, 1}, {0, 1}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NaN");
  }

  @Test
  void acceptsRowsWithinTolerance() {
    double[][] ok = {{0.5, 0.5 + 5e-10}, {0, 1}};
    assertThat(TransitionMatrices.of(ok).size()).isEqualTo(2);
  }
}
