package org.pufferflow.mechanism.mqm;

import org.pufferflow.common.PufferPreconditions;

/**
 * The σ_max search of the Markov Quilt Mechanism for one chain θ: {@code σ_max = max_i min_{X_Q ∈ S_{Q,i}}
 * card(X_N)/(ε − e(X_Q|X_i))} over the minimal quilts of Lemma 2.5 (003 Algorithm 1; docs/mqm.md, 'σ_max').
 *
 * <ul>
 *   <li>{@link #fullSearch}: every node, every one of its i·(T−i+1) quilts — the O(T³) reference.
 *   <li>{@link #fastSearch}: quilts of a node are enumerated by increasing card(X_N) and the enumeration stops at
 *       the first card c with c/ε ≥ best (every later score is ≥ c/ε). Every σ_i ≤ min(s*, T/ε) ({@link #sStar},
 *       Lemma B), so only cards up to R = ⌈ε·min(s*, T/ε)⌉ matter; nodes with R ≤ i−1 and R ≤ T−i are interior.
 *       For a position-independent influence every interior node scores s* (Lemma B); for exact-any-initial the
 *       first interior node attains the interior maximum (influence non-increasing in i). Only the boundary nodes
 *       and the first interior node are searched, and a node stops as soon as its best score cannot exceed the
 *       running maximum (it then cannot change σ_max). Position-independent influences go through
 *       {@link PositionIndependentSearch} (O(R²)); otherwise the first interior node is searched first and a
 *       boundary node is skipped when a ready-made quilt moved to it already scores no more than the maximum.
 *   <li>{@link #walkFromMiddle}: the authors' walk from the middle node (position-independent influences).
 * </ul>
 *
 * <p>Tie-breaking (docs/mqm.md, 'σ_max'; it never affects σ): minimal score, then smaller card, then smaller influence,
 * then smaller a with NONE first; among nodes, the first node attaining σ_max is reported. The empty quilt is always
 * available, so σ_max ≤ T/ε and the result is never infinite.
 */
public final class QuiltSearch {

  private QuiltSearch() {}

  /** The reference search over every node and every quilt. */
  public static ActiveQuilt fullSearch(QuiltInfluence model, int length, double epsilon) {
    checkArgs(length, epsilon);
    ActiveQuilt worst = null;
    for (int i = 1; i <= length; i++) {
      ActiveQuilt best = null;
      for (int ap = 1; ap <= i; ap++) {
        for (int bp = 1; bp <= length - i + 1; bp++) {
          best = better(best, quilt(model, length, epsilon, i, ap, bp));
        }
      }
      if (worst == null || best.score() > worst.score()) {
        worst = best;
      }
    }
    return worst;
  }

  /** The active quilt of node i (1-based) in a chain of the given length, card-ordered with the c/ε cut-off. */
  public static ActiveQuilt nodeOptimum(QuiltInfluence model, int length, double epsilon, int node) {
    checkArgs(length, epsilon);
    PufferPreconditions.checkInRange("node", node, 1, length);
    return nodeSearch(model, length, epsilon, node, Double.NEGATIVE_INFINITY);
  }

  /**
   * The fast σ_max search (docs/mqm.md, 'σ_max'); agrees with {@link #fullSearch} on σ and on the reported node and
   * quilt.
   */
  public static ActiveQuilt fastSearch(QuiltInfluence model, int length, double epsilon) {
    checkArgs(length, epsilon);
    // Offsets beyond the saturation distance read the same value: probe there (a short table is not read past it).
    int far = Math.min(length, model.saturationDistance());
    if (model.positionIndependent()
        && !(model.worstCaseInfluence(QuiltInfluence.NONE, far) < epsilon)
        && !(model.worstCaseInfluence(far, QuiltInfluence.NONE) < epsilon)) {
      // Every non-empty quilt has a side at distance ≤ T whose influence alone is ≥ ε (Lemma 1.1 and
      // monotonicity in distance): no quilt is feasible, every node uses the empty quilt (group-DP scale T/ε).
      return new ActiveQuilt(1, QuiltInfluence.NONE, QuiltInfluence.NONE, length, 0.0, length / epsilon);
    }
    SStar star = sStarSearch(model, epsilon, length);
    // Every σ_i ≤ cap = min(s*, T/ε) (Lemma B: a node borrows the optimal offsets, dropping sides that fall off
    // the chain, which lowers card and influence), so only quilts with card ≤ ε·cap can matter.
    double cap = star.quilt == null ? length / epsilon : Math.min(star.quilt.score(), length / epsilon);
    int reach = (int) Math.min(length, Math.ceil(epsilon * cap));
    // Interior nodes (i − 1 ≥ reach and T − i ≥ reach) only have two-sided quilts of card ≤ reach. With a
    // position-independent influence their optimum is s*, with the same quilt (Lemma B). With exact-any-initial the
    // influence of each two-sided quilt is non-increasing in i (the marginal term is), so the first interior node
    // attains the interior maximum. Either way only the first interior node needs a search.
    if (model.positionIndependent() && reach <= PositionIndependentSearch.MAX_REACH) {
      return PositionIndependentSearch.search(model, length, epsilon, reach);
    }
    int firstInterior = reach + 1;
    int lastInterior = length - reach;
    // The first interior node is searched first: its score is a high floor. A boundary node is then skipped in
    // O(1) when one ready-made quilt (the interior optimum or the last searched node's optimum, moved to the node,
    // sides falling off the chain dropped) already scores no more than the floor: σ_i ≤ that score cannot raise
    // σ_max. Ties go to the smaller node, so a node before the current maximum is skipped only when strictly below.
    ActiveQuilt worst = null;
    ActiveQuilt interiorQuilt = null;
    if (firstInterior <= lastInterior) {
      if (model.positionIndependent() && star.quilt != null && star.reach <= reach + 1) {
        worst = star.quilt.atNode(firstInterior);
      } else {
        worst = nodeSearch(model, length, epsilon, firstInterior, Double.NEGATIVE_INFINITY);
      }
      interiorQuilt = worst;
    } else if (length > 2) {
      // no interior node (short window or slow mixing): the middle node seeds the maximum instead
      worst = nodeSearch(model, length, epsilon, (length + 1) / 2, Double.NEGATIVE_INFINITY);
      interiorQuilt = worst;
    }
    int seeded = worst == null ? -1 : worst.node();
    ActiveQuilt previous = null;
    for (int i = 1; i <= length; i++) {
      if (i >= firstInterior && i <= lastInterior) {
        i = lastInterior;
        continue;
      }
      if (i == seeded) {
        continue;
      }
      double floor = Double.NEGATIVE_INFINITY;
      if (worst != null) {
        floor = i < worst.node() ? Math.nextDown(worst.score()) : worst.score();
        if (movedScore(model, length, epsilon, i, interiorQuilt) <= floor
            || movedScore(model, length, epsilon, i, previous) <= floor) {
          continue;
        }
      }
      ActiveQuilt q = nodeSearch(model, length, epsilon, i, floor);
      previous = q;
      if (worst == null || q.score() > worst.score() || (q.score() == worst.score() && i < worst.node())) {
        worst = q;
      }
    }
    return worst;
  }

  /** Score at node i of quilt q's offsets, a side dropped when it falls off the chain (+∞ when q is null). */
  private static double movedScore(QuiltInfluence model, int length, double epsilon, int i, ActiveQuilt q) {
    if (q == null) {
      return Double.POSITIVE_INFINITY;
    }
    int a = q.a() == QuiltInfluence.NONE || q.a() >= i ? QuiltInfluence.NONE : q.a();
    int b = q.b() == QuiltInfluence.NONE || q.b() > length - i ? QuiltInfluence.NONE : q.b();
    int card = (a == QuiltInfluence.NONE ? i : a) + (b == QuiltInfluence.NONE ? length - i + 1 : b) - 1;
    double e = a == QuiltInfluence.NONE && b == QuiltInfluence.NONE ? 0.0 : model.influenceUpperBound(i, a, b);
    return e < epsilon ? card / (epsilon - e) : Double.POSITIVE_INFINITY;
  }

  /**
   * The walk from the middle node of the authors' code and 000 Appendix B (FastMarkovQuiltMechanism), for a
   * position-independent influence only. Start at node ⌊T/2⌋; while the node's active quilt is one-sided, step
   * <em>away</em> from the missing side (a node on the missing side can reuse the same one-sided quilt with a smaller
   * card, so it scores no more); stop at a two-sided optimum (σ_max by Lemma B), the empty quilt (T/ε, the
   * largest possible), a one-sided optimum missing the other side, or the chain end. σ_max is the largest score
   * visited. (docs/mqm.md, 'σ_max' words the direction as "towards the side that lacks a quilt node"; that direction
   * can miss the maximum, e.g. P1, REV, T = 36 — see docs/mqm.md, 'Spec notes and errata'.)
   */
  public static ActiveQuilt walkFromMiddle(QuiltInfluence model, int length, double epsilon) {
    checkArgs(length, epsilon);
    PufferPreconditions.checkArgument(
        model.positionIndependent(), "walkFromMiddle needs a position-independent influence (Lemma B)");
    int i = Math.max(1, length / 2);
    ActiveQuilt worst = null;
    int direction = 0;
    while (i >= 1 && i <= length) {
      ActiveQuilt q = nodeSearch(model, length, epsilon, i, Double.NEGATIVE_INFINITY);
      if (worst == null || q.score() > worst.score()) {
        worst = q;
      }
      if (q.isTwoSided() || q.isEmpty()) {
        break;
      }
      int step = q.a() == QuiltInfluence.NONE ? +1 : -1; // away from the missing side
      if (direction != 0 && step != direction) {
        break;
      }
      direction = step;
      i += step;
    }
    return worst;
  }

  /**
   * The unconstrained two-sided optimum {@code s*(ε) = min_{a,b ≥ 1} (a+b−1)/(ε − ê(a,b))} of Lemma B, using the
   * worst-case influence over positions; the per-node noise scale that stays valid on an unbounded chain.
   * {@code +∞} when no two-sided quilt of card ≤ maxCard is feasible.
   */
  public static ActiveQuilt sStar(QuiltInfluence model, double epsilon, int maxCard) {
    PufferPreconditions.checkEpsilon(MqmParameters.EPSILON, epsilon);
    PufferPreconditions.checkAtLeast("maxCard", maxCard, 1);
    SStar s = sStarSearch(model, epsilon, maxCard);
    return s.quilt;
  }

  private static final class SStar {
    final ActiveQuilt quilt; // null when infeasible
    final int reach; // cards < reach were examined (all cards that can matter)

    SStar(ActiveQuilt quilt, int reach) {
      this.quilt = quilt;
      this.reach = reach;
    }
  }

  private static SStar sStarSearch(QuiltInfluence model, double epsilon, int maxCard) {
    // A two-sided quilt's influence is at least that of each of its sides alone (Lemma 1.1), and one-sided
    // influences are non-increasing in the offset: only a ≥ aMin and b ≥ bMin can be feasible.
    int aMin = firstFeasibleSide(model, epsilon, maxCard, true);
    int bMin = firstFeasibleSide(model, epsilon, maxCard, false);
    ActiveQuilt best = null;
    double bestScore = Double.POSITIVE_INFINITY;
    int c = 1;
    for (; c <= maxCard; c++) {
      if (c / epsilon >= bestScore) {
        break;
      }
      int aHi = c + 1 - bMin;
      for (int a = aMin; a <= aHi; a++) {
        int b = c + 1 - a;
        double e = model.worstCaseInfluence(a, b);
        if (e < epsilon) {
          double score = c / (epsilon - e);
          if (score < bestScore || (score == bestScore && c == best.card() && e < best.influence())) {
            bestScore = score;
            best = new ActiveQuilt(0, a, b, c, e, score);
          }
        }
      }
    }
    return new SStar(best, c);
  }

  /** Smallest offset d ≤ limit whose one-sided influence is below ε (limit + 1 when none). */
  private static int firstFeasibleSide(QuiltInfluence model, double epsilon, int limit, boolean left) {
    for (int d = 1; d <= limit; d++) {
      double e = left ? model.worstCaseInfluence(d, QuiltInfluence.NONE)
          : model.worstCaseInfluence(QuiltInfluence.NONE, d);
      if (e < epsilon) {
        return d;
      }
    }
    return limit + 1;
  }

  /** Card-ordered search of one node; stops early once its best score is ≤ {@code floor} (cannot raise σ_max). */
  private static ActiveQuilt nodeSearch(QuiltInfluence model, int length, double epsilon, int i, double floor) {
    int rightMax = length - i + 1; // b' range 1..rightMax, b' = rightMax means NONE
    double bestScore = Double.POSITIVE_INFINITY;
    double bestE = Double.POSITIVE_INFINITY;
    int bestAp = -1;
    int bestBp = -1;
    for (int c = 1; c <= length; c++) {
      if (bestAp > 0 && (c / epsilon >= bestScore || bestScore <= floor)) {
        break;
      }
      int apLo = Math.max(1, c + 1 - rightMax);
      int apHi = Math.min(i, c);
      if (apLo > apHi) {
        continue;
      }
      // NONE on the left first (tie-break), then a' ascending; within one card a smaller score wins, then a
      // smaller influence (equal cards), so a strict comparison keeps the first of exact ties.
      for (int step = (apHi == i ? -1 : 0), ap = (apHi == i ? i : apLo); ; ) {
        int bp = c + 1 - ap;
        int a = ap == i ? QuiltInfluence.NONE : ap;
        int b = bp == rightMax ? QuiltInfluence.NONE : bp;
        double e = (a == QuiltInfluence.NONE && b == QuiltInfluence.NONE) ? 0.0 : model.influence(i, a, b);
        if (e < epsilon) {
          double score = c / (epsilon - e);
          if (bestAp < 0 || score < bestScore || (score == bestScore && c == bestAp + bestBp - 1 && e < bestE)) {
            bestScore = score;
            bestE = e;
            bestAp = ap;
            bestBp = bp;
          }
        }
        if (step < 0) {
          step = 0;
          ap = apLo;
        } else {
          ap++;
        }
        if (ap > Math.min(apHi, i - 1)) {
          break;
        }
      }
    }
    // The empty quilt (card T, e = 0) is always feasible, so a best quilt exists.
    int a = bestAp == i ? QuiltInfluence.NONE : bestAp;
    int b = bestBp == rightMax ? QuiltInfluence.NONE : bestBp;
    return new ActiveQuilt(i, a, b, bestAp + bestBp - 1, bestE, bestScore);
  }

  /** The quilt of node i with encoded offsets a' ∈ [1, i] and b' ∈ [1, T−i+1] (a' = i, b' = T−i+1 mean NONE). */
  private static ActiveQuilt quilt(QuiltInfluence model, int length, double epsilon, int i, int ap, int bp) {
    int a = ap == i ? QuiltInfluence.NONE : ap;
    int b = bp == length - i + 1 ? QuiltInfluence.NONE : bp;
    int card = ap + bp - 1;
    double e = (a == QuiltInfluence.NONE && b == QuiltInfluence.NONE) ? 0.0 : model.influence(i, a, b);
    double score = e < epsilon ? card / (epsilon - e) : Double.POSITIVE_INFINITY;
    return new ActiveQuilt(i, a, b, card, e, score);
  }

  private static ActiveQuilt better(ActiveQuilt best, ActiveQuilt q) {
    if (best == null) {
      return q;
    }
    if (q.score() < best.score()) {
      return q;
    }
    if (q.score() == best.score()) {
      if (q.card() < best.card()) {
        return q;
      }
      if (q.card() == best.card() && q.influence() < best.influence()) {
        return q;
      }
      if (q.card() == best.card() && q.influence() == best.influence() && leftKey(q.a()) < leftKey(best.a())) {
        return q;
      }
    }
    return best;
  }

  private static int leftKey(int a) {
    return a == QuiltInfluence.NONE ? 0 : a;
  }

  private static void checkArgs(int length, double epsilon) {
    PufferPreconditions.checkAtLeast("window length T", length, 1);
    PufferPreconditions.checkEpsilon(MqmParameters.EPSILON, epsilon);
  }
}
