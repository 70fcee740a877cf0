package org.pufferflow.tools.learn;

import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.SpectralBounds;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.InvalidParameterException;

/**
 * The stationary distribution and the eigen-gaps the {@code learn} summary reports (docs/learn.md, 'Output'), the
 * one place that computes them:
 *
 * <ul>
 *   <li>up to {@value #DENSE_MAX_STATES} states, the exact values of {@link ChainAnalysis} (dense eigen- and
 *       singular-value decompositions) and π from {@link ChainAnalysis#stationary(TransitionMatrix)};
 *   <li>above, for an ergodic chain whose certification is affordable (one factorization of at most
 *       {@value #CERTIFY_MAX_WORK} multiply-adds, {@link SpectralBounds#factorizationWork}): the certified lower
 *       bounds of {@link SpectralBounds#certify} on 1 − |λ₂(P)| and on the gap of P·P*, labelled as lower bounds,
 *       with its certified lower bound on π_min and ℓ₁ error bound on π̂;
 *   <li>otherwise not computed (NaN), with the reason in {@link #note()}.
 * </ul>
 *
 * <p>π above {@link ChainAnalysis#SPARSE_ESTIMATE_MIN_STATES} states is always the one estimate π̂ of
 * {@link ChainAnalysis#stationary(TransitionMatrix)}, which is also the estimate {@link SpectralBounds} certifies
 * (taken from it when certified, so it is not computed twice). The mechanisms never read these values from a model
 * file.
 *
 * @param stationary π (or its estimate π̂), {@code null} when the chain is not irreducible
 * @param gapP 1 − |λ₂(P)| or a certified lower bound on it, NaN when not computed
 * @param gapPPStar the eigen-gap of P·P* or a certified lower bound on it, NaN when not computed
 * @param basis how the gaps were obtained
 * @param piMinLowerBound the certified lower bound on π_min, NaN unless {@link Basis#CERTIFIED}
 * @param stationaryL1Error the certified bound on ‖π̂ − π‖₁, NaN unless {@link Basis#CERTIFIED}
 * @param note why the gaps were not computed, empty otherwise
 */
@Internal
public record SummaryGaps(double[] stationary, double gapP, double gapPPStar, Basis basis, double piMinLowerBound,
    double stationaryL1Error, String note) {

  /** Largest N for which the exact dense eigen-gaps are computed. */
  public static final int DENSE_MAX_STATES = 500;

  /** Largest cost (multiply-adds) of one factorization for which larger chains are certified (about 30 are done). */
  public static final long CERTIFY_MAX_WORK = 200_000_000L;

  /** How the gaps were obtained. */
  public enum Basis {
    /** Exact (dense decomposition, up to rounding). */
    EXACT,
    /** Certified lower bounds ({@link SpectralBounds}): the exact gaps are at least these. */
    CERTIFIED,
    /** Not computed: see {@link #note()}. */
    NOT_COMPUTED
  }

  /**
   * The summary quantities of {@code m}; {@code irreducible} and {@code period} as found by
   * {@link org.pufferflow.chain.Ergodicity} (the period is read only when irreducible).
   */
  public static SummaryGaps of(TransitionMatrix m, boolean irreducible, int period) {
    int n = m.size();
    if (n <= DENSE_MAX_STATES) {
      double[][] p = m.toArray(); // at most 500 × 500
      double[] pi = irreducible ? ChainAnalysis.stationary(m) : null;
      return new SummaryGaps(pi, ChainAnalysis.eigenGap(p),
          pi == null ? Double.NaN : ChainAnalysis.eigenGapOfPPStar(p, pi), Basis.EXACT, Double.NaN, Double.NaN, "");
    }
    if (!irreducible) {
      return notComputed(null, "not irreducible");
    }
    if (period != 1) {
      return notComputed(ChainAnalysis.stationary(m), "periodic");
    }
    long work = SpectralBounds.factorizationWork(m);
    if (work > CERTIFY_MAX_WORK) {
      return notComputed(ChainAnalysis.stationary(m), String.format(
          "certification too costly: %.1e multiply-adds per factorization, above %.0e", (double) work,
          (double) CERTIFY_MAX_WORK));
    }
    SpectralBounds b;
    try {
      b = SpectralBounds.certify(m);
    } catch (InvalidParameterException e) {
      return notComputed(ChainAnalysis.stationary(m), "not certified: " + e.getMessage());
    }
    return new SummaryGaps(b.stationaryEstimate(), b.gapPLowerBound(), b.gapPPStarLowerBound(), Basis.CERTIFIED,
        b.piMinLowerBound(), b.stationaryL1Error(), "");
  }

  @Override
  public double[] stationary() {
    return stationary == null ? null : stationary.clone();
  }

  private static SummaryGaps notComputed(double[] pi, String why) {
    return new SummaryGaps(pi, Double.NaN, Double.NaN, Basis.NOT_COMPUTED, Double.NaN, Double.NaN,
        "more than " + DENSE_MAX_STATES + " states, " + why);
  }

  /**
   * The summary's wording of a gap: the exact value, "&gt;= x (certified lower bound)" (with a note when the bound
   * is 0: {@link SpectralBounds#gapPLowerBound} is 0 for a chain too far from reversible), or "not computed (why)".
   */
  public String describe(double gap) {
    return switch (basis) {
      case EXACT -> Double.isNaN(gap) ? "not computed (not irreducible)" : String.format("%.6g", gap);
      case CERTIFIED -> gap > 0 ? String.format(">= %.6g (certified lower bound)", gap)
          : ">= 0 (certified lower bound; no positive bound certified)";
      case NOT_COMPUTED -> "not computed (" + note + ")";
    };
  }
}
