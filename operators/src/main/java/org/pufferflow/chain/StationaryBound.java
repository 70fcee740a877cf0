package org.pufferflow.chain;

/**
 * An estimate π̂ of the stationary distribution of an ergodic chain and the quantities that turn it into certified
 * bounds on π (docs/mqm.md, 'Certified bounds for large chains'): the residual r = π̂ − π̂P measured in ℓ²(1/π̂)
 * with its floating-point error, and the resulting lower bound on π_min once a spectral bound is known.
 *
 * <p>The estimate: for a chain whose support is symmetric, detailed balance along a breadth-first spanning tree
 * (π̂_y = π̂_x·P[x][y]/P[y][x]), exact for a reversible chain up to rounding; when that leaves a relative
 * detailed-balance residual above 10⁻¹², the dense solve of {@link ChainAnalysis#stationary} for at most
 * {@link #DENSE_MAX_STATES} states, else power iteration on the lazy chain (I + P)/2. Any positive estimate is
 * sound: a poor one only weakens the bounds. π̂ is normalised to sum 1 up to rounding; the bounds use the exact sum.
 */
final class StationaryBound {

  /** Largest chain whose non-reversible estimate comes from the dense solve. */
  static final int DENSE_MAX_STATES = 1000;

  private static final double TREE_TOLERANCE = 1e-12;
  private static final long POWER_BUDGET = 2_000_000_000L; // multiply-adds of the power iteration

  private StationaryBound() {}

  /** π̂ (positive, summing to 1 up to rounding), from the pattern of {@code p} and its transpose {@code pt}. */
  static double[] estimate(SparseRows p, SparseRows pt) {
    double[] tree = byDetailedBalance(p);
    if (tree != null && detailedBalanceHolds(p, tree)) {
      return tree;
    }
    if (p.n <= DENSE_MAX_STATES) {
      double[] pi = ChainAnalysis.denseStationary(p.toArray());
      boolean positive = true;
      for (double v : pi) {
        positive &= v > 0;
      }
      if (positive) {
        return pi;
      }
    }
    return byLazyPowerIteration(pt, tree);
  }

  /** Whether |π̂_x P[x][y] − π̂_y P[y][x]| ≤ 10⁻¹²·π̂_x P[x][y] on every edge (the tree estimate is kept). */
  static boolean detailedBalanceHolds(SparseRows p, double[] pi) {
    return detailedBalanceHolds(p, pi, true);
  }

  /**
   * Detailed balance on every edge: relative to 10⁻¹² of the flow, or (relative = false) below the absolute
   * {@link ChainAnalysis#REVERSIBILITY_TOLERANCE}, the operators' reversibility test.
   */
  static boolean detailedBalanceHolds(SparseRows p, double[] pi, boolean relative) {
    for (int x = 0; x < p.n; x++) {
      for (int e = p.start[x]; e < p.start[x + 1]; e++) {
        int y = p.col[e];
        double f = pi[x] * p.val[e];
        double gap = Math.abs(f - pi[y] * p.get(y, x));
        if (!(relative ? gap <= TREE_TOLERANCE * f : gap < ChainAnalysis.REVERSIBILITY_TOLERANCE)) {
          return false;
        }
      }
    }
    return true;
  }

  private static double[] byDetailedBalance(SparseRows p) {
    int n = p.n;
    double[] w = new double[n];
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    w[0] = 1;
    queue[tail++] = 0;
    while (head < tail) {
      int x = queue[head++];
      for (int e = p.start[x]; e < p.start[x + 1]; e++) {
        int y = p.col[e];
        double back = p.get(y, x);
        if (w[y] == 0 && back > 0) {
          w[y] = w[x] * p.val[e] / back;
          if (!(w[y] > 0 && Double.isFinite(w[y]))) {
            return null;
          }
          queue[tail++] = y;
        }
      }
    }
    return tail == n ? normalise(w) : null;
  }

  private static double[] byLazyPowerIteration(SparseRows pt, double[] start) {
    int n = pt.n;
    double[] cur = start != null ? start : uniform(n);
    double[] next = new double[n];
    long budget = POWER_BUDGET / Math.max(1, pt.col.length + n);
    for (long t = 0; t < budget; t++) {
      double moved = 0;
      for (int y = 0; y < n; y++) {
        double s = 0;
        for (int e = pt.start[y]; e < pt.start[y + 1]; e++) {
          s += cur[pt.col[e]] * pt.val[e];
        }
        next[y] = 0.5 * (cur[y] + s);
        moved += Math.abs(next[y] - cur[y]);
      }
      double[] swap = cur;
      cur = next;
      next = swap;
      if (moved <= 1e-17) {
        break;
      }
    }
    return normalise(cur);
  }

  private static double[] uniform(int n) {
    double[] u = new double[n];
    java.util.Arrays.fill(u, 1.0 / n);
    return u;
  }

  private static double[] normalise(double[] w) {
    double s = 0;
    for (double v : w) {
      s += v;
    }
    for (int i = 0; i < w.length; i++) {
      w[i] /= s;
    }
    return w;
  }

  /** An upper bound on the exact sum Σ π̂_x. */
  static double sumUp(double[] pi) {
    double s = 0;
    for (double v : pi) {
      s = RoundingBounds.addUp(s, v);
    }
    return s;
  }

  /** A lower bound on the exact sum Σ π̂_x. */
  static double sumDown(double[] pi) {
    double s = 0;
    for (double v : pi) {
      s = Math.nextDown(s + v);
    }
    return s;
  }

  /**
   * An upper bound on ‖r D̂^{-1/2}‖₂ with r = π̂ − π̂P exact: each computed r̂_y is off by at most
   * γ_{m+2}·(π̂_y + Σ_x π̂_x P[x][y]) for a column of m non-zeros (Higham, Accuracy and Stability of Numerical
   * Algorithms, 2nd ed., §3.1, inner products).
   */
  static double residualNorm(SparseRows pt, double[] pi) {
    double sq = 0;
    for (int y = 0; y < pt.n; y++) {
      double s = 0;
      double abs = 0;
      int m = pt.start[y + 1] - pt.start[y];
      for (int e = pt.start[y]; e < pt.start[y + 1]; e++) {
        double t = pi[pt.col[e]] * pt.val[e];
        s += t;
        abs += t;
      }
      double r = Math.abs(pi[y] - s);
      double err = RoundingBounds.mulUp(RoundingBounds.gamma(m + 2L), RoundingBounds.addUp(RoundingBounds.mulUp(
          abs, 1 + 1e-9), pi[y]));
      double bound = RoundingBounds.addUp(r, err);
      sq = RoundingBounds.addUp(sq, RoundingBounds.divUp(RoundingBounds.mulUp(bound, bound), pi[y]));
    }
    return RoundingBounds.sqrtUp(sq);
  }

  /**
   * The lower bound min_x (π̂_x − ρ·√π̂_x) / Σπ̂ on π_min, where ρ bounds ‖(π̂ − cπ) D̂^{-1/2}‖₂ for the stationary
   * vector cπ with the same sum as π̂; 0 when it is not positive.
   */
  static double piMinLowerBound(double[] pi, double rho) {
    double lo = Double.POSITIVE_INFINITY;
    for (double v : pi) {
      lo = Math.min(lo, RoundingBounds.subDown(v, RoundingBounds.mulUp(rho, RoundingBounds.sqrtUp(v))));
    }
    return lo > 0 ? RoundingBounds.divDown(lo, sumUp(pi)) : 0.0;
  }
}
