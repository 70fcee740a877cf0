package org.pufferflow.jobs.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Model files (docs/configuration.md, 'Model files') of the lazy walk on a side × side grid — stay 0.6, 0.4 spread
 * over the in-grid 4-neighbours, the model of {@code bench dphmm} — written row by row in the sparse or the dense
 * form, so tests can load city-sized models without building them in memory first.
 */
public final class GridModelFiles {

  private GridModelFiles() {}

  /** The non-zero columns of row k, increasing. */
  static List<Integer> columns(int side, int k) {
    int r = k / side;
    int c = k % side;
    List<Integer> cols = new ArrayList<>();
    if (r > 0) {
      cols.add(k - side);
    }
    if (c > 0) {
      cols.add(k - 1);
    }
    cols.add(k);
    if (c < side - 1) {
      cols.add(k + 1);
    }
    if (r < side - 1) {
      cols.add(k + side);
    }
    return cols;
  }

  /** P[k][j] of the lazy walk. */
  public static double entry(int side, int k, int j) {
    List<Integer> cols = columns(side, k);
    return j == k ? 0.6 : cols.contains(j) ? 0.4 / (cols.size() - 1) : 0.0;
  }

  /** Writes the model file {@code dir/name} in the sparse ({@code sparse}) or the dense row form. */
  public static Path write(Path dir, String name, int side, boolean sparse) throws IOException {
    int n = side * side;
    StringBuilder y = new StringBuilder("states: [");
    for (int k = 0; k < n; k++) {
      y.append(k == 0 ? "" : ", ").append("r").append(k / side).append("c").append(k % side);
    }
    y.append("]\ntransition:\n").append(sparse ? "  sparse:\n" : "");
    for (int k = 0; k < n; k++) {
      StringJoiner to = new StringJoiner(", ", "[", "]");
      StringJoiner p = new StringJoiner(", ", "[", "]");
      if (sparse) {
        for (int j : columns(side, k)) {
          to.add(Integer.toString(j));
          p.add(Double.toString(entry(side, k, j)));
        }
        y.append("    - {to: ").append(to).append(", p: ").append(p).append("}\n");
      } else {
        for (int j = 0; j < n; j++) {
          p.add(Double.toString(entry(side, k, j)));
        }
        y.append("  - ").append(p).append('\n');
      }
    }
    Path file = dir.resolve(name);
    Files.writeString(file, y);
    return file;
  }

  /** Writes a model file {@code dir/name} with {@code states} (a YAML list) and the given sparse rows. */
  public static Path writeSparseRows(Path dir, String name, String states, String... rows) throws IOException {
    StringBuilder y = new StringBuilder("states: ").append(states).append("\ntransition:\n  sparse:\n");
    for (String row : rows) {
      y.append("    - ").append(row).append('\n');
    }
    Path file = dir.resolve(name);
    Files.writeString(file, y);
    return file;
  }
}
