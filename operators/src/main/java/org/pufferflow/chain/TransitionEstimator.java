package org.pufferflow.chain;

import org.pufferflow.common.PufferPreconditions;

/**
 * Maximum-likelihood estimate of a transition matrix from observed state sequences, with add-λ (Laplace) smoothing:
 * P̂(i, j) = (n_ij + λ) / (n_i + N·λ), where n_ij counts observed transitions i → j between consecutive ticks.
 *
 * <p>Sequences are given one tick at a time per subject; a negative state marks a gap (the tick was not observed),
 * and no transition is counted across a gap. Different subjects are independent: call {@link #endSequence()}
 * between them. A state never left (n_i = 0) with λ = 0 gets a self-loop row and is reported by
 * {@link #unvisitedRows()}, so the estimate is always row-stochastic.
 *
 * <p>Mutable and not thread-safe; intended for offline learning from public traces.
 */
public final class TransitionEstimator {

  private final int states;
  private final long[][] counts;
  private final long[] visits;
  private int previous = -1;

  public TransitionEstimator(int states) {
    this.states = (int) PufferPreconditions.checkAtLeast("states", states, 1);
    this.counts = new long[states][states];
    this.visits = new long[states];
  }

  /** Observes the state of the next tick of the current sequence; a negative state is a gap. */
  public void observe(int state) {
    if (state < 0) {
      previous = -1;
      return;
    }
    PufferPreconditions.checkIndex("state", state, states);
    visits[state]++;
    if (previous >= 0) {
      counts[previous][state]++;
    }
    previous = state;
  }

  /** Ends the current sequence: the next observation starts a new one. */
  public void endSequence() {
    previous = -1;
  }

  public int states() {
    return states;
  }

  /** Number of observed transitions i → j. */
  public long transitions(int i, int j) {
    return counts[i][j];
  }

  /** Number of ticks observed in state i. */
  public long visits(int i) {
    return visits[i];
  }

  /** Number of observed transitions leaving i. */
  public long departures(int i) {
    long n = 0;
    for (long c : counts[i]) {
      n += c;
    }
    return n;
  }

  /** States with no observed departure (their row is pure smoothing, or a self-loop when λ = 0). */
  public int[] unvisitedRows() {
    return java.util.stream.IntStream.range(0, states).filter(i -> departures(i) == 0).toArray();
  }

  /** The smoothed MLE rows; λ ≥ 0 and finite. */
  public double[][] estimate(double smoothing) {
    PufferPreconditions.checkNonNegative("smoothing", smoothing);
    double[][] p = new double[states][states];
    for (int i = 0; i < states; i++) {
      double denominator = departures(i) + states * smoothing;
      if (denominator == 0) {
        p[i][i] = 1;
        continue;
      }
      for (int j = 0; j < states; j++) {
        p[i][j] = (counts[i][j] + smoothing) / denominator;
      }
    }
    return p;
  }
}
