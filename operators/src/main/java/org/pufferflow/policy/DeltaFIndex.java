package org.pufferflow.policy;

import java.util.Arrays;
import org.pufferflow.common.PufferPreconditions;

/**
 * A policy graph's adjacency in CSR form with every directed edge j → k labelled by the index of its difference
 * f(s_j) − f(s_k) among the graph's distinct differences (the points of Δf over all of E(G), sorted
 * lexicographically as {@link DeltaF#distinctPoints} does). Built once per configuration; it lets a release compute
 * Δf of the graph induced on a constraint C as a bitmask over these indices, in one pass over the edges leaving C,
 * without listing edges or sorting points (docs/dphmm.md, 'Making it fast': what depends only on public configuration
 * is cached).
 *
 * <p>For C in which every node has a neighbour, E0 is empty (a node with an edge has DoP ≥ 2), so no repair mode
 * adds an edge and K_t = conv(Δf(G_C)): then {@link #points} of the mask is exactly the canonical point set that
 * {@link ProtectableGraph#repair} hands to its {@link HullFactory}, and {@link #l1Sensitivity} its S_f. Callers fall
 * back to {@link ProtectableGraph#repair} otherwise. Not for the complete graph (stored implicitly). Immutable.
 */
public final class DeltaFIndex {

  private final int d;
  private final int[] start; // CSR row offsets, n + 1
  private final int[] target; // neighbour of each directed edge
  private final int[] difference; // index of f(s_j) − f(s_k) for each directed edge j → k
  private final double[] points; // distinct differences, m×d, lexicographic
  private final double[] l1; // ‖point‖₁ per index
  private final int m;

  private DeltaFIndex(int d, int[] start, int[] target, int[] difference, double[] points, int m) {
    this.d = d;
    this.start = start;
    this.target = target;
    this.difference = difference;
    this.points = points;
    this.m = m;
    this.l1 = new double[m];
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int a = 0; a < d; a++) {
        s += Math.abs(points[i * d + a]);
      }
      l1[i] = s;
    }
  }

  /** Indexes {@code graph} (not the complete graph) under the query {@code f}. */
  public static DeltaFIndex of(StateQuery f, PolicyGraph graph) {
    PufferPreconditions.checkArgument(!graph.isComplete(),
        "DeltaFIndex: not defined for the complete graph (stored implicitly)");
    PufferPreconditions.checkArgument(graph.size() == f.size(),
        "policy graph has %d states but the query has %d", graph.size(), f.size());
    int n = f.size();
    int d = f.dimension();
    int[] start = new int[n + 1];
    for (int j = 0; j < n; j++) {
      start[j + 1] = start[j] + graph.neighbours(j).length;
    }
    int edges = start[n];
    int[] target = new int[edges];
    double[] flat = new double[edges * d];
    for (int j = 0; j < n; j++) {
      int[] nb = graph.neighbours(j);
      for (int x = 0; x < nb.length; x++) {
        int e = start[j] + x;
        target[e] = nb[x];
        for (int a = 0; a < d; a++) {
          flat[e * d + a] = f.get(j, a) - f.get(nb[x], a);
        }
      }
    }
    double[] distinct = DeltaF.distinctPoints(d, flat, edges);
    int m = distinct.length / d;
    int[] difference = new int[edges];
    for (int e = 0; e < edges; e++) {
      difference[e] = find(distinct, m, d, flat, e * d);
    }
    return new DeltaFIndex(d, start, target, difference, distinct, m);
  }

  /** Binary search of the point at {@code flat[off..off+d)} (−0.0 = 0.0) in the lexicographic table. */
  private static int find(double[] table, int m, int d, double[] flat, int off) {
    int lo = 0;
    int hi = m - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int cmp = 0;
      for (int a = 0; a < d && cmp == 0; a++) {
        cmp = Double.compare(table[mid * d + a], flat[off + a] + 0.0);
      }
      if (cmp == 0) {
        return mid;
      }
      if (cmp < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    throw new IllegalStateException("difference missing from its own table");
  }

  /** Number of distinct differences m of the whole graph. */
  public int differenceCount() {
    return m;
  }

  /** Length in words of a difference mask ({@code ceil(m / 64)}). */
  public int maskWords() {
    return (m + 63) >>> 6;
  }

  /**
   * Δf of the graph induced on C as a bitmask over the difference indices.
   *
   * @param c the states of C (first {@code count} entries, distinct)
   * @param members the bitset of C over all N states (bit i of word i/64)
   * @param mask receives the mask ({@link #maskWords()} words, overwritten)
   * @return whether every node of C has a neighbour in C (then no node is exposed before repair)
   */
  public boolean inducedDifferences(int[] c, int count, long[] members, long[] mask) {
    Arrays.fill(mask, 0, maskWords(), 0L);
    int found = 0; // bits set so far: once all m are set, a node only needs one neighbour in C
    boolean covered = true;
    for (int q = 0; q < count; q++) {
      int j = c[q];
      boolean any = false;
      for (int e = start[j], end = start[j + 1]; e < end; e++) {
        int k = target[e];
        if ((members[k >>> 6] & (1L << k)) != 0) {
          any = true;
          if (found == m) {
            break;
          }
          int id = difference[e];
          long bit = 1L << id;
          if ((mask[id >>> 6] & bit) == 0) {
            mask[id >>> 6] |= bit;
            found++;
          }
        }
      }
      covered &= any;
    }
    return covered;
  }

  /** Number of differences in {@code mask}. */
  public int pointCount(long[] mask) {
    int s = 0;
    for (int w = 0, words = maskWords(); w < words; w++) {
      s += Long.bitCount(mask[w]);
    }
    return s;
  }

  /** The differences in {@code mask}, row-major and lexicographic: the canonical form of that Δf. Fresh array. */
  public double[] points(long[] mask) {
    double[] out = new double[pointCount(mask) * d];
    int p = 0;
    for (int w = 0, words = maskWords(); w < words; w++) {
      for (long bits = mask[w]; bits != 0; bits &= bits - 1) {
        int id = (w << 6) + Long.numberOfTrailingZeros(bits);
        System.arraycopy(points, id * d, out, p, d);
        p += d;
      }
    }
    return out;
  }

  /** S_f = max ‖Δ‖₁ over the differences in {@code mask} (0 for an empty mask). */
  public double l1Sensitivity(long[] mask) {
    double s = 0;
    for (int w = 0, words = maskWords(); w < words; w++) {
      for (long bits = mask[w]; bits != 0; bits &= bits - 1) {
        s = Math.max(s, l1[(w << 6) + Long.numberOfTrailingZeros(bits)]);
      }
    }
    return s;
  }
}
