package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.common.PufferPreconditions;

/**
 * One CSV table of an experiment: a header of named columns and rows of numbers or plain labels. Numbers are
 * written in Java's shortest round-trip form ({@link Double#toString}), integers without a fraction, {@code inf}
 * for +∞ and an empty cell for NaN, so two runs of a deterministic experiment give byte-identical files.
 *
 * <p>Labels must not contain commas, quotes or line breaks (they are public parameter names, never data).
 */
final class Table {

  private final List<String> columns;
  private final List<String[]> rows = new ArrayList<>();

  Table(String... columns) {
    PufferPreconditions.checkArgument(columns.length > 0, "columns: a table needs at least one column");
    this.columns = List.of(columns);
  }

  /** Appends one row; numbers are formatted as described in the class comment. */
  Table add(Object... values) {
    PufferPreconditions.checkArgument(values.length == columns.size(), "row: has %s values, the table has %s columns",
        values.length, columns.size());
    String[] row = new String[values.length];
    for (int i = 0; i < values.length; i++) {
      row[i] = cell(values[i]);
    }
    rows.add(row);
    return this;
  }

  List<String> columns() {
    return columns;
  }

  int size() {
    return rows.size();
  }

  /** The cell of {@code row} in column {@code column}, as written. */
  String get(int row, String column) {
    int c = columns.indexOf(column);
    PufferPreconditions.checkArgument(c >= 0, "column = %s: not a column of this table", column);
    return rows.get(row)[c];
  }

  void write(Path file) throws IOException {
    StringBuilder b = new StringBuilder(String.join(",", columns)).append('\n');
    for (String[] row : rows) {
      b.append(String.join(",", row)).append('\n');
    }
    Files.writeString(file, b, StandardCharsets.UTF_8);
  }

  static String cell(Object v) {
    if (v instanceof Double || v instanceof Float) {
      return number(((Number) v).doubleValue());
    }
    if (v instanceof Number) {
      return v.toString();
    }
    String s = String.valueOf(v);
    PufferPreconditions.checkArgument(s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0,
        "cell = %s: labels must not contain commas, quotes or line breaks", s);
    return s;
  }

  static String number(double d) {
    if (Double.isNaN(d)) {
      return "";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return Double.toString(d);
  }
}
