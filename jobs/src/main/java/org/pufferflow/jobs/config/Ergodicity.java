package org.pufferflow.jobs.config;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * Whether a transition matrix describes an ergodic chain — irreducible and aperiodic — as MQM requires (mqm.md §2.3
 * precondition: π &gt; 0 entrywise and a positive eigen-gap). Purely graph-based on the support {@code P[i][j] > 0}:
 * irreducible iff every state is reachable from state 0 and state 0 from every state; the period of an irreducible
 * chain is the gcd over its edges u→v of {@code level(u) + 1 - level(v)}, with levels the BFS distances from state 0.
 * O(N²) time on a dense matrix.
 */
final class Ergodicity {

  private Ergodicity() {}

  /** Why {@code p} is not ergodic, or {@code null} when it is. */
  static String problem(double[][] p, List<String> labels) {
    int n = p.length;
    int[] level = bfs(p, false);
    for (int v = 0; v < n; v++) {
      if (level[v] < 0) {
        return "not irreducible: state " + name(labels, v) + " cannot be reached from state " + name(labels, 0);
      }
    }
    int[] back = bfs(p, true);
    for (int v = 0; v < n; v++) {
      if (back[v] < 0) {
        return "not irreducible: state " + name(labels, 0) + " cannot be reached from state " + name(labels, v);
      }
    }
    int period = 0;
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        if (p[u][v] > 0) {
          period = gcd(period, Math.abs(level[u] + 1 - level[v]));
        }
      }
    }
    return period == 1 ? null : "periodic with period " + period + ", not aperiodic";
  }

  private static int[] bfs(double[][] p, boolean reverse) {
    int n = p.length;
    int[] level = new int[n];
    Arrays.fill(level, -1);
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    level[0] = 0;
    queue.add(0);
    while (!queue.isEmpty()) {
      int u = queue.poll();
      for (int v = 0; v < n; v++) {
        double w = reverse ? p[v][u] : p[u][v];
        if (w > 0 && level[v] < 0) {
          level[v] = level[u] + 1;
          queue.add(v);
        }
      }
    }
    return level;
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  private static String name(List<String> labels, int i) {
    return i + " (" + labels.get(i) + ")";
  }
}
