package org.pufferflow.jobs.config;

import java.util.ArrayList;
import java.util.List;

/** Reads and validates {@code dphmm.policyGraph} against the model's states (dphmm.md §3). */
final class PolicyGraphSection {

  private PolicyGraphSection() {}

  static PolicyGraphConfig read(ConfigNode g, ModelConfig model) {
    g.expectMapping();
    ConfigNode typeNode = g.required("type");
    String type = typeNode.asString();
    switch (type) {
      case "complete":
        g.requireMapping("type");
        return new PolicyGraphConfig.Complete();
      case "categorical":
        g.requireMapping("type", "labels");
        return new PolicyGraphConfig.Categorical(labels(g.required("labels"), model.numStates()));
      case "utility":
        g.requireMapping("type", "radius");
        return new PolicyGraphConfig.Utility(Checks.positive(g.required("radius")));
      case "transition":
        g.requireMapping("type", "theta");
        ConfigNode theta = g.optional("theta");
        return new PolicyGraphConfig.Transition(theta == null ? 0 : Checks.closedOpen(theta, 0, 1));
      case "edges":
        g.requireMapping("type", "edges");
        return new PolicyGraphConfig.Edges(edges(g.required("edges"), model));
      default:
        throw typeNode.error(
            "unknown type " + type + ", expected one of " + String.join(", ", DphmmSection.GRAPH_TYPES));
    }
  }

  private static List<String> labels(ConfigNode node, int n) {
    List<ConfigNode> items = node.asList();
    if (items.size() != n) {
      throw node.error("has " + items.size() + " labels, expected " + n + " (one per state)");
    }
    List<String> labels = new ArrayList<>(n);
    for (ConfigNode item : items) {
      labels.add(item.asLabel());
    }
    return labels;
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
