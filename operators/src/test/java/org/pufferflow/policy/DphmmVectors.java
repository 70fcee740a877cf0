package org.pufferflow.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the binding test vectors (test resource copy of the test resource dphmm-vectors.json (docs/test-vectors.md)). */
public final class DphmmVectors {

  private static JsonNode root;

  private DphmmVectors() {}

  public static synchronized JsonNode root() {
    if (root == null) {
      try (InputStream in = DphmmVectors.class.getResourceAsStream("/dphmm-vectors.json")) {
        root = new ObjectMapper().readTree(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return root;
  }

  public static double num(JsonNode n) {
    if (n.isTextual()) {
      if (n.asText().equals("inf")) {
        return Double.POSITIVE_INFINITY;
      }
      throw new IllegalArgumentException("not a number: " + n);
    }
    return n.asDouble();
  }

  public static double[] vector(JsonNode n) {
    double[] v = new double[n.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = num(n.get(i));
    }
    return v;
  }

  public static double[][] matrix(JsonNode n) {
    double[][] m = new double[n.size()][];
    for (int i = 0; i < m.length; i++) {
      m[i] = vector(n.get(i));
    }
    return m;
  }

  public static int[] ints(JsonNode n) {
    int[] v = new int[n.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = n.get(i).asInt();
    }
    return v;
  }

  public static int[][] intMatrix(JsonNode n) {
    int[][] m = new int[n.size()][];
    for (int i = 0; i < m.length; i++) {
      m[i] = ints(n.get(i));
    }
    return m;
  }

  public static List<int[]> edgeList(JsonNode n) {
    List<int[]> l = new ArrayList<>();
    for (JsonNode e : n) {
      l.add(ints(e));
    }
    return l;
  }

  /** |a−b| ≤ 1e-9·max(1,|b|), with equal infinities accepted (docs/test-vectors.md, 'DPHMM'). */
  public static void assertClose(String what, double actual, double expected) {
    if (Double.isInfinite(expected)) {
      assertThat(actual).as(what).isEqualTo(expected);
    } else {
      assertThat(Math.abs(actual - expected)).as(what + ": " + actual + " vs " + expected)
          .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(expected)));
    }
  }

  public static void assertClose(String what, double[] actual, double[] expected) {
    assertThat(actual).as(what).hasSize(expected.length);
    for (int i = 0; i < expected.length; i++) {
      assertClose(what + "[" + i + "]", actual[i], expected[i]);
    }
  }

  public static void assertClose(String what, double[][] actual, double[][] expected) {
    assertThat(actual).as(what).hasNumberOfRows(expected.length);
    for (int i = 0; i < expected.length; i++) {
      assertClose(what + "[" + i + "]", actual[i], expected[i]);
    }
  }

  public static List<List<Integer>> asLists(List<int[]> edges) {
    List<List<Integer>> out = new ArrayList<>();
    for (int[] e : edges) {
      List<Integer> l = new ArrayList<>();
      for (int x : e) {
        l.add(x);
      }
      out.add(l);
    }
    return out;
  }
}
