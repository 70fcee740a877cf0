package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;

/**
 * Invariants of {@link TransitionEstimator} on arbitrary sequences with gaps: every estimate is row-stochastic, the
 * unsmoothed estimate maximises the log-likelihood against small perturbations of any row, and any λ &gt; 0 gives
 * an ergodic chain; and the estimate (sparse counts, sparse or dense matrix) equals the dense evaluation of the
 * formula from dense counts bit for bit, over several subjects.
 */
class TransitionEstimatorProperties {

  record Case(int states, int[] sequence) {}

  @Provide
  Arbitrary<Case> sequences() {
    return Arbitraries.integers().between(1, 5).flatMap(n ->
        Arbitraries.integers().between(-1, n - 1).array(int[].class).ofMinSize(0).ofMaxSize(60)
            .map(seq -> new Case(n, seq)));
  }

  @Property(tries = 300)
  void everyEstimateIsRowStochastic(@ForAll("sequences") Case c, @ForAll @DoubleRange(min = 0, max = 5) double lambda) {
    TransitionEstimator e = new TransitionEstimator(c.states());
    e.observeSequence(c.sequence());
    double[][] p = e.estimate(lambda).toArray();
    TransitionMatrices.checkStochastic("p", p); // throws unless every row is a distribution
    if (lambda > 0) {
      assertThat(Ergodicity.isIrreducible(p)).isTrue();
      assertThat(Ergodicity.period(p)).isEqualTo(1);
    }
  }

  @Provide
  Arbitrary<int[][]> subjects() {
    return Arbitraries.integers().between(-1, 39).array(int[].class).ofMinSize(0).ofMaxSize(300)
        .array(int[][].class).ofMinSize(1).ofMaxSize(4);
  }

  @Property(tries = 200)
  void sparseEstimateEqualsTheDenseReferenceBitForBit(
      @ForAll("subjects") int[][] subjects,
      @ForAll @IntRange(min = 1, max = 40) int states,
      @ForAll("smoothings") double lambda) {
    int[][] clipped = new int[subjects.length][];
    for (int s = 0; s < subjects.length; s++) {
      clipped[s] = java.util.Arrays.stream(subjects[s]).map(x -> x < 0 ? -1 : x % states).toArray();
    }
    TransitionEstimator e = new TransitionEstimator(states);
    for (int[] seq : clipped) {
      e.observeSequence(seq);
    }
    TransitionMatrix p = e.estimate(lambda);
    double[][] reference = TransitionEstimatorTest.denseReference(states, clipped, lambda);
    assertThat(p.toArray()).isDeepEqualTo(reference);
    if (lambda == 0) {
      assertThat(p.nonZeros()).isLessThanOrEqualTo(p instanceof SparseTransitionMatrix
          ? (long) states * states / 4 : (long) states * states);
    }
  }

  @Provide
  Arbitrary<Double> smoothings() {
    return Arbitraries.oneOf(Arbitraries.just(0.0), Arbitraries.doubles().between(1e-9, 5).ofScale(12));
  }

  @Property(tries = 300)
  void mleBeatsSmallPerturbations(
      @ForAll("sequences") Case c,
      @ForAll @IntRange(min = 0, max = 4) int row,
      @ForAll @IntRange(min = 0, max = 4) int from,
      @ForAll @IntRange(min = 0, max = 4) int to,
      @ForAll @DoubleRange(min = 1e-6, max = 1) @Scale(8) double fraction) {
    int n = c.states();
    int i = row % n;
    int j = from % n;
    int k = to % n;
    TransitionEstimator e = new TransitionEstimator(n);
    e.observeSequence(c.sequence());
    double[][] mle = e.estimate(0).toArray();
    double[][] moved = new double[n][];
    for (int r = 0; r < n; r++) {
      moved[r] = mle[r].clone();
    }
    double delta = mle[i][j] * fraction * 0.1; // keeps the row a distribution
    moved[i][j] -= delta;
    moved[i][k] += delta;
    assertThat(e.logLikelihood(moved)).isLessThanOrEqualTo(e.logLikelihood(mle) + 1e-9);
  }

}
