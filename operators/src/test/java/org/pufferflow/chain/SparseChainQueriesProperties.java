package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The graph queries of {@link Ergodicity} on a {@link TransitionMatrix} (O(N + nnz), what a configuration's sparse
 * model is checked with) agree with the array-of-rows queries, and {@link TransitionMatrices#ofCsr} stores a matrix
 * as {@link TransitionMatrices#of(double[][])} does, on random chains with many zeros (reducible, periodic and
 * ergodic ones alike).
 */
class SparseChainQueriesProperties {

  @Provide
  Arbitrary<double[][]> sparseChains() {
    return Arbitraries.integers().between(1, 9).flatMap(n -> Arbitraries.doubles().between(0, 1)
        .array(double[].class).ofSize(n * n).map(a -> chain(n, a)));
  }

  /** Entries below 0.7 become 0; a row left empty moves to the next state (a cycle); rows are normalised. */
  private static double[][] chain(int n, double[] a) {
    double[][] p = new double[n][n];
    for (int i = 0; i < n; i++) {
      double sum = 0;
      for (int j = 0; j < n; j++) {
        p[i][j] = a[i * n + j] < 0.7 ? 0 : a[i * n + j];
        sum += p[i][j];
      }
      if (sum == 0) {
        p[i][(i + 1) % n] = 1;
        sum = 1;
      }
      for (int j = 0; j < n; j++) {
        p[i][j] /= sum;
      }
    }
    return p;
  }

  @Property(tries = 300)
  void graphQueriesAgreeWithTheArrayOfRows(@ForAll("sparseChains") double[][] p) {
    TransitionMatrix m = TransitionMatrices.of(p);
    assertThat(Ergodicity.firstUnreachedFromZero(m)).isEqualTo(Ergodicity.firstUnreachedFromZero(p));
    assertThat(Ergodicity.firstNotReachingZero(m)).isEqualTo(Ergodicity.firstNotReachingZero(p));
    if (Ergodicity.isIrreducible(p)) {
      assertThat(Ergodicity.period(m)).isEqualTo(Ergodicity.period(p));
    }
  }

  @Property(tries = 300)
  void csrRowsAreStoredAsTheDenseRowsWouldBe(@ForAll("sparseChains") double[][] p) {
    SparseRows r = SparseRows.of(p); // the non-zero entries, row by row
    TransitionMatrix csr = TransitionMatrices.ofCsr("P", p.length, r.start, r.col, r.val);
    TransitionMatrix rows = TransitionMatrices.of(p);
    assertThat(csr.getClass()).isEqualTo(rows.getClass());
    assertThat(MatrixEntries.equal(csr, rows)).isTrue();
    assertThat(csr.toArray()).isDeepEqualTo(p);
  }
}
