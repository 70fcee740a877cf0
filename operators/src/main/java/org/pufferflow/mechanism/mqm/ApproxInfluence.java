package org.pufferflow.mechanism.mqm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.pufferflow.common.PufferPreconditions;

/**
 * The Lemma 2.3 upper bound of the max-influence (003 Lemma 2.3; 000 Lemma 4.7; docs/mqm.md, 'Modes'):
 * {@code ê(a, b) = [a≠NONE]·2·δ(a) + [b≠NONE]·δ(b)} with
 * {@code δ(d) = ln((π_min + e^{−r d}) / (π_min − e^{−r d})) = 2·atanh(e^{−r d}/π_min)} when {@code e^{−r d} < π_min},
 * {@code +∞} otherwise. The factor 2 is on the past (left) side.
 *
 * <p>The bound does not depend on the node nor on the initial distribution, so it is safe for stream windows. The
 * caller guarantees that (π_min, r) are valid for the chain or class: r = g_{PP*}/2 for any ergodic chain
 * (APPROX_GENERAL), r = g_P only when every chain of the class is reversible (APPROX_REVERSIBLE). δ decreases as
 * π_min or r grow, so class-wide minima bound every member.
 */
final class ApproxInfluence implements QuiltInfluence {

  private static final int TABLE_SIZE = 4096;
  private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(double[].class);

  private final double piMin;
  private final double rate;
  /** Smallest d with e^{−r d} &lt; π_min: δ(d) = +∞ below it (no exp needed). */
  private final int firstFinite;
  /**
   * δ(d) memoised on first read (0 = not computed yet; a finite δ is &gt; 0, an underflowed 0 is just recomputed).
   * The search reads a few dozen offsets, so the table is filled lazily instead of eagerly (docs/benchmarks.md,
   * "MQM calibration"). Cells are read and written with opaque access, which is atomic for doubles, so concurrent
   * readers see either 0 or the exact value, never a torn one.
   */
  private final double[] memo;

  private ApproxInfluence(double piMin, double rate) {
    this.piMin = piMin;
    this.rate = rate;
    this.memo = new double[TABLE_SIZE];
    // e^{−r d} < π_min  ⇔  d > ln(1/π_min)/r, up to rounding: start from the estimate and correct with the exact
    // test computeDelta uses (it is monotone in d).
    double estimate = Math.log(1.0 / piMin) / rate;
    int d = (int) Math.max(1, Math.min(Integer.MAX_VALUE - 2, Math.floor(estimate)));
    while (d > 1 && Math.exp(-rate * (d - 1)) < piMin) {
      d--;
    }
    while (!(Math.exp(-rate * d) < piMin)) {
      d++;
    }
    this.firstFinite = d;
  }

  /**
   * A bound for π_min in (0, 1] (the caller checks the tighter (0, 1/k]) and a decay rate r in (0, 1] (a gap g
   * in (0, 1] gives r = g or g/2).
   */
  static ApproxInfluence of(double piMin, double rate) {
    PufferPreconditions.checkArgument(MqmParameters.PI_MIN,
        piMin > 0 && piMin <= 1, "pi-min = %s: must lie in (0, 1]", piMin);
    PufferPreconditions.checkArgument("rate", rate > 0 && rate <= 1, "rate = %s: must lie in (0, 1]", rate);
    return new ApproxInfluence(piMin, rate);
  }

  /** The one-sided bound δ(d) for d ≥ 1 (+∞ below the validity threshold). */
  public double delta(int d) {
    if (d < firstFinite) {
      return Double.POSITIVE_INFINITY;
    }
    if (d >= TABLE_SIZE) {
      return computeDelta(d);
    }
    double v = (double) CELL.getOpaque(memo, d);
    if (v == 0) {
      v = computeDelta(d);
      CELL.setOpaque(memo, d, v);
    }
    return v;
  }

  private double computeDelta(int d) {
    double t = Math.exp(-rate * d);
    if (!(t < piMin)) {
      return Double.POSITIVE_INFINITY;
    }
    return 2.0 * atanh(t / piMin);
  }

  private static double atanh(double x) {
    return 0.5 * (Math.log1p(x) - Math.log1p(-x));
  }

  @Override
  public double influence(int i, int a, int b) {
    return worstCaseInfluence(a, b);
  }

  @Override
  public double worstCaseInfluence(int a, int b) {
    double e = 0;
    if (a != NONE) {
      e += 2.0 * delta(a);
    }
    if (b != NONE) {
      e += delta(b);
    }
    return e;
  }

  /** 2δ(a) + δ(b): one term per side. */
  @Override
  public boolean separable() {
    return true;
  }

  @Override
  public double sideInfluence(boolean left, int offset) {
    if (offset == NONE) {
      return 0;
    }
    return left ? 2.0 * delta(offset) : delta(offset);
  }

  @Override
  public boolean positionIndependent() {
    return true;
  }

  public double piMin() {
    return piMin;
  }

  public double rate() {
    return rate;
  }
}
