package org.pufferflow.jobs.config;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.PolicyGraphKind;
import org.pufferflow.policy.StateQuery;

/**
 * Reads {@code dphmm.policyGraph} against the model's states (docs/dphmm.md) into a {@link Parsed} kind and argument;
 * labels and state names are resolved here (the YAML's shape: one label per state, an edge names two states of the
 * model). The kinds and the factory each maps to have one home, {@link PolicyGraphKind}; the graph is built when the
 * DPHMM configuration is built, and its factory judges the argument (the radius &gt; 0, θ in [0, 1), an edge's
 * states in range and distinct).
 */
final class PolicyGraphSection {

  private PolicyGraphSection() {}

  /** A policy graph as read: its kind and the argument that kind takes. */
  record Parsed(PolicyGraphKind kind, double number, int[] categories, int[][] edges) {
    /** The graph over the states of {@code m}, built by {@link PolicyGraphKind#build}. */
    PolicyGraph build(TransitionMatrix m, StateQuery f) {
      return kind.build(m.size(), m, f, number, categories, edges);
    }
  }

  static Parsed read(ConfigNode g, ModelConfig model) {
    g.expectMapping();
    ConfigNode typeNode = g.required("type");
    String type = typeNode.asString();
    PolicyGraphKind kind = PolicyGraphKind.fromConfigName(type);
    if (kind == null) {
      throw typeNode.error("unknown type " + type + ", expected one of " + PolicyGraphKind.configNames());
    }
    switch (kind) {
      case COMPLETE:
        g.requireMapping("type");
        return new Parsed(kind, Double.NaN, null, null);
      case CATEGORICAL:
        g.requireMapping("type", "labels");
        return new Parsed(kind, Double.NaN, categories(g.required("labels"), model.numStates()), null);
      case UTILITY:
        g.requireMapping("type", "radius");
        return new Parsed(kind, g.required("radius").asDouble(), null, null);
      case TRANSITION:
        g.requireMapping("type", "theta");
        ConfigNode theta = g.optional("theta");
        return new Parsed(kind, theta == null ? 0 : theta.asDouble(), null, null);
      default:
        g.requireMapping("type", "edges");
        return new Parsed(kind, Double.NaN, null, edges(g.required("edges"), model));
    }
  }

  /** The labels as categories: state i gets the index of the first state with its label. */
  private static int[] categories(ConfigNode node, int n) {
    List<ConfigNode> items = node.asList();
    if (items.size() != n) {
      throw node.error("has " + items.size() + " labels, expected " + n + " (one per state)");
    }
    int[] categories = new int[n];
    Map<String, Integer> first = new HashMap<>();
    for (int i = 0; i < n; i++) {
      categories[i] = first.computeIfAbsent(items.get(i).asLabel(), l -> first.size());
    }
    return categories;
  }

  private static int[][] edges(ConfigNode node, ModelConfig model) {
    List<ConfigNode> items = node.asList();
    int[][] edges = new int[items.size()][];
    for (int e = 0; e < edges.length; e++) {
      List<ConfigNode> pair = items.get(e).asList();
      if (pair.size() != 2) {
        throw items.get(e).error("expected a pair [j, k], got " + pair.size() + " entries");
      }
      edges[e] = new int[] {state(pair.get(0), model), state(pair.get(1), model)}; // judged by PolicyGraph.edges
    }
    return edges;
  }

  /**
   * A state named by its label (resolved here) or by its 0-based index (as written: {@link PolicyGraph#edges} judges
   * the range, as it does self-loops).
   */
  private static int state(ConfigNode node, ModelConfig model) {
    if (node.isText()) {
      String label = node.asString();
      int i = model.indexOf(label);
      if (i < 0) {
        throw node.error("no state named " + label + " in model.states");
      }
      return i;
    }
    return node.asInt();
  }
}
