package org.pufferflow.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;

/**
 * A policy graph G over all N states: an edge jk says that an adversary must not distinguish s_j from s_k (the
 * paper's Definition 3.1; docs/dphmm.md, 'Repair modes'). Kinds: {@code complete}; {@code categorical} (clique per
 * label); {@code utility(r)} (edge iff ‖f(s_j) − f(s_k)‖₂ ≤ r·(1+1e-9)); {@code transition(θ)} (edge iff some i has
 * M[i,j] &gt; θ and M[i,k] &gt; θ — the paper's G_trs at θ = 0); explicit {@code edges}.
 *
 * <p>Edges are unordered pairs without self-loops, reported as (j, k) with j &lt; k in lexicographic order. The
 * complete graph is stored implicitly. Immutable.
 */
public final class PolicyGraph implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  /** Relative tolerance of the utility graph's radius test (docs/test-vectors.md, 'DPHMM'). */
  public static final double UTILITY_TOLERANCE = 1e-9;

  private final int n;
  private final boolean complete;
  private final int[][] neighbours; // sorted; null for the complete graph

  private PolicyGraph(int n, boolean complete, int[][] neighbours) {
    this.n = n;
    this.complete = complete;
    this.neighbours = neighbours;
  }

  /** The complete graph on N states (DPLS, and the δ-location-set mechanism of Theorem 4.1). */
  public static PolicyGraph complete(int n) {
    PufferPreconditions.checkAtLeast(PolicyGraphParameters.STATES, n, 1);
    return new PolicyGraph(n, true, null);
  }

  /** A clique per label: states with equal labels are joined. */
  public static PolicyGraph categorical(int[] labels) {
    PufferPreconditions.checkNotNull(PolicyGraphParameters.LABELS, labels);
    PufferPreconditions.checkAtLeast(PolicyGraphParameters.LABELS, "labels.length", labels.length, 1);
    List<int[]> edges = new ArrayList<>();
    for (int j = 0; j < labels.length; j++) {
      for (int k = j + 1; k < labels.length; k++) {
        if (labels[j] == labels[k]) {
          edges.add(new int[] {j, k});
        }
      }
    }
    return fromPairs(labels.length, edges);
  }

  /**
   * G_util: an edge iff ‖f(s_j) − f(s_k)‖₂ ≤ r·(1 + 1e-9), with r finite and &gt; 0 (docs/configuration.md,
   * 'policyGraph'): r = 0 would join only states of equal query value, a graph that protects almost nothing.
   */
  public static PolicyGraph utility(StateQuery f, double r) {
    PufferPreconditions.checkNotNull(PolicyGraphParameters.QUERY, f);
    PufferPreconditions.checkPositive(PolicyGraphParameters.RADIUS, "utility radius r", r);
    double limit = r * (1 + UTILITY_TOLERANCE);
    // sweep in the order of the first coordinate: only states whose first coordinates differ by at most the limit
    // (with a margin for rounding in the distance) can be joined, so a grid of N cells costs O(N log N + N·w)
    // instead of N²/2 distances (10,000 cells: 5·10⁷); the edge test itself is unchanged
    int n = f.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, java.util.Comparator.comparingDouble(i -> f.get(i, 0)));
    double window = limit * (1 + 1e-6) + Double.MIN_NORMAL;
    List<int[]> edges = new ArrayList<>();
    for (int a = 0; a < n; a++) {
      int j = order[a];
      double x = f.get(j, 0);
      for (int b = a + 1; b < n && f.get(order[b], 0) - x <= window; b++) {
        int k = order[b];
        if (Math.sqrt(f.squaredDistance(j, k)) <= limit) {
          edges.add(new int[] {Math.min(j, k), Math.max(j, k)});
        }
      }
    }
    return fromPairs(n, edges);
  }

  /** G_trs(θ): jk (j ≠ k) is an edge iff ∃i with M[i,j] &gt; θ and M[i,k] &gt; θ. */
  public static PolicyGraph transition(TransitionMatrix m, double theta) {
    PufferPreconditions.checkNotNull(PolicyGraphParameters.TRANSITION, m);
    PufferPreconditions.checkClosedOpenInterval(PolicyGraphParameters.THETA, "transition threshold theta", theta, 0,
        1);
    int n = m.size();
    TreeSet<Long> set = new TreeSet<>();
    int[] row = new int[n];
    for (int i = 0; i < n; i++) {
      int c = 0;
      for (int j = 0; j < n; j++) {
        if (m.get(i, j) > theta) {
          row[c++] = j;
        }
      }
      if (c == n) {
        return complete(n); // one row reaching every state joins every pair
      }
      for (int a = 0; a < c; a++) {
        for (int b = a + 1; b < c; b++) {
          set.add((long) row[a] * n + row[b]);
        }
      }
    }
    List<int[]> edges = new ArrayList<>();
    for (long key : set) {
      edges.add(new int[] {(int) (key / n), (int) (key % n)});
    }
    return fromPairs(n, edges);
  }

  /**
   * An explicit edge list over N states; each edge names two distinct states in [0, N). Duplicates and orientation
   * are normalised away.
   */
  public static PolicyGraph edges(int n, int[][] edges) {
    PufferPreconditions.checkAtLeast(PolicyGraphParameters.STATES, n, 1);
    PufferPreconditions.checkNotNull(PolicyGraphParameters.EDGES, edges);
    List<int[]> list = new ArrayList<>();
    for (int e = 0; e < edges.length; e++) {
      PufferPreconditions.checkArgument(PolicyGraphParameters.EDGES,
          edges[e] != null && edges[e].length == 2, "edges[%d]: must be a pair [j, k]", e);
      PufferPreconditions.checkArgument(PolicyGraphParameters.EDGES, edges[e][0] >= 0 && edges[e][0] < n,
          "edges[%d][0] = %d: no such state (states are 0..%d)", e, edges[e][0], n - 1);
      PufferPreconditions.checkArgument(PolicyGraphParameters.EDGES, edges[e][1] >= 0 && edges[e][1] < n,
          "edges[%d][1] = %d: no such state (states are 0..%d)", e, edges[e][1], n - 1);
      PufferPreconditions.checkArgument(PolicyGraphParameters.EDGES,
          edges[e][0] != edges[e][1], "edges[%d] = [%d, %d]: a self-loop is not an edge", e, edges[e][0],
          edges[e][1]);
      list.add(new int[] {Math.min(edges[e][0], edges[e][1]), Math.max(edges[e][0], edges[e][1])});
    }
    return fromPairs(n, list);
  }

  private static PolicyGraph fromPairs(int n, List<int[]> edges) {
    List<TreeSet<Integer>> adj = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      adj.add(new TreeSet<>());
    }
    for (int[] e : edges) {
      adj.get(e[0]).add(e[1]);
      adj.get(e[1]).add(e[0]);
    }
    int[][] nb = new int[n][];
    for (int i = 0; i < n; i++) {
      nb[i] = adj.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    return new PolicyGraph(n, false, nb);
  }

  /** Equal graphs: the same N and the same edges. */
  @Override
  public boolean equals(Object o) {
    return o instanceof PolicyGraph g && g.n == n && g.complete == complete
        && java.util.Arrays.deepEquals(g.neighbours, neighbours);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * n + Boolean.hashCode(complete)) + java.util.Arrays.deepHashCode(neighbours);
  }

  /** Number of states N. */
  public int size() {
    return n;
  }

  /** Whether this is the complete graph (stored implicitly). */
  public boolean isComplete() {
    return complete;
  }

  /** Whether jk is an edge. */
  public boolean hasEdge(int j, int k) {
    if (j == k) {
      return false;
    }
    return complete || Arrays.binarySearch(neighbours[j], k) >= 0;
  }

  /** The sorted neighbours of state j (not for the complete graph); callers must not modify the array. */
  int[] neighbours(int j) {
    return neighbours[j];
  }

  /** Number of edges. */
  public long edgeCount() {
    if (complete) {
      return (long) n * (n - 1) / 2;
    }
    long s = 0;
    for (int[] a : neighbours) {
      s += a.length;
    }
    return s / 2;
  }

  /** All edges (j &lt; k), sorted. */
  public List<int[]> edges() {
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    return induced(all, n);
  }

  /**
   * The edges of the subgraph induced on C (the first {@code count} entries of {@code c}, sorted increasing), as
   * pairs (j &lt; k) in lexicographic order (docs/dphmm.md, 'What a release does' step 4).
   */
  public List<int[]> induced(int[] c, int count) {
    List<int[]> out = new ArrayList<>();
    if (complete) {
      for (int a = 0; a < count; a++) {
        for (int b = a + 1; b < count; b++) {
          out.add(new int[] {c[a], c[b]});
        }
      }
      return out;
    }
    boolean[] in = new boolean[n];
    for (int a = 0; a < count; a++) {
      in[c[a]] = true;
    }
    for (int a = 0; a < count; a++) {
      int j = c[a];
      for (int k : neighbours[j]) {
        if (k > j && in[k]) {
          out.add(new int[] {j, k});
        }
      }
    }
    return out;
  }
}
