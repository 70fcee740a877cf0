package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.policy.StateQuery;

/**
 * The exact support of the prior p⁻ = p⁺·M^g (docs/dphmm.md, 'The constraint C_t'): the states reachable in exactly g
 * steps from the support of p⁺ along the chain's structural non-zeros. Floating point can lose a state of this set
 * (p⁺[j]·M[j][i] below the smallest double rounds to 0) and an early stop of the gap propagator can keep one outside
 * it; {@link #restrict} corrects both, so that {@code {i : p⁻[i] > 0}} is the paper's C_t (Definition 4.1) exactly.
 * Together with the releaser's posterior, which keeps every state of positive likelihood positive, no state of
 * positive prior is ever dropped by rounding.
 *
 * <p>Reachability is computed with the chain's own product on 0/1 vectors: (1_S·M)[i] = Σ_{j∈S} M[j][i] is a sum of
 * stored entries times 1, positive exactly when some j ∈ S has M[j][i] &gt; 0 (no product can underflow). A gap of
 * g steps iterates that map; the sequence of sets is eventually periodic, and Brent's cycle detection stops it once
 * it repeats, so a long gap costs at most (steps to the cycle + its length) products. When the support is every
 * state and every state has an incoming non-zero (an irreducible chain), the set is its own image and no product is
 * computed (the exact support of a dense posterior, every release). Not thread-safe (three
 * N-vectors of scratch); allocates nothing per call.
 */
public final class PriorSupport {

  private final TransitionMatrix m;
  private final int n;
  private final double[] a;
  private final double[] b;
  private final double[] saved;
  private int fullImage; // 0: not computed; 1: every state has an incoming edge (all → all); −1: some has none

  public PriorSupport(TransitionMatrix m) {
    this.m = PufferPreconditions.checkNotNull("transition", m);
    this.n = m.size();
    this.a = new double[n];
    this.b = new double[n];
    this.saved = new double[n];
  }

  /**
   * Makes the support of {@code prior} (p⁺·M^g as propagated in floating point) exactly the g-step reachable set of
   * {@code posterior}'s support: a reachable state whose entry rounded to 0 gets {@link Double#MIN_VALUE}, an
   * unreachable one gets 0. The values of the other entries are unchanged. Returns the size of the support.
   */
  public int restrict(double[] posterior, long gap, double[] prior) {
    PufferPreconditions.checkAtLeast("gap", gap, 1);
    PufferPreconditions.checkLength("posterior", posterior.length, n);
    PufferPreconditions.checkLength("prior", prior.length, n);
    double[] reach = reachable(posterior, gap);
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (reach[i] > 0) {
        if (!(prior[i] > 0)) {
          prior[i] = Double.MIN_VALUE;
        }
        count++;
      } else {
        prior[i] = 0;
      }
    }
    return count;
  }

  /**
   * The 0/1 indicator of the states reachable in exactly g steps from {i : p[i] &gt; 0} (one of the scratch arrays).
   */
  private double[] reachable(double[] p, long g) {
    double[] cur = a;
    double[] next = b;
    int count = 0;
    for (int i = 0; i < n; i++) {
      cur[i] = p[i] > 0 ? 1 : 0;
      count += (int) cur[i];
    }
    if (count == n && imageOfEveryStateIsEveryState()) {
      return cur; // every state maps onto every state: a fixed point, for any g
    }
    System.arraycopy(cur, 0, saved, 0, n);
    long savedStep = 0;
    long power = 1;
    long t = 0;
    while (t < g) {
      step(cur, next);
      t++;
      double[] swap = cur;
      cur = next;
      next = swap;
      if (t < g && Arrays.equals(cur, saved)) {
        long rest = (g - t) % (t - savedStep);
        for (long s = 0; s < rest; s++) {
          step(cur, next);
          swap = cur;
          cur = next;
          next = swap;
        }
        return cur;
      }
      if (t - savedStep == power) {
        System.arraycopy(cur, 0, saved, 0, n);
        savedStep = t;
        power <<= 1;
      }
    }
    return cur;
  }

  /** Whether every state has an incoming non-zero (then the set of all states is a fixed point); computed once. */
  private boolean imageOfEveryStateIsEveryState() {
    if (fullImage == 0) {
      Arrays.fill(b, 1.0);
      step(b, saved);
      fullImage = 1;
      for (int i = 0; i < n; i++) {
        if (saved[i] == 0) {
          fullImage = -1;
          break;
        }
      }
    }
    return fullImage > 0;
  }

  private void step(double[] from, double[] to) {
    m.multiplyLeft(from, to);
    for (int i = 0; i < n; i++) {
      to[i] = to[i] > 0 ? 1 : 0;
    }
  }

  /**
   * The states of positive prior outside C (possible only with a truncated support or a δ-location set), written to
   * {@code c[k..k+count)}, each with the position in C of its surrogate (the state the release uses for it) in
   * {@code centre[k..k+count)}. The adversary's posterior ranges over all of them: each such state is released as
   * its surrogate, so its likelihood is the surrogate's (docs/dphmm.md, 'Baselines and analysis'). Returns count.
   */
  static int outsideStates(StateQuery f, double[] prior, int[] c, int k, int[] centre) {
    int count = 0;
    int q = 0;
    for (int i = 0; i < prior.length; i++) {
      while (q < k && c[q] < i) {
        q++;
      }
      if (prior[i] > 0 && (q == k || c[q] != i)) {
        c[k + count] = i;
        centre[k + count] = Arrays.binarySearch(c, 0, k, DphmmReleaser.surrogate(f, c, k, i));
        count++;
      }
    }
    return count;
  }
}
