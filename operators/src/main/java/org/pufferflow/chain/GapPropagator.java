package org.pufferflow.chain;

import org.pufferflow.common.PufferPreconditions;

/**
 * p·M^g for a gap of g ≥ 1 ticks with cost bounded independently of g (docs/dphmm.md, "Gaps"). The iterates
 * p_t = p·M^t are computed one product at a time, and the loop stops early by one of two rules:
 *
 * <ol>
 *   <li><b>Exact cycle.</b> The floating-point iteration p_{t+1} = fl(p_t·M) is a deterministic map on a finite
 *       set, so it eventually cycles; for a convergent chain it settles on a fixed point (cycle length 1, seen as
 *       δ_t = 0 below), for a periodic chain on a cycle of the period (e.g. [[0,1],[1,0]]: length 2). Brent's cycle
 *       detection (one saved iterate, compared bit for bit after each product, replaced at steps 2^k) finds longer
 *       cycles; then p_g = p_{t + ((g − t) mod λ)}, bit-for-bit the value g products would give.
 *   <li><b>Tolerance.</b> M is stochastic, hence non-expansive in ℓ1 (‖xM − yM‖₁ ≤ ‖x − y‖₁), so the step sizes
 *       δ_t = ‖p_t − p_{t−1}‖₁ never increase and every remaining step moves the iterate by at most δ_t. Once
 *       (g − t)·δ_t ≤ {@link #TOLERANCE}, p_t is returned: ‖p_t − p·M^g‖₁ ≤ 10^-12 in exact arithmetic.
 * </ol>
 *
 * <p>Periodic and reducible chains need no special case: neither rule assumes ergodicity (rule 1 reproduces the
 * cycle exactly, rule 2 only uses stochasticity). Work is O((t* + λ)·(N + nnz)) where t* is the step at which one
 * rule fires (for a chain that mixes, about the number of steps to reach a floating-point fixed point), never more
 * than g products. The result is public-model arithmetic: the prior of the next release, never a privacy cost.
 *
 * <p>Not thread-safe (it owns three N-vectors of scratch); allocates nothing per call.
 */
public final class GapPropagator {

  /** ℓ1 bound on the error of an early stop by the tolerance rule. */
  public static final double TOLERANCE = 1e-12;

  private final TransitionMatrix m;
  private final int n;
  private final double[] a;
  private final double[] b;
  private final double[] saved;
  private long products; // for tests: products computed by the last call

  public GapPropagator(TransitionMatrix m) {
    this.m = PufferPreconditions.checkNotNull("transition", m);
    this.n = m.size();
    this.a = new double[n];
    this.b = new double[n];
    this.saved = new double[n];
  }

  /**
   * out = p·M^g (within {@link #TOLERANCE} in ℓ1 when the tolerance rule stops early; bit-exact when a cycle is
   * found or no rule fires). {@code p} is left unchanged; {@code p} and {@code out} may be the same array.
   */
  public void propagate(double[] p, long g, double[] out) {
    PufferPreconditions.checkAtLeast("gap", g, 1);
    PufferPreconditions.checkLength("p", p.length, n);
    PufferPreconditions.checkLength("out", out.length, n);
    products = 0;
    double[] cur = a;
    double[] next = b;
    System.arraycopy(p, 0, cur, 0, n);
    System.arraycopy(p, 0, saved, 0, n);
    long savedStep = 0;
    long power = 1;
    long t = 0;
    while (t < g) {
      m.multiplyLeft(cur, next);
      products++;
      t++;
      double[] swap = cur;
      cur = next;
      next = swap;
      if (t == g) {
        break;
      }
      if (sameBits(cur, saved)) {
        long lambda = t - savedStep;
        long rest = (g - t) % lambda;
        for (long s = 0; s < rest; s++) {
          m.multiplyLeft(cur, next);
          products++;
          swap = cur;
          cur = next;
          next = swap;
        }
        break;
      }
      double delta = l1Distance(cur, next); // next holds p_{t−1}
      if (delta == 0 || delta * (double) (g - t) <= TOLERANCE) {
        break; // δ_t = 0: a fixed point (a cycle of length 1, found without waiting for Brent's checkpoint);
               // else δ_t bounds every remaining step
      }
      if (t - savedStep == power) {
        System.arraycopy(cur, 0, saved, 0, n);
        savedStep = t;
        power <<= 1;
      }
    }
    System.arraycopy(cur, 0, out, 0, n);
  }

  /** Number of vector–matrix products the last {@link #propagate} computed (for tests). */
  long lastProducts() {
    return products;
  }

  private boolean sameBits(double[] x, double[] y) {
    for (int i = 0; i < n; i++) {
      if (Double.doubleToRawLongBits(x[i]) != Double.doubleToRawLongBits(y[i])) {
        return false;
      }
    }
    return true;
  }

  private double l1Distance(double[] x, double[] y) {
    double s = 0;
    for (int i = 0; i < n; i++) {
      s += Math.abs(x[i] - y[i]);
    }
    return s;
  }
}
