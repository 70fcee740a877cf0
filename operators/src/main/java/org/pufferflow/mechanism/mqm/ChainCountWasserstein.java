package org.pufferflow.mechanism.mqm;

import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * The Wasserstein Mechanism (000 docs/mqm.md, 'Sliding windows'; 004; docs/mqm.md, 'Modes') for one known chain θ = (q,
 * P) and the count query F = number of visits to one state, computed exactly for small T by a forward dynamic programme
 * over (state, count): the noise scale is {@code W* /ε} with
 * {@code W* = max_{i, u≠v} W_∞(law(F | X_i = u), law(F | X_i = v))} over the secret pairs with positive probability. It
 * is ε-Pufferfish in any framework but costs O(T³·k²) here; pufferflow uses it only to compare MQM's noise on small
 * instances (docs/test-vectors.md, 'MQM').
 *
 * <p>W_∞ of two integer laws is the smallest integer w with F_p(x) ≤ F_q(x + w) and F_q(x) ≤ F_p(x + w) for all x
 * (quantile coupling, docs/mqm.md, 'What is protected'); CDF comparisons allow 1e-12 of rounding.
 */
public final class ChainCountWasserstein {

  private static final double CDF_TOLERANCE = 1e-12;

  private ChainCountWasserstein() {}

  /**
   * law(F | X_node = state) for F = #{t : X_t = counted}, as probabilities of 0..T; null when P(X_node = state) = 0.
   */
  public static double[] conditionalLaw(double[][] p, double[] q, int length, int node, int state, int counted) {
    ChainAnalysis.checkStochastic("P", p);
    int k = p.length;
    ModelPreconditions.checkDistribution("q", q, k, TransitionMatrices.ROW_SUM_TOLERANCE);
    PufferPreconditions.checkWindowLength("T", length);
    PufferPreconditions.checkInRange("node", node, 1, length);
    PufferPreconditions.checkIndex("state", state, k);
    PufferPreconditions.checkIndex("counted state", counted, k);
    double[][] f = new double[k][length + 1];
    for (int x = 0; x < k; x++) {
      f[x][x == counted ? 1 : 0] = q[x];
    }
    for (int t = 1; t <= length; t++) {
      if (t == node) {
        for (int x = 0; x < k; x++) {
          if (x != state) {
            java.util.Arrays.fill(f[x], 0.0);
          }
        }
      }
      if (t == length) {
        break;
      }
      double[][] g = new double[k][length + 1];
      for (int x = 0; x < k; x++) {
        for (int c = 0; c <= t; c++) {
          double v = f[x][c];
          if (v == 0) {
            continue;
          }
          for (int y = 0; y < k; y++) {
            g[y][c + (y == counted ? 1 : 0)] += v * p[x][y];
          }
        }
      }
      f = g;
    }
    double[] law = new double[length + 1];
    double total = 0;
    for (int x = 0; x < k; x++) {
      for (int c = 0; c <= length; c++) {
        law[c] += f[x][c];
        total += f[x][c];
      }
    }
    if (!(total > 0)) {
      return null;
    }
    for (int c = 0; c <= length; c++) {
      law[c] /= total;
    }
    return law;
  }

  /** W_∞ of two laws on 0..n (arrays of equal length). */
  public static int wInfinity(double[] a, double[] b) {
    PufferPreconditions.checkArgument(a.length == b.length, "laws of different support sizes %s, %s", a.length,
        b.length);
    int n = a.length;
    double[] fa = cdf(a);
    double[] fb = cdf(b);
    for (int w = 0; w < n; w++) {
      boolean ok = true;
      for (int x = 0; x < n && ok; x++) {
        double ga = x + w < n ? fa[x + w] : 1.0;
        double gb = x + w < n ? fb[x + w] : 1.0;
        ok = fa[x] <= gb + CDF_TOLERANCE && fb[x] <= ga + CDF_TOLERANCE;
      }
      if (ok) {
        return w;
      }
    }
    return n - 1;
  }

  /** W* over every node and every secret pair (u, v) with positive probability. */
  public static int sensitivity(double[][] p, double[] q, int length, int counted) {
    int k = p.length;
    int worst = 0;
    for (int i = 1; i <= length; i++) {
      double[][] laws = new double[k][];
      for (int u = 0; u < k; u++) {
        laws[u] = conditionalLaw(p, q, length, i, u, counted);
      }
      for (int u = 0; u < k; u++) {
        for (int v = u + 1; v < k; v++) {
          if (laws[u] != null && laws[v] != null) {
            worst = Math.max(worst, wInfinity(laws[u], laws[v]));
          }
        }
      }
    }
    return worst;
  }

  /** The Laplace scale W* /ε of the mechanism. */
  public static double noiseScale(double[][] p, double[] q, int length, int counted, double epsilon) {
    PufferPreconditions.checkEpsilon(MqmParameters.EPSILON, epsilon);
    return Math.nextUp(sensitivity(p, q, length, counted) / epsilon);
  }

  private static double[] cdf(double[] a) {
    double[] f = new double[a.length];
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i];
      f[i] = s;
    }
    return f;
  }
}
