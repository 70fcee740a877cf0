package org.pufferflow.mechanism.mqm;

import java.util.function.LongToDoubleFunction;

/**
 * The per-time-point accountant's quilt search for a separable influence model ({@link QuiltInfluence#separable()},
 * the approximate modes; docs/mqm.md, 'Sliding windows: the per-time-point accountant'): the loss of node t under the
 * quilt (a, b) is Σ_{s = t−a+1}^{t+b−1} ρ(s) + e(a, b), and when e(a, b) = e_L(a) + e_R(b) this is
 * [Σ_{t−a+1}^{t} ρ + e_L(a)] + [Σ_{t+1}^{t+b−1} ρ + e_R(b)], so the minimum over both offsets is the sum of the two
 * one-sided minima: O(a* + b*) evaluations instead of O(a*·b*). Each side stops once its coverage sum alone reaches
 * its best value (ρ ≥ 0 and e ≥ 0, so no longer side can do better) or at {@code maxReach}. Every sum is rounded
 * up (toward more loss). Stateless.
 */
final class SeparableQuiltSearch {

  private SeparableQuiltSearch() {}

  /**
   * min over a, b ≥ 1 (a ≤ t − 1 or the left side absent at the stream start, when {@code streamStart}) of the loss
   * of node t; {@code weight} is ρ.
   */
  static double minimum(QuiltInfluence m, int t, boolean streamStart, LongToDoubleFunction weight, int maxReach) {
    double bestLeft = Double.POSITIVE_INFINITY;
    double sum = 0;
    for (int a = 1; a <= maxReach; a++) {
      sum = Math.nextUp(sum + weight.applyAsDouble((long) t - a + 1));
      if (sum >= bestLeft) {
        break;
      }
      boolean none = streamStart && a == t; // the quilt's left side reaches the stream start: no left node
      bestLeft = Math.min(bestLeft, Math.nextUp(sum + m.sideInfluence(true, none ? QuiltInfluence.NONE : a)));
      if (none) {
        break;
      }
    }
    double bestRight = Double.POSITIVE_INFINITY;
    sum = 0;
    for (int b = 1; b <= maxReach; b++) {
      if (b > 1) {
        sum = Math.nextUp(sum + weight.applyAsDouble((long) t + b - 1));
      }
      if (sum >= bestRight) {
        break;
      }
      bestRight = Math.min(bestRight, Math.nextUp(sum + m.sideInfluence(false, b)));
    }
    return Math.nextUp(bestLeft + bestRight);
  }
}
