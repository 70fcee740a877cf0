package org.pufferflow.jobs.config;

import java.util.List;

/**
 * The sparse row form of a transition matrix in a model file or a {@code model} section (docs/configuration.md,
 * 'Model files'): {@code transition: {sparse: [...]}} with one entry per row, {@code {to: [j...], p: [x...]}} —
 * the columns (0-based state indices, strictly increasing) that have a non-zero probability and those
 * probabilities; columns not listed are 0. What {@code pufferflow learn} writes for a sparse chain. The result is
 * the same N×N matrix the dense form would give, checked by {@link ChainChecks#readTransition} as a dense one.
 */
final class SparseTransitionRows {

  /** The key of the sparse form. */
  static final String SPARSE = "sparse";

  private SparseTransitionRows() {}

  /** Reads {@code node} ({@code {sparse: [...]}}) into a dense N×N array, checking the shape of every row. */
  static double[][] read(ConfigNode node, int n) {
    node.requireMapping(SPARSE);
    ConfigNode rowsNode = node.required(SPARSE);
    List<ConfigNode> rows = rowsNode.asList();
    if (rows.size() != n) {
      throw rowsNode.error("has " + rows.size() + " rows, expected " + n + " (one per state)");
    }
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      ConfigNode row = rows.get(i).requireMapping("to", "p");
      ConfigNode toNode = row.required("to");
      List<ConfigNode> to = toNode.asList();
      double[] p = row.required("p").asDoubleArray();
      if (p.length != to.size()) {
        throw row.required("p").error("has " + p.length + " entries, to has " + to.size());
      }
      int previous = -1;
      for (int k = 0; k < p.length; k++) {
        ConfigNode jNode = to.get(k);
        int j = jNode.asInt();
        if (j < 0 || j >= n) {
          throw jNode.error("state index " + j + " outside 0.." + (n - 1));
        }
        if (j <= previous) {
          throw jNode.error("state index " + j + " not above the previous one (" + previous + "): list each column"
              + " once, increasing");
        }
        previous = j;
        m[i][j] = p[k];
      }
    }
    return m;
  }
}
