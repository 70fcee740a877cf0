package org.pufferflow.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pufferflow.geometry.PointSetHull;
import org.pufferflow.geometry.SensitivityHull;

/**
 * The repair of the constrained graph G_C into a protectable graph G_t (the paper's Algorithm 1 for
 * {@link RepairMode#STRICT} and {@link RepairMode#GREEDY}, Algorithm 3 generalised to d ≤ 3 for
 * {@link RepairMode#MIN_VOLUME}; docs/dphmm.md, 'Repair modes' and {@code fullSpan}): computes the exposed set E0
 * from K(G_C), adds partner edges by the mode, then, with {@code fullSpan}, the shortest edges off span(K) until
 * K spans the affine span of f(C), and hands the result to {@link ProtectableGraph}.
 *
 * <p>Caller duties ({@link ProtectableGraph#repair} meets them): C is sorted, distinct, in range and non-empty;
 * {@code constrained} is the policy graph induced on C (j &lt; k, sorted), which this class neither copies nor
 * changes; the complete graph with |C| ≥ 2 is handled by the caller (nothing is ever exposed there). One instance
 * runs one repair ({@link #run} once): it is mutable (the edge list, degrees and current hull) and not thread-safe.
 */
final class GraphRepair {

  private final StateQuery f;
  private final int[] c;
  private final List<int[]> constrained;
  private final List<int[]> edges;
  private final Set<Long> present = new HashSet<>();
  private final int[] degree; // by position in c
  private final List<int[]> added = new ArrayList<>();
  private final HullFactory hulls;
  private SensitivityHull hull;

  /** Starts from G_C: its edges, the degrees of C's members in it, and K(G_C). */
  GraphRepair(StateQuery f, int[] c, List<int[]> constrained, HullFactory hulls) {
    this.hulls = hulls;
    this.f = f;
    this.c = c;
    this.constrained = constrained;
    this.edges = new ArrayList<>(constrained);
    this.degree = new int[c.length];
    for (int[] e : constrained) {
      degree[pos(e[0])]++;
      degree[pos(e[1])]++;
    }
    this.hull = DeltaF.hull(f, edges, hulls);
  }

  private long key(int j, int k) {
    return (long) Math.min(j, k) * f.size() + Math.max(j, k);
  }

  private int pos(int state) {
    return java.util.Arrays.binarySearch(c, state);
  }

  private boolean exposed(int p) {
    if (c.length < 2 || degree[p] > 0) {
      return false;
    }
    int d = f.dimension();
    for (int q = 0; q < c.length; q++) {
      if (q != p && hull.normOfDifference(f.flat(), c[q] * d, f.flat(), c[p] * d)
          <= 1 + SensitivityHull.MEMBERSHIP_TOLERANCE) {
        return false;
      }
    }
    return true;
  }

  private int nearest(int p) {
    int best = -1;
    double bestDist = Double.POSITIVE_INFINITY;
    for (int q = 0; q < c.length; q++) {
      if (q == p) {
        continue;
      }
      double dist = f.squaredDistance(c[p], c[q]);
      if (best < 0 || dist < bestDist) {
        best = q;
        bestDist = dist;
      }
    }
    return best;
  }

  /** Adds edge between positions p and q unless present; returns whether it was new. */
  private boolean addEdge(int p, int q) {
    int j = Math.min(c[p], c[q]);
    int k = Math.max(c[p], c[q]);
    if (present.isEmpty()) { // built on the first addition only: most constraints need no repair
      for (int[] e : edges) {
        present.add(key(e[0], e[1]));
      }
    }
    if (!present.add(key(j, k))) {
      return false;
    }
    int[] e = {j, k};
    edges.add(e);
    added.add(e);
    degree[p]++;
    degree[q]++;
    return true;
  }

  /** Computes E0, repairs by {@code mode}, completes the span if {@code fullSpan} (and |C| ≥ 2), and builds G_t. */
  ProtectableGraph run(PolicyGraph graph, RepairMode mode, boolean fullSpan) {
    List<Integer> e0 = new ArrayList<>();
    for (int p = 0; p < c.length; p++) {
      if (exposed(p)) {
        e0.add(p);
      }
    }
    int[] exposedBefore = e0.stream().mapToInt(p -> c[p]).toArray();
    switch (mode) {
      case STRICT:
        for (int p : e0) {
          addEdge(p, nearest(p));
        }
        if (!added.isEmpty()) {
          hull = DeltaF.hull(f, edges, hulls);
        }
        break;
      case GREEDY:
        for (int p : e0) {
          if (exposed(p)) {
            if (addEdge(p, nearest(p))) {
              hull = DeltaF.hull(f, edges, hulls);
            }
          }
        }
        break;
      case MIN_VOLUME:
        for (int p : e0) {
          if (!exposed(p)) {
            continue;
          }
          int bestQ = -1;
          double best = Double.POSITIVE_INFINITY;
          SensitivityHull bestHull = null;
          for (int q = 0; q < c.length; q++) {
            if (q == p) {
              continue;
            }
            edges.add(new int[] {Math.min(c[p], c[q]), Math.max(c[p], c[q])});
            SensitivityHull h = DeltaF.hull(f, edges, hulls);
            edges.remove(edges.size() - 1);
            if (bestQ < 0 || h.volume() < best * (1 - 1e-9)) {
              bestQ = q;
              best = h.volume();
              bestHull = h;
            }
          }
          addEdge(p, bestQ);
          hull = bestHull;
        }
        break;
      case NONE:
      default:
        break;
    }
    if (fullSpan && c.length >= 2) {
      completeSpan();
    }
    List<int[]> sorted = edges;
    if (!added.isEmpty()) {
      sorted = new ArrayList<>(edges);
      Collections.sort(sorted, (a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
    }
    return new ProtectableGraph(f, c, graph, constrained, exposedBefore, added, sorted, hull);
  }

  /** Adds shortest edges off span(K) (ties: lowest index pair) until rank K is the rank of f(C)'s differences. */
  private void completeSpan() {
    if (hull.rank() == f.dimension()) {
      return; // K already spans R^d
    }
    int target = PointSetHull.of(f.rows(c, c.length), c.length, f.dimension()).rank();
    int d = f.dimension();
    while (hull.rank() < target) {
      int bp = -1;
      int bq = -1;
      double best = Double.POSITIVE_INFINITY;
      for (int p = 0; p < c.length; p++) {
        for (int q = p + 1; q < c.length; q++) {
          double dist = f.squaredDistance(c[p], c[q]);
          if (dist < best
              && hull.normOfDifference(f.flat(), c[q] * d, f.flat(), c[p] * d) == Double.POSITIVE_INFINITY) {
            best = dist;
            bp = p;
            bq = q;
          }
        }
      }
      if (bp < 0 || !addEdge(bp, bq)) {
        throw new IllegalStateException("fullSpan: no edge extends the span of K (rank " + hull.rank() + ")");
      }
      hull = DeltaF.hull(f, edges, hulls);
    }
  }
}
