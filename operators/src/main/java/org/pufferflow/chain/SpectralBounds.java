package org.pufferflow.chain;

import org.pufferflow.common.PufferPreconditions;

/**
 * Certified lower bounds on the spectral gaps and on π_min of an ergodic chain, sparse and large (docs/mqm.md,
 * 'Certified bounds for large chains'): every bound is on the safe side of the exact value of the given matrix,
 * floating-point error included, and none needs a dense eigen-decomposition. One entry point, {@link #certify}.
 *
 * <p>With π̂ the estimate of {@link StationaryBound}, D̂ = diag(π̂) and K = D̂^{1/2} P D̂^{-1/2} (similar to P), the
 * symmetric part K_s = (K + Kᵀ)/2 is factored by {@link ShiftedInertia}: μ ≥ λ₂(K_s) and ν ≤ λ_min(K_s) are
 * certified by {@link SpectralGapCertificate} (ν by Gershgorin when that suffices). Then
 *
 * <ul>
 *   <li>π: z = √π̂ satisfies K_s z = z − r'/2 with r' = (π̂ − π̂P) D̂^{-1/2}, so (z, 1) is an approximate eigenpair
 *       of K_s; with the sin θ theorem every u ⊥ z has uᵀK_s u ≤ (1 − δ⊥)‖u‖², and the error e = π̂ − cπ satisfies
 *       e'(I − K) = r', e' = e D̂^{-1/2} ⊥ z, hence ‖e'‖ ≤ ‖r'‖/δ⊥ and π_x ≥ (π̂_x − ‖e'‖√π̂_x)/Σπ̂;
 *   <li>the gap of P: with E = (K − Kᵀ)/2, ‖E‖₂ ≤ η, Bauer–Fike puts every eigenvalue of K within η of one of
 *       K_s, so 1 − |λ₂(P)| ≥ 1 − max(μ, −ν) − η when that exceeds 2η (0 otherwise: a non-reversible chain);
 *   <li>the gap of P·P* = 1 − s₂(A)², A = D^{1/2} P D^{-1/2} with the exact π: s₂(K) ≤ max(μ, −ν) + η (Weyl), or
 *       for a non-reversible chain from the inertia of [[0, K], [Kᵀ, 0]], and A = ΔKΔ^{-1} with Δ = (D/D̂)^{1/2}
 *       gives s₂(A) ≤ s₂(K) + (√(b/a) − 1)‖K‖₂ for π_x/π̂_x ∈ [a, b].
 * </ul>
 *
 * <p>Immutable and deterministic (the same matrix gives the same bounds bit for bit). Cost O(N·b²) per factorization
 * for a profile of half-bandwidth b, about 30 factorizations: a 100 × 100 grid in about a second. P is public prior
 * knowledge.
 */
public final class SpectralBounds {

  private final int states;
  private final double gapP;
  private final double gapPPStar;
  private final double piMin;
  private final boolean reversible;
  private final double[] stationary;
  private final double stationaryError;
  private final double symmetricRadius;
  private final double antisymmetricNorm;

  private SpectralBounds(int states, double gapP, double gapPPStar, double piMin, boolean reversible,
      double[] stationary, double stationaryError, double symmetricRadius, double antisymmetricNorm) {
    this.states = states;
    this.gapP = gapP;
    this.gapPPStar = gapPPStar;
    this.piMin = piMin;
    this.reversible = reversible;
    this.stationary = stationary;
    this.stationaryError = stationaryError;
    this.symmetricRadius = symmetricRadius;
    this.antisymmetricNorm = antisymmetricNorm;
  }

  /**
   * Certifies the bounds of an ergodic chain. Fails (naming "P") when the chain is not irreducible and aperiodic or
   * when its gap is too small to certify in double precision (below about 10⁻¹²).
   */
  public static SpectralBounds certify(TransitionMatrix m) {
    PufferPreconditions.checkNotNull("P", m);
    SparseRows p = SparseRows.of(m);
    int n = p.n;
    if (n == 1) {
      return new SpectralBounds(1, 1, 1, 1, true, new double[] {1.0}, 0.0, 1.0, 0.0);
    }
    PufferPreconditions.checkArgument("P", Ergodicity.isErgodic(p),
        "P is not ergodic (irreducible and aperiodic): no spectral gap to certify");
    SparseRows pt = p.transpose();
    double[] pi = StationaryBound.estimate(p, pt);
    boolean reversible = StationaryBound.detailedBalanceHolds(p, pi, false);
    Similarity k = Similarity.of(p, pt, pi);
    ShiftedInertia sym = new ShiftedInertia(k.symmetric());
    double mu = RoundingBounds.addUp(SpectralGapCertificate.upperBound(sym, 1), k.formationError());
    double nu = RoundingBounds.subDown(k.gershgorinLowerBound(), k.formationError());
    if (-nu > mu) {
      ShiftedInertia negated = new ShiftedInertia(k.symmetricNegated());
      nu = Math.max(nu, RoundingBounds.subDown(
          -SpectralGapCertificate.upperBound(negated, 0), k.formationError()));
    }
    double eps = RoundingBounds.divUp(k.residual() / 2, RoundingBounds.sqrtDown(StationaryBound.sumDown(pi)));
    double sep = RoundingBounds.subDown(1.0, mu);
    PufferPreconditions.checkArgument("P", sep > 2 * eps && Double.isFinite(mu),
        "P: spectral gap too small to certify in double precision (certified λ₂ bound %s)", mu);
    double sin = RoundingBounds.divUp(eps, RoundingBounds.subDown(sep, eps));
    double lift = RoundingBounds.mulUp(RoundingBounds.addUp(RoundingBounds.addUp(1.0, eps), -mu),
        RoundingBounds.mulUp(sin, sin));
    double deltaPerp = RoundingBounds.subDown(sep, lift);
    PufferPreconditions.checkArgument("P", deltaPerp > 0,
        "P: spectral gap too small to certify in double precision (certified λ₂ bound %s)", mu);
    double rho = RoundingBounds.divUp(k.residual(), deltaPerp);
    double piMin = StationaryBound.piMinLowerBound(pi, rho);
    PufferPreconditions.checkArgument("P", piMin > 0,
        "P: pi_min cannot be certified positive (stationary residual too large)");

    double lambdaStar = Math.max(mu, -nu);
    double eta = k.antisymmetricNorm();
    double gP = RoundingBounds.subDown(RoundingBounds.subDown(1.0, lambdaStar), eta);
    gP = gP > 2 * eta ? Math.min(1.0, gP) : 0.0;

    double s2K = RoundingBounds.addUp(lambdaStar, eta);
    if (!reversible || s2K >= 1) {
      ShiftedInertia augmented = new ShiftedInertia(k.augmented());
      double viaSvd = RoundingBounds.addUp(SpectralGapCertificate.upperBound(augmented, 1), k.formationError());
      s2K = Math.min(s2K, viaSvd);
    }
    double minRoot = Double.POSITIVE_INFINITY;
    for (double v : pi) {
      minRoot = Math.min(minRoot, RoundingBounds.sqrtDown(v));
    }
    double ratio = RoundingBounds.divUp(rho, minRoot); // |π_x/π̂_x − 1| ≤ ratio (π scaled to Σπ̂)
    double gPPStar = 0.0;
    if (ratio < 1) {
      double distortion = RoundingBounds.subUp(RoundingBounds.sqrtUp(RoundingBounds.divUp(
          RoundingBounds.addUp(1.0, ratio), RoundingBounds.subDown(1.0, ratio))), 1.0);
      double s2A = RoundingBounds.addUp(s2K, RoundingBounds.mulUp(distortion, k.normUpperBound()));
      gPPStar = s2A < 1 ? Math.min(1.0, RoundingBounds.subDown(1.0, RoundingBounds.mulUp(s2A, s2A))) : 0.0;
      gPPStar = Math.max(0.0, gPPStar);
    }
    double sumHi = StationaryBound.sumUp(pi);
    double sumLo = StationaryBound.sumDown(pi);
    double l1 = RoundingBounds.addUp(RoundingBounds.mulUp(rho, RoundingBounds.sqrtUp(sumHi)),
        Math.max(RoundingBounds.subUp(sumHi, 1.0), RoundingBounds.subUp(1.0, sumLo)));
    // ‖K_s‖₂: λ_max(K_s) by Kato–Temple with the approximate eigenpair (z, ρ) — ‖K_s z − z‖ ≤ (eps + dev/2)‖z‖
    // (dev: the rows' deviation from sum 1), ρ ≥ 1 − that, λ₂ ≤ μ — and λ_min(K_s) ≥ ν
    double res = RoundingBounds.addUp(eps, RoundingBounds.mulUp(0.5, rowSumDeviation(p)));
    double temple = RoundingBounds.subDown(sep, res);
    double top = temple > 0 ? RoundingBounds.addUp(RoundingBounds.addUp(1.0, res),
        RoundingBounds.divUp(RoundingBounds.mulUp(res, res), temple)) : Double.POSITIVE_INFINITY;
    return new SpectralBounds(n, gP, gPPStar, piMin, reversible, pi, l1, Math.max(top, -nu), eta);
  }

  /** ≥ max_x |Σ_y P[x][y] − 1| (each row summed in both directed roundings). */
  private static double rowSumDeviation(SparseRows p) {
    double dev = 0;
    for (int x = 0; x < p.n; x++) {
      double up = 0;
      double down = 0;
      for (int e = p.start[x]; e < p.start[x + 1]; e++) {
        up = RoundingBounds.addUp(up, p.val[e]);
        down = Math.nextDown(down + p.val[e]);
      }
      dev = Math.max(dev, Math.max(RoundingBounds.subUp(up, 1.0), RoundingBounds.subUp(1.0, down)));
    }
    return dev;
  }

  /**
   * Multiply-adds of one factorization of the symmetric part of m (its pattern with the transpose's), in reverse
   * Cuthill–McKee order: a certification costs about 15–30 of them (the lazy 100 × 100 grid: 10⁸ each).
   */
  public static long factorizationWork(TransitionMatrix m) {
    SparseRows p = SparseRows.of(m);
    return ShiftedInertia.work(Similarity.of(p, p.transpose(), uniform(p.n)).symmetric());
  }

  private static double[] uniform(int n) {
    double[] u = new double[n];
    java.util.Arrays.fill(u, 1.0 / n);
    return u;
  }

  /** Number of states. */
  public int states() {
    return states;
  }

  /**
   * A lower bound on the eigen-gap of P·P* (the multiplicative reversibilization), the gap approx-general uses with
   * rate g/2 (003 Lemma 2.3); valid for every ergodic chain.
   */
  public double gapLowerBound() {
    return gapPPStar;
  }

  /** The same as {@link #gapLowerBound()}: a lower bound on 1 − s₂(D^{1/2} P D^{-1/2})². */
  public double gapPPStarLowerBound() {
    return gapPPStar;
  }

  /**
   * A lower bound on 1 − |λ₂(P)| (λ₂ of second-largest modulus), the gap approx-reversible uses; 0 when the chain is
   * too far from reversible for the bound (the symmetric part must dominate).
   */
  public double gapPLowerBound() {
    return gapP;
  }

  /** A lower bound on π_min. */
  public double piMinLowerBound() {
    return piMin;
  }

  /**
   * Whether detailed balance holds for π̂ within {@link ChainAnalysis#REVERSIBILITY_TOLERANCE} on every edge, the
   * operators' reversibility test (the approx-reversible premise).
   */
  public boolean isReversible() {
    return reversible;
  }

  /** A copy of the estimate π̂ of the stationary distribution. */
  public double[] stationaryEstimate() {
    return stationary.clone();
  }

  /** An upper bound on ‖π̂ − π‖₁ (exact π, the estimate as stored). */
  public double stationaryL1Error() {
    return stationaryError;
  }

  /**
   * ≥ ‖K_s‖₂, the spectral radius of the symmetric part of K = D̂^{1/2} P D̂^{-1/2} (D̂ = diag of
   * {@link #stationaryEstimate()}), exact K; +∞ when it cannot be bounded.
   */
  double symmetricPartRadius() {
    return symmetricRadius;
  }

  /** ≥ ‖(K − Kᵀ)/2‖₂ for the same exact K. */
  double antisymmetricPartNorm() {
    return antisymmetricNorm;
  }

  @Override
  public String toString() {
    return "SpectralBounds{k=" + states + ", gapP>=" + gapP + ", gapPPStar>=" + gapPPStar + ", piMin>=" + piMin
        + (reversible ? ", reversible" : "") + "}";
  }
}
