package org.pufferflow.operators.spec;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/**
 * A DPHMM policy graph by description (docs/dphmm.md; docs/configuration.md, 'dphmm'): one of the {@link Type}s with
 * its parameter. {@link #build} makes the {@link PolicyGraph} with the {@link PolicyGraph} factories, which validate
 * the parameters (the source of truth). Serializable and immutable.
 */
public final class PolicyGraphSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The kinds of policy graph, spelled as in the configuration. */
  public enum Type {
    /** Every pair of states is a secret. */
    COMPLETE("complete"),
    /** A clique per category (states with equal labels). */
    CATEGORICAL("categorical"),
    /** An edge iff ‖f(s) − f(s′)‖₂ ≤ radius. */
    UTILITY("utility"),
    /** Edge jk iff some i has M[i,j] &gt; θ and M[i,k] &gt; θ. */
    TRANSITION("transition"),
    /** An explicit list of state pairs. */
    EDGES("edges");

    private final String configName;

    Type(String configName) {
      this.configName = configName;
    }

    /** The spelling in the configuration. */
    public String configName() {
      return configName;
    }
  }

  private final Type type;
  private final int[] categories;
  private final double parameter;
  private final int[][] edges;

  private PolicyGraphSpec(Type type, int[] categories, double parameter, int[][] edges) {
    this.type = type;
    this.categories = categories;
    this.parameter = parameter;
    this.edges = edges;
  }

  /** The complete graph. */
  public static PolicyGraphSpec complete() {
    return new PolicyGraphSpec(Type.COMPLETE, null, Double.NaN, null);
  }

  /** A clique per category: {@code categories[i]} is the category of state i. */
  public static PolicyGraphSpec categorical(int[] categories) {
    return new PolicyGraphSpec(Type.CATEGORICAL, SpecArrays.copy("labels", categories), Double.NaN, null);
  }

  /** The utility graph of the query with {@code radius} (query units). */
  public static PolicyGraphSpec utility(double radius) {
    return new PolicyGraphSpec(Type.UTILITY, null, radius, null);
  }

  /** The transition graph with threshold {@code theta}. */
  public static PolicyGraphSpec transition(double theta) {
    return new PolicyGraphSpec(Type.TRANSITION, null, theta, null);
  }

  /** An explicit edge list of 0-based state pairs. */
  public static PolicyGraphSpec edges(int[][] edges) {
    return new PolicyGraphSpec(Type.EDGES, null, Double.NaN, SpecArrays.copy("edges", edges));
  }

  /** Builds the graph over the states of {@code m}, with {@code f} for the utility graph. */
  public PolicyGraph build(TransitionMatrix m, StateQuery f) {
    PufferPreconditions.checkNotNull("transition", m);
    PufferPreconditions.checkNotNull("query", f);
    switch (type) {
      case COMPLETE:
        return PolicyGraph.complete(m.size());
      case CATEGORICAL:
        return PolicyGraph.categorical(categories);
      case UTILITY:
        return PolicyGraph.utility(f, parameter);
      case TRANSITION:
        return PolicyGraph.transition(m, parameter);
      default:
        return PolicyGraph.edges(m.size(), edges);
    }
  }

  public Type type() {
    return type;
  }

  /** The radius (utility) or threshold θ (transition); NaN otherwise. */
  public double parameter() {
    return parameter;
  }

  /** A copy of the categories (categorical) or null. */
  public int[] categories() {
    return categories == null ? null : categories.clone();
  }

  /** A copy of the edge list (edges) or null. */
  public int[][] edges() {
    return edges == null ? null : SpecArrays.copy("edges", edges);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PolicyGraphSpec s
        && s.type == type
        && Double.compare(s.parameter, parameter) == 0
        && Arrays.equals(s.categories, categories)
        && Arrays.deepEquals(s.edges, edges);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, parameter, Arrays.hashCode(categories), Arrays.deepHashCode(edges));
  }

  @Override
  public String toString() {
    switch (type) {
      case CATEGORICAL:
        return "categorical" + Arrays.toString(categories);
      case UTILITY:
        return "utility(radius=" + parameter + ")";
      case TRANSITION:
        return "transition(theta=" + parameter + ")";
      case EDGES:
        return "edges" + Arrays.deepToString(edges);
      default:
        return "complete";
    }
  }
}
