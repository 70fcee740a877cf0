package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The public Markov model (config section {@code model}): N distinct state labels, the row-stochastic N×N transition
 * matrix (given inline or loaded from {@code modelFile}), the initial distribution (uniform when not configured) and
 * the N×d query matrix, 1 ≤ d ≤ 3 (row i = f(s_i), docs/dphmm.md, 'What a release does').
 *
 * <p>Arrays are copied on construction and on access, so the record is immutable; read them once, outside hot paths.
 */
@PublicEvolving
public record ModelConfig(List<String> states, double[][] transition, double[] initial, double[][] query)
    implements Serializable {

  public ModelConfig {
    states = List.copyOf(states);
    transition = Matrices.copy(transition);
    initial = initial.clone();
    query = Matrices.copy(query);
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
  public double[][] transition() {
    return Matrices.copy(transition);
  }

  @Override
  public double[] initial() {
    return initial.clone();
  }

  @Override
  public double[][] query() {
    return Matrices.copy(query);
  }

  /** Value equality: same labels and element-wise equal matrices. */
  @Override
  public boolean equals(Object o) {
    return o instanceof ModelConfig m
        && states.equals(m.states)
        && Arrays.deepEquals(transition, m.transition)
        && Arrays.equals(initial, m.initial)
        && Arrays.deepEquals(query, m.query);
  }

  @Override
  public int hashCode() {
    return Objects.hash(states, Arrays.deepHashCode(transition), Arrays.hashCode(initial), Arrays.deepHashCode(query));
  }

  @Override
  public String toString() {
    return "ModelConfig[states=" + states + ", transition=" + Arrays.deepToString(transition) + ", initial="
        + Arrays.toString(initial) + ", query=" + Arrays.deepToString(query) + "]";
  }
}
