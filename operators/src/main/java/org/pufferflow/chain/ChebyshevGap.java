package org.pufferflow.chain;

import java.util.Arrays;

/**
 * p·M^g in about √(2g·ln(1/η)) products instead of g, with a certified ℓ1 error bound that includes floating-point
 * error (docs/dphmm.md, 'Gaps below the horizon: Chebyshev'). The identity x^g = Σ_k c_k T_k(x), with c_k =
 * P(|S_g| = k) for the simple random walk S_g (x = cos θ: x^g = E[cos(S_g·θ)]), holds for every matrix, so p·M^g =
 * Σ_k c_k·p·T_k(M); the iterates w_k = p·T_k(M) follow w_{k+1} = 2·w_k·M − w_{k−1}, and the sum is cut at degree d,
 * where the weights' tail is below 2·e^{−(d+1)²/(2g)} (Hoeffding).
 *
 * <p><b>Why it is accurate.</b> In the norm ‖v‖ = ‖v·D̂^{-1/2}‖₂ (D̂ = diag π̂, the certified estimate of π) the map
 * v ↦ v·M is K = D̂^{1/2}·M·D̂^{-1/2} = K_s + E with K_s symmetric, ‖K_s‖₂ ≤ κ_s and ‖E‖₂ ≤ η
 * ({@link SpectralBounds}). For symmetric K_s, ‖T_k(K_s)‖ ≤ T_k(κ_s) ≤ G := cosh(g·√(2(κ_s − 1))) and
 * ‖U_m(K_s)‖ ≤ (m + 1)·G; a perturbation f introduced into the recurrence at step j reaches step k multiplied by
 * U_{k−1−j}(K_s). The difference of the computed and exact iterates follows the recurrence driven by 2(ŵ_j − w_j)·E
 * and the rounding of step j: with ρ = γ_{r+1}·(2(κ_s + η) + 1) (r the most non-zeros in a column of M),
 * n₀ = ‖p‖, ‖w_k‖ ≤ 2G·n₀ (when 2g(g+1)·η·G ≤ 1) and λ = G²·(2η + 3ρ), the computed iterates satisfy
 * ‖ŵ_k − w_k‖ ≤ n₀·λ·k(k+1)/2 (while that stays below G·n₀, checked, so ‖ŵ_k‖ ≤ 3G·n₀), and since
 * Σ_k c_k·k(k+1)/2 ≤ (g + √g)/2,
 * <pre>  ‖ŷ − p·M^g‖ ≤ n₀·[λ·(g + √g)/2 + 2G·tail(d) + 3G·(γ_{d+2} + c_err)·(1 + c_err)]</pre>
 * (tail(d): the weights beyond d; c_err: the relative error of the computed weights). Then ‖e‖₁ ≤ √(Σπ̂)·‖e‖
 * (Cauchy–Schwarz). The bound is computed per call from n₀, so a spread-out p gets a smaller one than a point mass.
 *
 * <p>Not thread-safe (it owns five N-vectors of scratch); allocates nothing per call. Public-model arithmetic only.
 */
final class ChebyshevGap {

  private static final double U = ShiftedInertia.UNIT_ROUNDOFF;

  private final TransitionMatrix m;
  private final int n;
  private final double[] inverseWeight; // ≥ 1/π̂_x
  private final double rootMass; // ≥ √(Σ π̂)
  private final double kappa; // ≥ ‖K_s‖₂ (≥ 1)
  private final double eta; // ≥ ‖E‖₂
  private final double rho; // per-step rounding factor γ_{r+1}·(2(κ_s + η) + 1)
  private final double[] prev;
  private final double[] cur;
  private final double[] next;
  private final double[] sum;
  private double lastBound;
  private int lastDegree;
  private int weightTerms; // terms summed by the last weightTotal

  ChebyshevGap(TransitionMatrix m, SpectralBounds bounds) {
    this.m = m;
    this.n = m.size();
    double[] pi = bounds.stationaryEstimate();
    this.inverseWeight = new double[n];
    for (int x = 0; x < n; x++) {
      inverseWeight[x] = RoundingBounds.divUp(1.0, pi[x]);
    }
    this.rootMass = RoundingBounds.sqrtUp(StationaryBound.sumUp(pi));
    this.kappa = Math.max(1.0, bounds.symmetricPartRadius());
    this.eta = bounds.antisymmetricPartNorm();
    int r = m instanceof SparseTransitionMatrix ? maxColumnCount(SparseRows.of(m)) : n;
    this.rho = RoundingBounds.mulUp(RoundingBounds.gamma(r + 1L),
        RoundingBounds.addUp(RoundingBounds.mulUp(2, RoundingBounds.addUp(kappa, eta)), 1.0));
    this.prev = new double[n];
    this.cur = new double[n];
    this.next = new double[n];
    this.sum = new double[n];
  }

  /**
   * out = p·M^g within {@code tolerance} in ℓ1, rounding included, and returns true; returns false (out untouched)
   * when the certified bound for this p and g exceeds the tolerance or the degree would not be below g/2.
   */
  boolean propagate(double[] p, long g, double tolerance, double[] out) {
    lastDegree = -1;
    lastBound = Double.POSITIVE_INFINITY;
    double n0 = weightedNorm(p);
    double growth = growth(g);
    if (!(growth <= 2) || !(2.0 * g * (g + 1.0) * eta * growth <= 1)) {
      return false;
    }
    // degree: the tail term 2G·n₀·√Σπ̂·2e^{−(d+1)²/(2g)} at most a quarter of the tolerance
    double scale = RoundingBounds.mulUp(RoundingBounds.mulUp(4 * growth, n0), rootMass);
    double log = Math.log(RoundingBounds.divUp(4 * scale, tolerance));
    long degree = Math.max(1, (long) Math.ceil(Math.sqrt(2.0 * g * Math.max(log, 0)) * (1 + 1e-9)));
    if (degree >= g / 2 || degree > Integer.MAX_VALUE - 8) {
      return false;
    }
    int d = (int) degree;
    // per step: 2η·Δ_j (Δ_j ≤ G·n₀) plus rounding ρ·‖v_j‖ with ‖v_j‖ ≤ ‖w_j‖ + Δ_j ≤ 3G·n₀
    double lambda = RoundingBounds.mulUp(RoundingBounds.mulUp(growth, growth),
        RoundingBounds.addUp(RoundingBounds.mulUp(2, eta), RoundingBounds.mulUp(3, rho)));
    if (!(RoundingBounds.mulUp(lambda, 0.5 * (d + 1.0) * (d + 1.0)) <= growth)) {
      return false;
    }
    double total = weightTotal(g, d);
    // each weight: a product of at most (d + terms)/2 ratios (3 roundings each), one division by the total, whose
    // sum of `terms` weights adds γ_terms; the weights left out of the total are below 1e-40·g of it
    double coefficientError = RoundingBounds.gamma(4L * (d + weightTerms) + 64);
    double tail = 2 * Math.exp(-((d + 1.0) * (d + 1.0)) / (2.0 * g)) * (1 + 1e-12);
    double products = RoundingBounds.mulUp(lambda, 0.5 * (g + Math.sqrt(g) * (1 + 1e-12)));
    double summation = RoundingBounds.mulUp(RoundingBounds.mulUp(3 * growth,
        RoundingBounds.addUp(RoundingBounds.gamma(d + 2L), coefficientError)), 1 + 2 * coefficientError);
    double bound = RoundingBounds.mulUp(RoundingBounds.mulUp(rootMass, n0),
        RoundingBounds.addUp(RoundingBounds.addUp(products, RoundingBounds.mulUp(2 * growth, tail)), summation));
    bound = RoundingBounds.mulUp(bound, 1 + 1e-9);
    if (!(bound <= tolerance)) {
      lastBound = bound;
      return false;
    }
    run(p, g, d, total);
    for (int x = 0; x < n; x++) {
      out[x] = Math.max(0.0, sum[x]); // the exact result is ≥ 0: clamping only moves closer to it
    }
    lastBound = bound;
    lastDegree = d;
    return true;
  }

  /** y = Σ_{k ≤ d, k ≡ g mod 2} c_k·w_k, the weights from the centre of the binomial outwards. */
  private void run(double[] p, long g, int d, double total) {
    Arrays.fill(sum, 0.0);
    System.arraycopy(p, 0, cur, 0, n); // w_0
    int k0 = (int) (g & 1);
    double weight = 1.0; // unnormalised c at k (k0 first), by the ratio of neighbouring binomials
    long j = (g + k0) / 2; // heads: S = 2j − g = k
    if (k0 == 0) {
      accumulate(cur, weight / total);
    }
    m.multiplyLeft(cur, next); // w_1
    System.arraycopy(cur, 0, prev, 0, n);
    System.arraycopy(next, 0, cur, 0, n);
    if (k0 == 1) {
      accumulate(cur, 2 * weight / total);
    }
    for (int k = 2; k <= d; k++) {
      m.multiplyLeft(cur, next);
      if ((k & 1) == k0) {
        weight *= (double) (g - j) / (double) (j + 1);
        j++;
        double c = 2 * weight / total;
        for (int x = 0; x < n; x++) {
          double w = 2 * next[x] - prev[x];
          prev[x] = cur[x];
          cur[x] = w;
          sum[x] += c * w;
        }
      } else {
        for (int x = 0; x < n; x++) {
          double w = 2 * next[x] - prev[x];
          prev[x] = cur[x];
          cur[x] = w;
        }
      }
    }
  }

  /** Σ over all k ≡ g mod 2 of the unnormalised weights (1 at the centre, 2× off it), until they vanish. */
  private double weightTotal(long g, int d) {
    int k0 = (int) (g & 1);
    double weight = 1.0;
    double total = k0 == 0 ? 1.0 : 2.0;
    long j = (g + k0) / 2;
    weightTerms = 1;
    for (long k = k0 + 2; k <= g; k += 2) {
      weight *= (double) (g - j) / (double) (j + 1);
      j++;
      total += 2 * weight;
      weightTerms++;
      if (k > d && weight < 1e-40) {
        break; // the rest is below 1e-40·g relative: inside the coefficient error allowance
      }
    }
    return total;
  }

  private void accumulate(double[] w, double c) {
    for (int x = 0; x < n; x++) {
      sum[x] += c * w[x];
    }
  }

  /** G = cosh(g·√(2(κ_s − 1))) ≥ T_g(κ_s) ≥ T_k(κ_s) for k ≤ g. */
  private double growth(long g) {
    double t = RoundingBounds.mulUp(g, RoundingBounds.sqrtUp(RoundingBounds.mulUp(2, kappa - 1.0)));
    return Math.nextUp(Math.cosh(t) * (1 + 1e-12));
  }

  /** ≥ ‖p·D̂^{-1/2}‖₂. */
  private double weightedNorm(double[] p) {
    double s = 0;
    for (int x = 0; x < n; x++) {
      if (p[x] != 0) {
        s = RoundingBounds.addUp(s, RoundingBounds.mulUp(RoundingBounds.mulUp(p[x], p[x]), inverseWeight[x]));
      }
    }
    return RoundingBounds.sqrtUp(s);
  }

  private static int maxColumnCount(SparseRows p) {
    int[] count = new int[p.n];
    int max = 0;
    for (int c : p.col) {
      max = Math.max(max, ++count[c]);
    }
    return max;
  }

  /** The certified ℓ1 bound of the last call (+∞ when none was computed). */
  double lastBound() {
    return lastBound;
  }

  /** The degree d of the last call that succeeded (−1 otherwise). */
  int lastDegree() {
    return lastDegree;
  }
}
