package org.pufferflow.policy;

import java.util.ArrayList;
import java.util.List;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.geometry.PointSetHull;
import org.pufferflow.geometry.SensitivityHull;

/**
 * The protectable graph G_t built from the policy graph induced on the constraint C (the paper's Definitions
 * 5.2–5.4; docs/dphmm.md, 'Repair modes'), with its sensitivity hull K_t and the quantities a release needs. The
 * repair itself (Algorithms 1 and 3, {@code fullSpan}) is {@link GraphRepair}'s; {@link #repair} validates the
 * input and takes the complete-graph shortcut.
 *
 * <p>Degree of protection DoP(s_i) = #{s_j ∈ C : f(s_j) − f(s_i) ∈ K}, counting s_i, boundary inclusive; s_i is
 * exposed iff DoP = 1 and |C| ≥ 2. The exposed set E0 is computed once from K(G_C) and visited by increasing index;
 * {@link RepairMode} decides how partners are chosen. With {@code fullSpan} (default), shortest edges whose
 * difference lies off span(K) are then added (ties: lowest index pair) until rank(K) equals the rank of
 * span{f(s_j) − f(s_k) : j,k ∈ C}, which keeps the Theorem 6.3 multiplier finite.
 *
 * <p>Guarantee (tested): after any repair mode except {@link RepairMode#NONE}, every node of C has DoP ≥ 2
 * (Theorem 5.2's condition). Immutable; the expensive parts depend only on public configuration and C, so the
 * mechanism caches instances per C.
 */
public final class ProtectableGraph {

  private final StateQuery f;
  private final int[] c;
  private final PolicyGraph graph;
  private final List<int[]> constrainedEdges; // null when implicit (complete graph)
  private final int[] exposedBefore;
  private final List<int[]> added;
  private final List<int[]> edges; // null when implicit (complete graph)
  private final SensitivityHull hull;
  private final double multiplier;
  private final double l1Sensitivity;
  private final double l1Diameter;
  /** {@link #degreesOfProtection()}, once computed (a pure function of the fields above; a race recomputes it). */
  private volatile int[] dop;

  /**
   * For {@link #repair} and {@link GraphRepair}: C validated; {@code edges} sorted (j &lt; k), or {@code null} with
   * {@code constrainedEdges} for the implicit complete graph. Nothing is copied.
   */
  ProtectableGraph(StateQuery f, int[] c, PolicyGraph graph, List<int[]> constrainedEdges,
      int[] exposedBefore, List<int[]> added, List<int[]> edges, SensitivityHull hull) {
    this.f = f;
    this.c = c;
    this.graph = graph;
    this.constrainedEdges = constrainedEdges;
    this.exposedBefore = exposedBefore;
    this.added = added;
    this.edges = edges;
    this.hull = hull;
    double mult = hull.maxNormOfDifferences(f.flat(), c, c.length);
    double l1d = l1Diameter(f, c, c.length);
    this.multiplier = mult;
    this.l1Diameter = l1d;
    double sf = 0;
    if (edges == null) {
      sf = l1d;
    } else {
      for (int[] e : edges) {
        sf = Math.max(sf, f.l1Distance(e[0], e[1]));
      }
    }
    this.l1Sensitivity = sf;
  }

  /**
   * Builds G_t from {@code graph} induced on C ({@code c}: sorted distinct state indices, |C| ≥ 1), repairing it with
   * {@code mode} and then, if {@code fullSpan}, completing the span.
   */
  public static ProtectableGraph repair(
      StateQuery f, PolicyGraph graph, int[] c, RepairMode mode, boolean fullSpan) {
    return repair(f, graph, c, mode, fullSpan, HullFactory.DIRECT);
  }

  /** As {@link #repair(StateQuery, PolicyGraph, int[], RepairMode, boolean)}, building hulls with {@code hulls}. */
  public static ProtectableGraph repair(
      StateQuery f, PolicyGraph graph, int[] c, RepairMode mode, boolean fullSpan, HullFactory hulls) {
    PufferPreconditions.checkArgument(c.length >= 1, "constraint: must hold at least one state");
    PufferPreconditions.checkSortedDistinct("constraint", c, c.length, f.size());
    PufferPreconditions.checkArgument(graph.size() == f.size(),
        "policy graph has %d states but the query has %d", graph.size(), f.size());
    int[] cs = c.clone();
    if (graph.isComplete() && cs.length >= 2) {
      // every node has an edge (so nothing is exposed) and K = H − H spans the affine span of f(C)
      PointSetHull fc = PointSetHull.of(f.rows(cs, cs.length), cs.length, f.dimension());
      return new ProtectableGraph(f, cs, graph, null, new int[0], List.of(), null,
          DeltaF.completeGraphHull(f, cs, cs.length, fc.extremePoints(), hulls));
    }
    List<int[]> constrained = graph.induced(cs, cs.length);
    return new GraphRepair(f, cs, constrained, hulls).run(graph, mode, fullSpan);
  }

  /** The constraint C (sorted state indices). */
  public int[] constraint() {
    return c.clone();
  }

  /** |C|. */
  public int constraintSize() {
    return c.length;
  }

  /** The policy graph this was built from. */
  public PolicyGraph policyGraph() {
    return graph;
  }

  /** Edges of the policy graph induced on C (j &lt; k, sorted). */
  public List<int[]> constrainedEdges() {
    return constrainedEdges != null ? copy(constrainedEdges) : graph.induced(c, c.length);
  }

  /** E0: the nodes exposed under K(G_C), before repair. */
  public int[] exposedBefore() {
    return exposedBefore.clone();
  }

  /** The edges added by repair and fullSpan, in the order added. */
  public List<int[]> addedEdges() {
    return copy(added);
  }

  /** E(G_t): all edges after repair (j &lt; k, sorted). */
  public List<int[]> edges() {
    return edges != null ? copy(edges) : graph.induced(c, c.length);
  }

  /** K_t = conv(Δf) over E(G_t). */
  public SensitivityHull hull() {
    return hull;
  }

  /**
   * DoP of each member of C after repair, in the order of {@link #constraint()}. O(|C|²) hull norms, computed once
   * (a planner asks for it twice on the full state space: 10⁸ norms at N = 10⁴) and copied on access.
   */
  public int[] degreesOfProtection() {
    int[] known = dop;
    if (known == null) {
      known = computeDegreesOfProtection();
      dop = known;
    }
    return known.clone();
  }

  private int[] computeDegreesOfProtection() {
    int d = f.dimension();
    int[] dop = new int[c.length];
    for (int p = 0; p < c.length; p++) {
      for (int q = 0; q < c.length; q++) {
        if (hull.normOfDifference(f.flat(), c[q] * d, f.flat(), c[p] * d)
            <= 1 + SensitivityHull.MEMBERSHIP_TOLERANCE) {
          dop[p]++;
        }
      }
    }
    return dop;
  }

  /** Members of C exposed after repair (DoP = 1, |C| ≥ 2). */
  public int[] exposedAfter() {
    if (c.length < 2) {
      return new int[0];
    }
    int[] dop = degreesOfProtection();
    List<Integer> out = new ArrayList<>();
    for (int p = 0; p < c.length; p++) {
      if (dop[p] == 1) {
        out.add(c[p]);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Theorem 6.3's multiplier max_{j,k∈C} ‖f(s_j) − f(s_k)‖_{K_t} (maximised over the vertices of conv f(C)); +∞
   * when some difference is off span(K_t); 0 when |C| = 1.
   */
  public double constrainedDpMultiplier() {
    return multiplier;
  }

  /** S_f = max over E(G_t) of ‖f(s_j) − f(s_k)‖₁ (Theorem 5.1; the Laplace scale is S_f/ε). */
  public double l1Sensitivity() {
    return l1Sensitivity;
  }

  /** max_{j,k∈C} ‖f(s_j) − f(s_k)‖₁ (the Laplace analogue of the multiplier is this divided by S_f). */
  public double l1Diameter() {
    return l1Diameter;
  }


  /** ‖z − f(s_state)‖_{K_t} for a d-vector z; +∞ off the span. Allocates nothing. */
  public double normFrom(double[] z, int state) {
    return hull.normOfDifference(z, 0, f.flat(), state * f.dimension());
  }

  /** ‖z − f(s_state)‖₁. Allocates nothing. */
  public double l1From(double[] z, int state) {
    int d = f.dimension();
    double s = 0;
    for (int a = 0; a < d; a++) {
      s += Math.abs(z[a] - f.get(state, a));
    }
    return s;
  }


  /**
   * max_{j,k∈C} ‖f_j − f_k‖₁ over C = {@code c[0..count)} = max over sign vectors s of (max_j s·f_j − min_k s·f_k);
   * O(|C|·2^d). Allocates nothing.
   */
  public static double l1Diameter(StateQuery f, int[] c, int count) {
    int d = f.dimension();
    // sign vectors s = (1, ±1, ±1): mask bit a−1 set means s_a = −1; one pass over C for all 2^(d−1) of them
    double hi0 = Double.NEGATIVE_INFINITY;
    double hi1 = Double.NEGATIVE_INFINITY;
    double hi2 = Double.NEGATIVE_INFINITY;
    double hi3 = Double.NEGATIVE_INFINITY;
    double lo0 = Double.POSITIVE_INFINITY;
    double lo1 = Double.POSITIVE_INFINITY;
    double lo2 = Double.POSITIVE_INFINITY;
    double lo3 = Double.POSITIVE_INFINITY;
    for (int q = 0; q < count; q++) {
      int i = c[q];
      double x = f.get(i, 0);
      double y = d > 1 ? f.get(i, 1) : 0;
      double w = d > 2 ? f.get(i, 2) : 0;
      double s0 = d == 1 ? x : d == 2 ? x + y : x + y + w; // mask 0: (1, 1, 1)
      hi0 = Math.max(hi0, s0);
      lo0 = Math.min(lo0, s0);
      if (d > 1) {
        double s1 = d == 3 ? x + -y + w : x + -y; // mask 1: (1, −1, 1)
        hi1 = Math.max(hi1, s1);
        lo1 = Math.min(lo1, s1);
        if (d > 2) {
          double s2 = x + y + -w; // mask 2: (1, 1, −1)
          double s3 = x + -y + -w; // mask 3: (1, −1, −1)
          hi2 = Math.max(hi2, s2);
          lo2 = Math.min(lo2, s2);
          hi3 = Math.max(hi3, s3);
          lo3 = Math.min(lo3, s3);
        }
      }
    }
    double best = Math.max(0, hi0 - lo0);
    if (d > 1) {
      best = Math.max(best, hi1 - lo1);
      if (d > 2) {
        best = Math.max(best, Math.max(hi2 - lo2, hi3 - lo3));
      }
    }
    return best;
  }

  private static List<int[]> copy(List<int[]> l) {
    List<int[]> out = new ArrayList<>(l.size());
    for (int[] e : l) {
      out.add(e.clone());
    }
    return out;
  }
}
