package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.annotation.Internal;

/**
 * JSON conventions of the command-line contract (docs/cli.md): matrices are arrays of rows, indices are 0-based, an
 * infinite value is the string {@code "inf"}, {@code null} stands for "no such side". {@code --json} prints exactly
 * one object on stdout.
 *
 * <p>Parsing errors become {@link UsageException}s naming the option, so commands exit 2 with a one-line message.
 */
@Internal
public final class CliJson {

  public static final ObjectMapper MAPPER = new ObjectMapper();

  private CliJson() {}

  public static ObjectNode object() {
    return JsonNodeFactory.instance.objectNode();
  }

  public static ArrayNode array() {
    return JsonNodeFactory.instance.arrayNode();
  }

  /** A double as JSON: {@code "inf"} / {@code "-inf"} for infinities; NaN is a programming error. */
  public static JsonNode number(double v) {
    if (Double.isNaN(v)) {
      throw new IllegalStateException("NaN in CLI output");
    }
    if (v == Double.POSITIVE_INFINITY) {
      return JsonNodeFactory.instance.textNode("inf");
    }
    if (v == Double.NEGATIVE_INFINITY) {
      return JsonNodeFactory.instance.textNode("-inf");
    }
    return JsonNodeFactory.instance.numberNode(v);
  }

  /** An optional integer: {@code null} when absent. */
  public static JsonNode optionalInt(Integer v) {
    return v == null ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.numberNode(v);
  }

  public static ArrayNode vector(double[] v) {
    ArrayNode a = array();
    for (double x : v) {
      a.add(number(x));
    }
    return a;
  }

  public static ArrayNode intVector(int[] v) {
    ArrayNode a = array();
    for (int x : v) {
      a.add(x);
    }
    return a;
  }

  public static ArrayNode matrix(double[][] m) {
    ArrayNode a = array();
    for (double[] row : m) {
      a.add(vector(row));
    }
    return a;
  }

  public static ArrayNode intMatrix(int[][] m) {
    return intMatrix(java.util.Arrays.asList(m));
  }

  /** Rows of ints, e.g. a list of edges {@code [from, to]}. */
  public static ArrayNode intMatrix(java.util.List<int[]> rows) {
    ArrayNode a = array();
    for (int[] row : rows) {
      a.add(intVector(row));
    }
    return a;
  }

  /** Parses a JSON value given to {@code option}; malformed JSON names the option. */
  public static JsonNode parse(String option, String text) {
    return parse(option, text, "a JSON value");
  }

  /**
   * Parses a JSON value given to {@code option}; malformed JSON is one line naming the option, what it expects
   * ({@code expected}, e.g. "a JSON array of rows of numbers") and the column where the text stops being JSON, never
   * the parser's own message.
   */
  public static JsonNode parse(String option, String text, String expected) {
    try {
      JsonNode n = MAPPER.readTree(text);
      if (n == null || n.isMissingNode()) {
        throw new UsageException(option + ": expected " + expected + ", got nothing");
      }
      return n;
    } catch (JsonProcessingException e) {
      long column = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
      throw new UsageException(option + ": expected " + expected + "; not valid JSON"
          + (column > 0 ? " at character " + column : ""));
    }
  }

  /** A real matrix given as a JSON array of equally long rows of finite numbers. */
  public static double[][] parseMatrix(String option, String text) {
    JsonNode n = parse(option, text, "a JSON array of rows of numbers, e.g. [[0.9,0.1],[0.2,0.8]]");
    if (!n.isArray() || n.isEmpty()) {
      throw new UsageException(option + ": expected a non-empty JSON array of rows");
    }
    double[][] m = new double[n.size()][];
    for (int i = 0; i < n.size(); i++) {
      JsonNode row = n.get(i);
      if (!row.isArray() || row.isEmpty()) {
        throw new UsageException(option + "[" + i + "]: expected a non-empty array of numbers");
      }
      if (i > 0 && row.size() != m[0].length) {
        throw new UsageException(option + "[" + i + "]: has " + row.size() + " entries, row 0 has " + m[0].length);
      }
      m[i] = new double[row.size()];
      for (int j = 0; j < row.size(); j++) {
        JsonNode x = row.get(j);
        if (!x.isNumber() || !Double.isFinite(x.asDouble())) {
          throw new UsageException(option + "[" + i + "][" + j + "]: expected a finite number, got " + x);
        }
        m[i][j] = x.asDouble();
      }
    }
    return m;
  }

  /** An array of integers, e.g. {@code [0,2,5]}. */
  public static int[] parseIntArray(String option, String text) {
    JsonNode n = parse(option, text, "a JSON array of integers, e.g. [0,2,5]");
    if (!n.isArray()) {
      throw new UsageException(option + ": expected a JSON array of integers");
    }
    int[] out = new int[n.size()];
    for (int i = 0; i < n.size(); i++) {
      if (!n.get(i).canConvertToInt() || !n.get(i).isIntegralNumber()) {
        throw new UsageException(option + "[" + i + "]: expected an integer, got " + n.get(i));
      }
      out[i] = n.get(i).asInt();
    }
    return out;
  }

  /** Writes {@code node} as the single JSON object of a {@code --json} run. */
  public static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
