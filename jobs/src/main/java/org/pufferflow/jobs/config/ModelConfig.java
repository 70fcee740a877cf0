package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.chain.MatrixEntries;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;

/**
 * The public Markov model (config section {@code model}): N distinct state labels, the row-stochastic N×N transition
 * matrix (given inline or loaded from {@code modelFile}), the initial distribution (uniform when not configured) and
 * the N×d query matrix, 1 ≤ d ≤ 3 (row i = f(s_i), docs/dphmm.md, 'What a release does').
 *
 * <p>The transition matrix is a validated, immutable {@link TransitionMatrix}, stored sparsely when at most
 * {@link TransitionMatrices#SPARSE_DENSITY_THRESHOLD} of its entries are non-zero (a city grid of 10⁴ states holds
 * O(N) numbers, not N² — docs/configuration.md, 'Model files'). The arrays are copied on construction and on access,
 * so the record is immutable; read them once, outside hot paths.
 */
@PublicEvolving
public record ModelConfig(List<String> states, TransitionMatrix transition, double[] initial, double[][] query)
    implements Serializable {

  /** How many state labels {@link #toString()} shows. */
  private static final int SHOWN_LABELS = 8;

  public ModelConfig {
    states = List.copyOf(states);
    Objects.requireNonNull(transition, "transition");
    if (transition.size() != states.size()) {
      throw new IllegalArgumentException(
          "transition: has " + transition.size() + " states, states has " + states.size());
    }
    initial = initial.clone();
    query = Matrices.copy(query);
  }

  /** A model with dense transition rows, validated and stored as {@link TransitionMatrices#of(double[][])} does. */
  public ModelConfig(List<String> states, double[][] transition, double[] initial, double[][] query) {
    this(states, TransitionMatrices.of("transition", transition), initial, query);
  }

  /** N, the number of states. */
  public int numStates() {
    return states.size();
  }

  /** d, the dimension of the query values. */
  public int queryDimension() {
    return query[0].length;
  }

  /** The index of {@code label} in {@link #states()}, or -1. */
  public int indexOf(String label) {
    return states.indexOf(label);
  }

  @Override
  public double[] initial() {
    return initial.clone();
  }

  @Override
  public double[][] query() {
    return Matrices.copy(query);
  }

  /** Value equality: same labels, the same transition entries (dense or sparse alike) and equal arrays. */
  @Override
  public boolean equals(Object o) {
    return o instanceof ModelConfig m
        && states.equals(m.states)
        && MatrixEntries.equal(transition, m.transition)
        && Arrays.equals(initial, m.initial)
        && Arrays.deepEquals(query, m.query);
  }

  @Override
  public int hashCode() {
    return Objects.hash(states, MatrixEntries.hash(transition), Arrays.hashCode(initial), Arrays.deepHashCode(query));
  }

  /** A summary (N, the first labels, the matrix's storage and size), never N rows of numbers. */
  @Override
  public String toString() {
    int n = numStates();
    String labels = n <= SHOWN_LABELS ? states.toString()
        : states.subList(0, SHOWN_LABELS).toString().replace("]", ", ...]");
    String storage = transition instanceof SparseTransitionMatrix ? "sparse" : "dense";
    return "ModelConfig[N=" + n + ", states=" + labels + ", transition=" + storage + " " + n + "x" + n + " ("
        + transition.nonZeros() + " stored entries), query=" + n + "x" + queryDimension() + "]";
  }
}
