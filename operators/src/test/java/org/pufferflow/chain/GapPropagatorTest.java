package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * p·M^g for long gaps with bounded work (docs/dphmm.md, "Gaps"): the exact-cycle rule and the tolerance rule, on
 * ergodic, periodic and reducible chains, against the plain g-product loop where that is affordable.
 */
class GapPropagatorTest {

  /** Both methods: repeated squaring (small chains, the default) and iteration with the stopping rules. */
  static GapPropagator[] both(TransitionMatrix m) {
    return new GapPropagator[] {new GapPropagator(m), new GapPropagator(m, 0)};
  }

  static final double[][] ERGODIC = {{0.5, 0.3, 0.2}, {0.1, 0.6, 0.3}, {0.25, 0.25, 0.5}};

  @Test
  void aBillionTickGapOnAnErgodicChainGivesTheStationaryDistribution() {
    for (TransitionMatrix m : new TransitionMatrix[] {DenseTransitionMatrix.of(ERGODIC),
        SparseTransitionMatrix.fromDense(ERGODIC)}) {
     for (GapPropagator gp : both(m)) {
      double[] out = new double[3];
      gp.propagate(new double[] {1, 0, 0}, 1_000_000_000L, out);
      double[] pi = ChainAnalysis.stationary(ERGODIC);
      double l1 = 0;
      for (int i = 0; i < 3; i++) {
        l1 += Math.abs(out[i] - pi[i]);
      }
      assertThat(l1).isLessThanOrEqualTo(1e-12);
      assertThat(gp.lastProducts()).as("products for a 1e9 gap").isLessThan(1_000);
     }
    }
  }

  @Test
  void periodicChainAfterAnOddGapIsExactlySwapped() {
    TransitionMatrix flip = DenseTransitionMatrix.of(new double[][] {{0, 1}, {1, 0}});
    for (GapPropagator gp : both(flip)) {
    double[] p = {0.3, 0.7};
    double[] out = new double[2];
    gp.propagate(p, 1_000_000_001L, out);
    assertThat(out).containsExactly(0.7, 0.3);
    gp.propagate(p, 1_000_000_000L, out);
    assertThat(out).containsExactly(0.3, 0.7);
    assertThat(gp.lastProducts()).isLessThan(40);
    }
  }

  @Test
  void periodThreeCycleWithTransientStateMatchesTheProductLoop() {
    // state 3 is transient (reducible chain), 0 → 1 → 2 → 0 a cycle of period 3
    double[][] a = {{0, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 0}, {0.2, 0.3, 0.1, 0.4}};
    TransitionMatrix m = SparseTransitionMatrix.fromDense(a);
    for (GapPropagator gp : both(m)) {
    double[] p = {0.1, 0.2, 0.3, 0.4};
    double[] out = new double[4];
    double[] ref = new double[4];
    double[] scratch = new double[4];
    for (long g = 1; g <= 200; g++) {
      gp.propagate(p, g, out);
      m.multiplyLeftPower(p, g, ref, scratch);
      double l1 = 0;
      for (int i = 0; i < 4; i++) {
        l1 += Math.abs(out[i] - ref[i]);
      }
      assertThat(l1).as("gap " + g).isLessThanOrEqualTo(GapPropagator.TOLERANCE + 1e-15);
    }
    gp.propagate(p, 3_000_000_001L, out); // ≡ 1 (mod 3): the transient mass has long been absorbed
    gp.propagate(p, 301, ref);
    for (int i = 0; i < 4; i++) {
      assertThat(Math.abs(out[i] - ref[i])).isLessThanOrEqualTo(1e-12);
    }
    }
  }

  @Test
  void shortGapsAreBitIdenticalToRepeatedProducts() {
    TransitionMatrix m = DenseTransitionMatrix.of(ERGODIC);
    GapPropagator gp = new GapPropagator(m);
    double[] p = {0.2, 0.5, 0.3};
    double[] out = new double[3];
    double[] ref = new double[3];
    double[] scratch = new double[3];
    for (long g = 1; g <= 8; g++) {
      gp.propagate(p, g, out);
      m.multiplyLeftPower(p, g, ref, scratch);
      assertThat(out).containsExactly(ref);
    }
    assertThatThrownBy(() -> gp.propagate(p, 0, out)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("gap = 0");
  }

  @Test
  void squaringAndIterationAgreeWithTheProductLoopOnRandomChains() {
    java.util.Random r = new java.util.Random(7); // test code: instance generation only
    for (int trial = 0; trial < 40; trial++) {
      int n = 2 + r.nextInt(6);
      double[][] a = new double[n][n];
      for (int i = 0; i < n; i++) {
        double sum = 0;
        for (int j = 0; j < n; j++) {
          a[i][j] = r.nextInt(3) == 0 ? 0 : r.nextDouble(); // zeros: periodic or reducible chains occur
          sum += a[i][j];
        }
        if (sum == 0) {
          a[i][(i + 1) % n] = sum = 1;
        }
        for (int j = 0; j < n; j++) {
          a[i][j] /= sum;
        }
      }
      TransitionMatrix m = DenseTransitionMatrix.of(a);
      double[] p = new double[n];
      p[r.nextInt(n)] = 1;
      long g = 64 + r.nextInt(3000);
      double[] ref = new double[n];
      m.multiplyLeftPower(p, g, ref, new double[n]);
      for (GapPropagator gp : both(m)) {
        double[] out = new double[n];
        gp.propagate(p, g, out);
        double l1 = 0;
        for (int i = 0; i < n; i++) {
          l1 += Math.abs(out[i] - ref[i]);
        }
        assertThat(l1).as("trial %d, n = %d, gap %d", trial, n, g).isLessThanOrEqualTo(1e-12);
      }
    }
  }
}
