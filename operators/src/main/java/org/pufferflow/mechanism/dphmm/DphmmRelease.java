package org.pufferflow.mechanism.dphmm;

/**
 * The public outcome of one DPHMM release (docs/dphmm.md, 'What a release does'): the released point z, whether it was
 * exact (|C| = 1), |C|, and the two per-step privacy costs. A reusable holder: {@link DphmmReleaser} overwrites it on
 * every call, so the release path allocates nothing. Nothing private (true state, surrogate) is recorded here.
 */
public final class DphmmRelease {

  final double[] z;
  boolean exact;
  int constraintSize;
  int hullRank;
  double dphmmEpsilon;
  double constrainedDpEpsilon;

  DphmmRelease(int d) {
    this.z = new double[d];
  }

  /** The released z (the holder's own array: copy it to keep it past the next release). */
  public double[] z() {
    return z;
  }

  /** Whether f was released without noise because |C| = 1 (ε cost 0). */
  public boolean exact() {
    return exact;
  }

  /** |C_t|. */
  public int constraintSize() {
    return constraintSize;
  }

  /** rank(K_t); 0 for an exact release. */
  public int hullRank() {
    return hullRank;
  }

  /**
   * The DPHMM cost of this release, the quantity charged to the privacy budget: ε, or 0 for an exact release with
   * |C| = 1 (Theorem 5.2; docs/dphmm.md, "What a release does", step 10).
   */
  public double dphmmEpsilon() {
    return dphmmEpsilon;
  }

  /**
   * The constrained-DP cost of this release (Theorem 6.3), reported beside the charged {@link #dphmmEpsilon}:
   * ε · max_{j,k∈C} ‖f(s_j) − f(s_k)‖_{K_t} (Laplace: ε · max ‖·‖₁ / S_f), an upper bound rounded toward more
   * loss (docs/dphmm.md, "Rounding of privacy costs"); +∞ when K_t does not span the differences of f(C), including
   * an exact release (K_t = {0} or S_f = 0) when f(C) has two distinct points.
   */
  public double constrainedDpEpsilon() {
    return constrainedDpEpsilon;
  }
}
