package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** The DPHMM policy graph over all N states ({@code dphmm.policyGraph}, dphmm.md §3). */
public sealed interface PolicyGraphConfig extends Serializable
    permits PolicyGraphConfig.Complete,
        PolicyGraphConfig.Categorical,
        PolicyGraphConfig.Utility,
        PolicyGraphConfig.Transition,
        PolicyGraphConfig.Edges {

  /** {@code type: complete}: every pair of states is a secret. */
  record Complete() implements PolicyGraphConfig {}

  /** {@code type: categorical}: a category label per state; states of the same category form a clique. */
  record Categorical(List<String> labels) implements PolicyGraphConfig {
    public Categorical {
      labels = List.copyOf(labels);
    }
  }

  /** {@code type: utility}: an edge iff {@code ||f(s) - f(s')||_2 <= radius}; radius > 0. */
  record Utility(double radius) implements PolicyGraphConfig {}

  /** {@code type: transition}: edge jk iff some i has M[i,j] > theta and M[i,k] > theta; theta in [0, 1). */
  record Transition(double theta) implements PolicyGraphConfig {}

  /** {@code type: edges}: an explicit list of state index pairs {@code [j, k]}, j ≠ k. */
  record Edges(int[][] edges) implements PolicyGraphConfig {
    public Edges {
      edges = Matrices.copy(edges);
    }

    @Override
    public int[][] edges() {
      return Matrices.copy(edges);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Edges e && Arrays.deepEquals(edges, e.edges);
    }

    @Override
    public int hashCode() {
      return Arrays.deepHashCode(edges);
    }

    @Override
    public String toString() {
      return "Edges[" + Arrays.deepToString(edges) + "]";
    }
  }
}
