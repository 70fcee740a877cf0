package org.pufferflow.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** {@link TransitionEstimator}: counts, gaps, sequences, add-λ smoothing and the log-likelihood, by hand. */
class TransitionEstimatorTest {

  @Test
  void countsTransitionsWithinSequencesOnly() {
    TransitionEstimator e = new TransitionEstimator(3);
    e.observeSequence(new int[] {0, 0, 1, 2});
    e.observeSequence(new int[] {2, 0}); // 2→0 counted, but not 2 (end of first) → 2 (start of second)
    assertThat(e.transitions(0, 0)).isEqualTo(1);
    assertThat(e.transitions(0, 1)).isEqualTo(1);
    assertThat(e.transitions(1, 2)).isEqualTo(1);
    assertThat(e.transitions(2, 0)).isEqualTo(1);
    assertThat(e.transitions(2, 2)).isZero();
    assertThat(e.totalTransitions()).isEqualTo(4);
    assertThat(e.visits(0)).isEqualTo(3);
    assertThat(e.departures(0)).isEqualTo(2);
    assertThat(e.departures(2)).isEqualTo(1);
  }

  @Test
  void aGapBreaksTheSequence() {
    TransitionEstimator e = new TransitionEstimator(2);
    e.observeSequence(new int[] {0, -1, 1, 1});
    assertThat(e.transitions(0, 1)).isZero();
    assertThat(e.transitions(1, 1)).isEqualTo(1);
    assertThat(e.visits(0)).isEqualTo(1);
    assertThat(e.unvisitedRows()).containsExactly(0);
  }

  @Test
  void mleAndSmoothingByHand() {
    TransitionEstimator e = new TransitionEstimator(3);
    e.observeSequence(new int[] {0, 1, 0, 0, 1});
    // 0→1: 2, 1→0: 1, 0→0: 1; state 2 never left
    assertThat(e.estimate(0).toArray()).isDeepEqualTo(new double[][] {{1.0 / 3, 2.0 / 3, 0}, {1, 0, 0}, {0, 0, 1}});
    assertThat(e.estimate(0.5).toArray()).isDeepEqualTo(new double[][] {
        {1.5 / 4.5, 2.5 / 4.5, 0.5 / 4.5}, {1.5 / 2.5, 0.5 / 2.5, 0.5 / 2.5}, {1.0 / 3, 1.0 / 3, 1.0 / 3}});
    assertThat(e.unvisitedRows()).containsExactly(2);
  }

  @Test
  void unsmoothedSparseChainIsStoredSparselyWithTheDenseFormulasEntries() {
    int side = 12; // a lazy walk on a 12 × 12 grid: at most 5 of 144 entries per row are non-zero
    java.util.Random random = new java.util.Random(21);
    int[] walk = new int[20_000];
    for (int t = 1; t < walk.length; t++) {
      walk[t] = lazyStep(walk[t - 1], side, random);
    }
    TransitionEstimator e = new TransitionEstimator(side * side);
    e.observeSequence(walk);
    TransitionMatrix sparse = e.estimate(0);
    assertThat(sparse).isInstanceOf(SparseTransitionMatrix.class);
    assertThat(sparse.nonZeros()).isLessThanOrEqualTo(5L * side * side);
    assertThat(sparse.toArray()).isDeepEqualTo(denseReference(side * side, new int[][] {walk}, 0));
    TransitionMatrix smoothed = e.estimate(0.25);
    assertThat(smoothed).isInstanceOf(DenseTransitionMatrix.class);
    assertThat(smoothed.toArray()).isDeepEqualTo(denseReference(side * side, new int[][] {walk}, 0.25));
  }

  @Test
  void smoothingAboveTheDenseLimitIsRefusedAndUnsmoothedLargeChainsStaySparse() {
    int n = 10_000;
    TransitionEstimator e = new TransitionEstimator(n);
    e.observeSequence(new int[] {0, 1, 2, 1, 0, 9_999, 0});
    assertThatThrownBy(() -> e.estimate(0.01)).hasMessageContaining("smoothing 0")
        .hasMessageContaining("10000 states");
    TransitionMatrix p = e.estimate(0);
    assertThat(p.nonZeros()).isEqualTo(6 + (n - 4)); // 6 observed pairs, a self-loop on each of n − 4 rows
    assertThat(p.get(0, 1)).isEqualTo(0.5);
    assertThat(p.get(9_999, 0)).isEqualTo(1.0);
    assertThat(p.get(500, 500)).isEqualTo(1.0);
    assertThat(e.transitions(0, 9_999)).isEqualTo(1);
  }

  /** One step of a lazy walk: stay with probability 0.6, else move to a uniform in-grid 4-neighbour. */
  private static int lazyStep(int s, int side, java.util.Random random) {
    if (random.nextDouble() < 0.6) {
      return s;
    }
    int r = s / side;
    int c = s % side;
    int[][] moves = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    java.util.List<Integer> next = new java.util.ArrayList<>();
    for (int[] m : moves) {
      if (r + m[0] >= 0 && r + m[0] < side && c + m[1] >= 0 && c + m[1] < side) {
        next.add((r + m[0]) * side + c + m[1]);
      }
    }
    return next.get(random.nextInt(next.size()));
  }

  /**
   * The estimate computed independently, the way the estimator computed it before its counts were sparse: dense
   * N × N counts and (n_ij + λ) / (n_i + N·λ) for every entry, a self-loop for a row with a zero denominator.
   */
  static double[][] denseReference(int n, int[][] sequences, double smoothing) {
    long[][] counts = new long[n][n];
    long[] departures = new long[n];
    for (int[] seq : sequences) {
      for (int t = 1; t < seq.length; t++) {
        if (seq[t - 1] >= 0 && seq[t] >= 0) {
          counts[seq[t - 1]][seq[t]]++;
          departures[seq[t - 1]]++;
        }
      }
    }
    double[][] p = new double[n][n];
    for (int i = 0; i < n; i++) {
      double denominator = departures[i] + n * smoothing;
      if (denominator == 0) {
        p[i][i] = 1;
        continue;
      }
      for (int j = 0; j < n; j++) {
        p[i][j] = (counts[i][j] + smoothing) / denominator;
      }
    }
    return p;
  }

  @Test
  void logLikelihoodByHand() {
    TransitionEstimator e = new TransitionEstimator(2);
    e.observeSequence(new int[] {0, 1, 1, 0});
    // 0→1, 1→1, 1→0
    double[][] p = {{0.25, 0.75}, {0.4, 0.6}};
    assertThat(e.logLikelihood(p)).isCloseTo(Math.log(0.75) + Math.log(0.6) + Math.log(0.4), within(1e-15));
    assertThat(e.logLikelihood(new double[][] {{0, 1}, {0, 1}})).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(new TransitionEstimator(2).logLikelihood(p)).isZero();
  }

  @Test
  void rejectsBadInput() {
    TransitionEstimator e = new TransitionEstimator(2);
    assertThatThrownBy(() -> e.observe(2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> e.estimate(-1)).hasMessage("smoothing = -1.0: must be finite and >= 0");
    assertThatThrownBy(() -> e.estimate(Double.POSITIVE_INFINITY)).hasMessageStartingWith("smoothing = Infinity");
    assertThatThrownBy(() -> e.logLikelihood(new double[][] {{1}})).hasMessageStartingWith("p rows = 1");
    assertThatThrownBy(() -> e.logLikelihood(new double[][] {{0.5, 0.6}, {1, 0}}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TransitionEstimator(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
