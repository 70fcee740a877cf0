package org.pufferflow.jobs.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.chain.TransitionMatrix;

/**
 * Reads and validates the {@code model} section: the state labels, the transition matrix (inline, or the
 * {@code states}/{@code transition} keys of a {@code modelFile} written by {@code pufferflow learn}), the initial
 * distribution and the query matrix. The query's default depends on the discretizer, so it is filled in later.
 */
final class ModelSection {

  /** Largest query dimension d supported exactly (docs/dphmm.md, 'What a release does'). */
  static final int MAX_QUERY_DIMENSION = 3;

  /** The model as read, with {@code query == null} when not configured. */
  record Parsed(List<String> states, TransitionMatrix transition, double[] initial, double[][] query) {
    ModelConfig withQuery(double[][] defaultQuery) {
      return new ModelConfig(states, transition, initial, query != null ? query : defaultQuery);
    }
  }

  private ModelSection() {}

  static Parsed read(ConfigNode m, Path baseDir) {
    m.requireMapping("states", "transition", "modelFile", "initial", "query");
    boolean inline = m.has("transition");
    boolean file = m.has("modelFile");
    if (inline == file) {
      throw m.error(inline ? "transition and modelFile are exclusive, give one" : "give transition or modelFile");
    }
    List<String> states;
    TransitionMatrix transition;
    if (inline) {
      states = states(m.required("states"));
      transition = ChainChecks.readTransition(m.required("transition"), states.size());
    } else {
      ConfigNode fileNode = m.required("modelFile");
      String name = fileNode.asString();
      Path path = baseDir.resolve(name).toAbsolutePath().normalize();
      ModelFile learned = ModelFile.read(path, fileNode.path(), name);
      states = learned.states();
      transition = learned.transition();
      ConfigNode configured = m.optional("states");
      if (configured != null && !states(configured).equals(states)) {
        throw configured.error("differ from the states of " + name + " " + states);
      }
    }
    int n = states.size();
    ConfigNode initialNode = m.optional("initial");
    double[] initial = initialNode == null ? uniform(n) : ChainChecks.readDistribution(initialNode, n);
    ConfigNode queryNode = m.optional("query");
    double[][] query = queryNode == null ? null : query(queryNode, n);
    return new Parsed(states, transition, initial, query);
  }

  /** Reads distinct state labels (at least one). */
  static List<String> states(ConfigNode node) {
    List<ConfigNode> items = node.asList();
    if (items.isEmpty()) {
      throw node.error("needs at least one state");
    }
    List<String> labels = new ArrayList<>(items.size());
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      String label = items.get(i).asLabel();
      Integer first = seen.putIfAbsent(label, i);
      if (first != null) {
        throw items.get(i).error("duplicate state label " + label + " (also " + node.path() + "[" + first + "])");
      }
      labels.add(label);
    }
    return labels;
  }

  private static double[][] query(ConfigNode node, int n) {
    double[][] q = node.asMatrix();
    if (q.length != n) {
      throw node.error("has " + q.length + " rows, expected " + n + " (one per state)");
    }
    int d = q[0].length;
    if (d < 1 || d > MAX_QUERY_DIMENSION) {
      throw new ConfigException(
          node.path() + "[0]", "has " + d + " entries, expected a dimension d with 1 <= d <= " + MAX_QUERY_DIMENSION);
    }
    for (int i = 1; i < n; i++) {
      if (q[i].length != d) {
        throw new ConfigException(node.path() + "[" + i + "]", "has " + q[i].length + " entries, row 0 has " + d);
      }
    }
    return q;
  }

  private static double[] uniform(int n) {
    double[] p = new double[n];
    Arrays.fill(p, 1.0 / n);
    return p;
  }

  /** The default query: state i ↦ i, a 1-D value. */
  static double[][] indexQuery(int n) {
    double[][] q = new double[n][1];
    for (int i = 0; i < n; i++) {
      q[i][0] = i;
    }
    return q;
  }
}
