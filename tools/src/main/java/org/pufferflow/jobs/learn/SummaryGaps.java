package org.pufferflow.jobs.learn;

import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.ChainAnalysis;

/**
 * The eigen-gaps the {@code learn} summary reports (docs/learn.md, 'Output'): 1 − |λ₂(P)| and the gap of P·P*, the
 * one place that computes them. They come from a dense eigen-decomposition (O(N³) time, N² memory), so they are
 * computed only for chains of at most {@value #DENSE_MAX_STATES} states; for larger chains they are reported as not
 * computed (NaN) — a 2,500-state chain took minutes. The mechanisms never read these values from a model file.
 *
 * @param gapP 1 − |λ₂(P)|, or NaN when not computed
 * @param gapPPStar the eigen-gap of P·P*, or NaN when not computed or when π is unknown
 */
@Internal
public record SummaryGaps(double gapP, double gapPPStar) {

  /** Largest N for which the dense eigen-gaps are computed. */
  public static final int DENSE_MAX_STATES = 500;

  /** The gaps of {@code p} with stationary distribution {@code pi} (null when the chain is not irreducible). */
  public static SummaryGaps of(double[][] p, double[] pi) {
    if (!computed(p.length)) {
      return new SummaryGaps(Double.NaN, Double.NaN);
    }
    return new SummaryGaps(ChainAnalysis.eigenGap(p), pi == null ? Double.NaN : ChainAnalysis.eigenGapOfPPStar(p, pi));
  }

  /** Whether the gaps of an N-state chain are computed. */
  public static boolean computed(int states) {
    return states <= DENSE_MAX_STATES;
  }
}
