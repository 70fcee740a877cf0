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
    assertThat(e.estimate(0)).isDeepEqualTo(new double[][] {{1.0 / 3, 2.0 / 3, 0}, {1, 0, 0}, {0, 0, 1}});
    assertThat(e.estimate(0.5)).isDeepEqualTo(new double[][] {
        {1.5 / 4.5, 2.5 / 4.5, 0.5 / 4.5}, {1.5 / 2.5, 0.5 / 2.5, 0.5 / 2.5}, {1.0 / 3, 1.0 / 3, 1.0 / 3}});
    assertThat(e.unvisitedRows()).containsExactly(2);
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
