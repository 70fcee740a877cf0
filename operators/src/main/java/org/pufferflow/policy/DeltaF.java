package org.pufferflow.policy;

import java.util.List;
import org.pufferflow.geometry.PointSetHull;
import org.pufferflow.geometry.SensitivityHull;

/**
 * The difference set Δf of a graph's edges and its sensitivity hull K = conv(Δf) (the paper's Definition 5.1;
 * docs/dphmm.md, 'What a release does' step 6): each edge jk, in the given order, contributes f(s_j) − f(s_k) and then
 * f(s_k) − f(s_j) (docs/test-vectors.md, 'DPHMM', "Hull points").
 */
final class DeltaF {

  private DeltaF() {}

  /** The points of Δf, row-major (2·|E|)×d. */
  public static double[] points(StateQuery f, List<int[]> edges) {
    int d = f.dimension();
    double[] out = new double[2 * edges.size() * d];
    int p = 0;
    for (int[] e : edges) {
      for (int a = 0; a < d; a++) {
        double diff = f.get(e[0], a) - f.get(e[1], a);
        out[p + a] = diff;
        out[p + d + a] = -diff;
      }
      p += 2 * d;
    }
    return out;
  }

  /** K = conv(Δf) of the given edges. */
  public static SensitivityHull hull(StateQuery f, List<int[]> edges) {
    return hull(f, edges, HullFactory.DIRECT);
  }

  /** K = conv(Δf) of the given edges, built by {@code factory} from the distinct points of Δf. */
  public static SensitivityHull hull(StateQuery f, List<int[]> edges, HullFactory factory) {
    double[] distinct = distinctPoints(f.dimension(), points(f, edges), 2 * edges.size());
    return factory.hull(f.dimension(), distinct, distinct.length / f.dimension());
  }

  /**
   * The distinct points among the m points of {@code flat} (−0.0 = 0.0), sorted lexicographically: a canonical form
   * of the point set, so equal sets give equal arrays (the key of {@link HullFactory} caches). Grid models have
   * thousands of edges but only a handful of distinct differences.
   */
  public static double[] distinctPoints(int d, double[] flat, int m) {
    int cap = Integer.highestOneBit(Math.max(4, 2 * m)) << 1;
    int[] table = new int[cap];
    java.util.Arrays.fill(table, -1);
    double[] out = new double[m * d];
    int k = 0;
    for (int i = 0; i < m; i++) {
      long h = 0;
      for (int a = 0; a < d; a++) {
        h = h * 0x9E3779B97F4A7C15L + Double.doubleToLongBits(flat[i * d + a] + 0.0);
      }
      int slot = (int) (h ^ (h >>> 29) ^ (h >>> 47)) & (cap - 1);
      while (true) {
        int j = table[slot];
        if (j < 0) {
          table[slot] = k;
          for (int a = 0; a < d; a++) {
            out[k * d + a] = flat[i * d + a] + 0.0;
          }
          k++;
          break;
        }
        boolean same = true;
        for (int a = 0; a < d && same; a++) {
          same = out[j * d + a] == flat[i * d + a];
        }
        if (same) {
          break;
        }
        slot = (slot + 1) & (cap - 1);
      }
    }
    double[][] rows = new double[k][];
    for (int i = 0; i < k; i++) {
      rows[i] = java.util.Arrays.copyOfRange(out, i * d, i * d + d);
    }
    java.util.Arrays.sort(rows, (x, y) -> {
      for (int a = 0; a < d; a++) {
        int c = Double.compare(x[a], y[a]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    });
    double[] sorted = new double[k * d];
    for (int i = 0; i < k; i++) {
      System.arraycopy(rows[i], 0, sorted, i * d, d);
    }
    return sorted;
  }

  /**
   * K of the complete graph on C (|C| = {@code count} ≥ 2): K = H − H with H = conv f(C), built from the pairwise
   * differences of H's vertices only (the vertices of a Minkowski difference are differences of vertices), so
   * the cost does not grow with |C|² (docs/dphmm.md, 'Making it fast').
   */
  public static SensitivityHull completeGraphHull(StateQuery f, int[] c, int count) {
    return completeGraphHull(f, c, count, PointSetHull.of(f.rows(c, count), count, f.dimension()).extremePoints(),
        HullFactory.DIRECT);
  }

  /** As {@link #completeGraphHull(StateQuery, int[], int)} given the extreme points of f(C) (indices into c). */
  static SensitivityHull completeGraphHull(StateQuery f, int[] c, int count, int[] ext, HullFactory factory) {
    int d = f.dimension();
    double[] rows = f.rows(c, count);
    int h = ext.length;
    if (h == 1) {
      // every state of C has the same f: Δf = {0}
      return factory.hull(d, new double[d], 1);
    }
    double[] out = new double[h * (h - 1) * d];
    int p = 0;
    for (int a = 0; a < h; a++) {
      for (int b = 0; b < h; b++) {
        if (a != b) {
          for (int x = 0; x < d; x++) {
            out[p++] = rows[ext[a] * d + x] - rows[ext[b] * d + x];
          }
        }
      }
    }
    double[] distinct = distinctPoints(d, out, h * (h - 1));
    return factory.hull(d, distinct, distinct.length / d);
  }
}
