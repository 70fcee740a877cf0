package org.pufferflow.policy;

import java.util.List;
import org.pufferflow.geometry.PointSetHull;
import org.pufferflow.geometry.SensitivityHull;

/**
 * The difference set Δf of a graph's edges and its sensitivity hull K = conv(Δf) (the paper's Definition 5.1;
 * dphmm.md §2 step 6): each edge jk, in the given order, contributes f(s_j) − f(s_k) and then f(s_k) − f(s_j)
 * (dphmm-vectors.md §0, "Hull points").
 */
public final class DeltaF {

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
    return SensitivityHull.ofFlat(f.dimension(), points(f, edges), 2 * edges.size());
  }

  /**
   * K of the complete graph on C (|C| = {@code count} ≥ 2): K = H − H with H = conv f(C), built from the pairwise
   * differences of H's vertices only (the vertices of a Minkowski difference are differences of vertices), so
   * the cost does not grow with |C|² (dphmm.md §5).
   */
  public static SensitivityHull completeGraphHull(StateQuery f, int[] c, int count) {
    int d = f.dimension();
    double[] rows = f.rows(c, count);
    int[] ext = PointSetHull.extremePoints(rows, count, d);
    int h = ext.length;
    if (h == 1) {
      // every state of C has the same f: Δf = {0}
      return SensitivityHull.ofFlat(d, new double[2 * d], 2);
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
    return SensitivityHull.ofFlat(d, out, h * (h - 1));
  }
}
