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
 * <p>The counts are held sparsely ({@link TransitionCounts}: memory O(N + distinct observed transitions), never
 * N × N), and {@link #estimate} returns a {@link TransitionMatrix}: with λ = 0 only observed transitions (and the
 * self-loops of rows never left) are non-zero, stored sparsely or densely by the rule of
 * {@link TransitionMatrices#ofCsr}; with λ &gt; 0 every one of the N² entries is positive, so the estimate is dense
 * and refused above {@link #DENSE_SMOOTHING_MAX_STATES} states (docs/learn.md, 'Large chains'). Either way every
 * entry is the same double (n_ij + λ) / (n_i + N·λ) as a dense evaluation of the formula.
 *
 * <p>Mutable and not thread-safe; intended for offline learning from public traces (the learned model is public
 * prior knowledge of every mechanism; never fit it to the private stream being protected).
 */
public final class TransitionEstimator {

  /**
   * Largest N for which a smoothed (λ &gt; 0, hence dense) estimate is built: 1,000 states, an 8 MB matrix whose
   * summary quantities the dense routines still compute in seconds.
   */
  public static final int DENSE_SMOOTHING_MAX_STATES = 1000;

  private final int states;
  private final TransitionCounts counts;
  private final long[] visits;
  private final long[] departures;
  private int previous = -1;

  public TransitionEstimator(int states) {
    this.states = (int) PufferPreconditions.checkAtLeast("states", states, 1);
    this.counts = new TransitionCounts(states);
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
      counts.add(previous, state);
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
    PufferPreconditions.checkIndex("i", i, states);
    PufferPreconditions.checkIndex("j", j, states);
    return counts.get(i, j);
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

  /**
   * The smoothed MLE, λ ≥ 0 and finite: P̂(i, j) = (n_ij + λ) / (n_i + N·λ), a self-loop for a row with
   * n_i + N·λ = 0. λ &gt; 0 fills all N² entries and is refused above {@link #DENSE_SMOOTHING_MAX_STATES} states.
   */
  public TransitionMatrix estimate(double smoothing) {
    PufferPreconditions.checkNonNegative("smoothing", smoothing);
    TransitionCounts.Rows c = counts.rows();
    if (smoothing > 0) {
      PufferPreconditions.checkArgument("smoothing", states <= DENSE_SMOOTHING_MAX_STATES,
          "smoothing = %s with %d states: a smoothing > 0 makes all N² entries positive, a dense matrix, which is"
              + " built only up to %d states; use smoothing 0 (the unsmoothed MLE is stored sparsely)",
          smoothing, states, DENSE_SMOOTHING_MAX_STATES);
      return DenseTransitionMatrix.of("transition", smoothedRows(c, smoothing));
    }
    int[] start = new int[states + 1];
    int[] col = new int[c.col().length + unvisitedRows().length];
    double[] val = new double[col.length];
    int k = 0;
    for (int i = 0; i < states; i++) {
      start[i] = k;
      double denominator = departures[i];
      if (denominator == 0) {
        col[k] = i;
        val[k++] = 1;
        continue;
      }
      for (int e = c.start()[i]; e < c.start()[i + 1]; e++) {
        col[k] = c.col()[e];
        val[k++] = (c.count()[e] + smoothing) / denominator;
      }
    }
    start[states] = k;
    return TransitionMatrices.ofCsr("transition", states, start, col, val);
  }

  private double[][] smoothedRows(TransitionCounts.Rows c, double smoothing) {
    double[][] p = new double[states][states];
    for (int i = 0; i < states; i++) {
      double denominator = departures[i] + states * smoothing;
      java.util.Arrays.fill(p[i], smoothing / denominator); // (0 + λ) / (n_i + N·λ), the unobserved entries
      for (int e = c.start()[i]; e < c.start()[i + 1]; e++) {
        p[i][c.col()[e]] = (c.count()[e] + smoothing) / denominator;
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
    TransitionCounts.Rows c = counts.rows();
    double sum = 0;
    for (int i = 0; i < states; i++) {
      for (int e = c.start()[i]; e < c.start()[i + 1]; e++) {
        double pij = p[i][c.col()[e]];
        if (pij == 0) {
          return Double.NEGATIVE_INFINITY;
        }
        sum += c.count()[e] * Math.log(pij);
      }
    }
    return sum;
  }
}
