package org.pufferflow.jobs.config;

import java.util.Arrays;
import java.util.List;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;

/**
 * The sparse row form of a transition matrix in a model file or a {@code model} section (docs/configuration.md,
 * 'Model files'): {@code transition: {sparse: [...]}} with one entry per row, {@code {to: [j...], p: [x...]}} —
 * the columns (0-based state indices, strictly increasing) that have a non-zero probability and those
 * probabilities; columns not listed are 0. What {@code pufferflow learn} writes for a sparse chain. Read straight
 * into compressed sparse rows (listed zeros dropped), never an N×N array, and checked row by row with the dense
 * form's wording ({@link ChainChecks#checkRow}), so both forms give the same matrix and the same errors.
 */
final class SparseTransitionRows {

  /** The key of the sparse form. */
  static final String SPARSE = "sparse";

  private SparseTransitionRows() {}

  /** Reads {@code node} ({@code {sparse: [...]}}), checking the shape and the sums of every row. */
  static TransitionMatrix read(ConfigNode node, int n) {
    node.requireMapping(SPARSE);
    ConfigNode rowsNode = node.required(SPARSE);
    List<ConfigNode> rows = rowsNode.asList();
    if (rows.size() != n) {
      throw rowsNode.error("has " + rows.size() + " rows, expected " + n + " (one per state)");
    }
    int[] rowStart = new int[n + 1];
    int[] col = new int[Math.max(16, 5 * n)];
    double[] val = new double[col.length];
    int stored = 0;
    for (int i = 0; i < n; i++) {
      ConfigNode row = rows.get(i).requireMapping("to", "p");
      ConfigNode toNode = row.required("to");
      List<ConfigNode> to = toNode.asList();
      double[] p = row.required("p").asDoubleArray();
      if (p.length != to.size()) {
        throw row.required("p").error("has " + p.length + " entries, to has " + to.size());
      }
      int[] columns = new int[p.length];
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
        columns[k] = j;
      }
      ChainChecks.checkRow(node.path(), i, columns, p);
      if (stored + p.length > col.length) {
        int capacity = Math.max(2 * col.length, stored + p.length);
        col = Arrays.copyOf(col, capacity);
        val = Arrays.copyOf(val, capacity);
      }
      rowStart[i] = stored;
      for (int k = 0; k < p.length; k++) {
        if (p[k] != 0) {
          col[stored] = columns[k];
          val[stored++] = p[k];
        }
      }
    }
    rowStart[n] = stored;
    return TransitionMatrices.ofCsr("transition", n, rowStart, Arrays.copyOf(col, stored), Arrays.copyOf(val, stored));
  }
}
