package org.pufferflow.chain;

import org.pufferflow.common.PufferPreconditions;

/**
 * Maximum-likelihood estimate of a transition matrix from observed state sequences, with add-λ (Laplace) smoothing:
 * P̂(i, j) = (n_ij + λ) / (n_i + N·λ), where n_ij counts observed transitions i → j between consecutive ticks and
 * n_i = Σ_j n_ij. With λ = 0 this is the maximiser of the log-likelihood Σ n_ij·ln P(i, j) over row-stochastic P
 * (each row is a multinomial; {@link #logLikelihood}); λ &gt; 0 adds λ pseudo-counts to every entry, so every
 * entry is positive and the estimate is irreducible and aperiodic (docs/learn.md, 'What learn computes').
 *
 * <p>Sequences are given one tick at a time per subject; a negative state marks a gap (the tick was not observed),
 * and no transition is counted across a gap. Different subjects are independent: call {@link #endSequence()}
 * between them (or use {@link #observeSequence}). A state never left (n_i = 0) with λ = 0 gets a self-loop row and
 * is reported by {@link #unvisitedRows()}, so the estimate is always row-stochastic.
 *
 * <p>Mutable and not thread-safe; intended for offline learning from public traces (the learned model is public
 * prior knowledge of every mechanism; never fit it to the private stream being protected).
 */
public final class TransitionEstimator {

  private final int states;
  private final long[][] counts;
  private final long[] visits;
  private final long[] departures;
  private int previous = -1;

  public TransitionEstimator(int states) {
    this.states = (int) PufferPreconditions.checkAtLeast("states", states, 1);
    this.counts = new long[states][states];
    this.visits = new long[states];
    this.departures = new long[states];
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
      departures[previous]++;
    }
    previous = state;
  }

  /** Observes a whole sequence of one subject (negative entries are gaps), then ends it. */
  public void observeSequence(int[] sequence) {
    PufferPreconditions.checkNotNull("sequence", sequence);
    for (int s : sequence) {
      observe(s);
    }
    endSequence();
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
    return departures[i];
  }

  /** Number of observed transitions in all sequences. */
  public long totalTransitions() {
    long n = 0;
    for (long d : departures) {
      n += d;
    }
    return n;
  }

  /** States with no observed departure (their row is pure smoothing, or a self-loop when λ = 0). */
  public int[] unvisitedRows() {
    return java.util.stream.IntStream.range(0, states).filter(i -> departures[i] == 0).toArray();
  }

  /** The smoothed MLE rows; λ ≥ 0 and finite. */
  public double[][] estimate(double smoothing) {
    PufferPreconditions.checkNonNegative("smoothing", smoothing);
    double[][] p = new double[states][states];
    for (int i = 0; i < states; i++) {
      double denominator = departures[i] + states * smoothing;
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

  /**
   * The log-likelihood Σ_ij n_ij·ln P(i, j) of the observed transitions under {@code p} (the initial state of each
   * sequence is not part of it); −∞ when an observed transition has probability 0. Terms with n_ij = 0 are 0.
   */
  public double logLikelihood(double[][] p) {
    TransitionMatrices.checkStochastic("p", p);
    PufferPreconditions.checkArgument(
        p.length == states, "p rows = %s: expected %s (one per state)", p.length, states);
    double sum = 0;
    for (int i = 0; i < states; i++) {
      for (int j = 0; j < states; j++) {
        if (counts[i][j] > 0) {
          if (p[i][j] == 0) {
            return Double.NEGATIVE_INFINITY;
          }
          sum += counts[i][j] * Math.log(p[i][j]);
        }
      }
    }
    return sum;
  }
}
