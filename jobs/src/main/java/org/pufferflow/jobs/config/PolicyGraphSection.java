package org.pufferflow.jobs.config;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.operators.spec.PolicyGraphSpec;

/**
 * Reads {@code dphmm.policyGraph} against the model's states (docs/dphmm.md) into a {@link PolicyGraphSpec}; labels
 * and state names are resolved here, the graph itself is validated when the DPHMM spec is built.
 */
final class PolicyGraphSection {

  private PolicyGraphSection() {}

  static PolicyGraphSpec read(ConfigNode g, ModelConfig model) {
    g.expectMapping();
    ConfigNode typeNode = g.required("type");
    String type = typeNode.asString();
    switch (type) {
      case "complete":
        g.requireMapping("type");
        return PolicyGraphSpec.complete();
      case "categorical":
        g.requireMapping("type", "labels");
        return PolicyGraphSpec.categorical(categories(g.required("labels"), model.numStates()));
      case "utility":
        g.requireMapping("type", "radius");
        return PolicyGraphSpec.utility(Checks.positive(g.required("radius")));
      case "transition":
        g.requireMapping("type", "theta");
        ConfigNode theta = g.optional("theta");
        return PolicyGraphSpec.transition(theta == null ? 0 : Checks.closedOpen(theta, 0, 1));
      case "edges":
        g.requireMapping("type", "edges");
        return PolicyGraphSpec.edges(edges(g.required("edges"), model));
      default:
        throw typeNode.error(
            "unknown type " + type + ", expected one of " + java.util.Arrays.stream(PolicyGraphSpec.Type.values()).map(PolicyGraphSpec.Type::configName)
                .collect(java.util.stream.Collectors.joining(", ")));
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
      int j = state(pair.get(0), model);
      int k = state(pair.get(1), model);
      if (j == k) {
        throw items.get(e).error("joins state " + j + " (" + model.states().get(j) + ") to itself");
      }
      edges[e] = new int[] {j, k};
    }
    return edges;
  }

  /** A state named by its 0-based index or by its label. */
  private static int state(ConfigNode node, ModelConfig model) {
    if (node.isText()) {
      String label = node.asString();
      int i = model.indexOf(label);
      if (i < 0) {
        throw node.error("no state named " + label + " in model.states");
      }
      return i;
    }
    int i = node.asInt();
    if (i < 0 || i >= model.numStates()) {
      throw node.error("state index " + i + " out of range [0, " + model.numStates() + ")");
    }
    return i;
  }
}
