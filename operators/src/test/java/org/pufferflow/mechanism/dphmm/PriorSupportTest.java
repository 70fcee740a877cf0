package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;

/** {@link PriorSupport}: the exact support of p⁺·M^g (docs/dphmm.md, 'The constraint C_t'). */
class PriorSupportTest {

  /** 0.25·4.9e-324 rounds to 0; the state is reachable, so the prior keeps it (the smallest positive double). */
  @Test
  void aStateWhosePriorUnderflowsStaysInTheSupport() {
    TransitionMatrix m = TransitionMatrices.of(new double[][] {{0.75, 0, 0.25}, {0, 1, 0}, {0, 0, 1}});
    double[] post = {Double.MIN_VALUE, 1, 0};
    double[] prior = new double[3];
    m.multiplyLeft(post, prior);
    assertThat(prior[2]).as("floating point loses the state").isZero();
    assertThat(new PriorSupport(m).restrict(post, 1, prior)).isEqualTo(3);
    assertThat(prior[2]).isEqualTo(Double.MIN_VALUE);
    assertThat(prior[1]).isEqualTo(1);
    assertThat(Constraint.support().select(prior, new int[3])).isEqualTo(3);
    assertThat(Constraint.support(1e-12).select(prior, new int[3])).isEqualTo(1);
  }

  /** A periodic chain: the support after g steps alternates with the parity of g, for any long g. */
  @Test
  void everyStateIsAFixedPointOnlyWhenEveryStateHasAnIncomingEdge() {
    double[] all = {0.5, 0.5};
    double[] prior = {0.5, 0.5};
    // state 0 has no incoming edge: from every state, one step reaches state 1 only
    assertThat(new PriorSupport(TransitionMatrices.of(new double[][] {{0, 1}, {0, 1}})).restrict(all, 1, prior))
        .isEqualTo(1);
    assertThat(prior[0]).isZero();
    double[] prior2 = {0.5, 0.5};
    assertThat(new PriorSupport(TransitionMatrices.of(new double[][] {{0.5, 0.5}, {1, 0}})).restrict(all, 7, prior2))
        .isEqualTo(2);
  }

  @Test
  void aLongGapOnAPeriodicChainKeepsTheParity() {
    TransitionMatrix m = TransitionMatrices.of(new double[][] {{0, 1, 0}, {0.5, 0, 0.5}, {0, 1, 0}});
    PriorSupport s = new PriorSupport(m);
    double[] post = {1, 0, 0};
    double[] prior = {0.3, 0.4, 0.3}; // a wrong propagation: restrict must zero states not reachable
    assertThat(s.restrict(post, 1_000_000_000_000_000_001L, prior)).isEqualTo(1);
    assertThat(prior).containsExactly(0, 0.4, 0);
    prior = new double[] {0.5, 0, 0.5};
    assertThat(s.restrict(post, 1_000_000_000_000_000_000L, prior)).isEqualTo(2);
    assertThat(prior).containsExactly(0.5, 0, 0.5);
  }

  /** Against g plain boolean steps over M's non-zeros, on random sparse chains. */
  @Property(tries = 200)
  void matchesNaiveReachability(@ForAll @LongRange(min = 0, max = 1L << 40) long seed,
      @ForAll @IntRange(min = 1, max = 40) int gap) {
    Random r = new Random(seed);
    int n = 2 + r.nextInt(10);
    double[][] rows = sparseChain(r, n);
    TransitionMatrix m = TransitionMatrices.of(rows);
    double[] post = new double[n];
    boolean[] set = new boolean[n];
    boolean full = r.nextInt(3) == 0; // every state: the fixed-point shortcut, taken only when all → all
    for (int i = 0; i < n; i++) {
      if (full || r.nextDouble() < 0.3 || i == n - 1) {
        post[i] = r.nextDouble() < 0.2 ? Double.MIN_VALUE : 1;
        set[i] = true;
      }
    }
    for (int t = 0; t < gap; t++) {
      boolean[] next = new boolean[n];
      for (int j = 0; j < n; j++) {
        for (int i = 0; i < n; i++) {
          next[i] |= set[j] && rows[j][i] > 0;
        }
      }
      set = next;
    }
    double[] prior = new double[n];
    m.multiplyLeftPower(post, gap, prior, new double[n]);
    int count = new PriorSupport(m).restrict(post, gap, prior);
    int expected = 0;
    for (int i = 0; i < n; i++) {
      assertThat(prior[i] > 0).as("state " + i).isEqualTo(set[i]);
      expected += set[i] ? 1 : 0;
    }
    assertThat(count).isEqualTo(expected);
  }

  /** A row-stochastic N×N matrix with 1–3 non-zeros per row, some of them tiny (test code: java.util.Random). */
  static double[][] sparseChain(Random r, int n) {
    double[][] rows = new double[n][n];
    for (int i = 0; i < n; i++) {
      int k = 1 + r.nextInt(3);
      double sum = 0;
      for (int e = 0; e < k; e++) {
        int j = r.nextInt(n);
        double v = r.nextDouble() < 0.2 ? 1e-300 : 0.1 + r.nextDouble();
        rows[i][j] += v;
        sum += v;
      }
      int big = 0;
      for (int j = 0; j < n; j++) {
        rows[i][j] /= sum;
        big = rows[i][j] > rows[i][big] ? j : big;
      }
      double t = 0;
      for (int j = 0; j < n; j++) {
        t += rows[i][j];
      }
      rows[i][big] += 1 - t;
    }
    return rows;
  }
}
