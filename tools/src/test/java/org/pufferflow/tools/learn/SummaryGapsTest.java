package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrix;

/**
 * {@link SummaryGaps} through {@link LearnedModel#fit}: exact gaps up to 500 states; above, certified lower bounds
 * that are on the safe side of the exact gaps (computed here densely, independently), π from the one sparse route,
 * and the labels the model file and the text summary give them.
 */
class SummaryGapsTest {

  /** An unsmoothed lazy walk on a side × side grid, learned from 8 long walks: sparse, ergodic, not reversible. */
  private static LearnedModel learnedLazyWalk(int side, int length) {
    return LearnedModel.fit(LearnData.lazyGridWalk(side, 8, length, 6, 21), 0, 0);
  }

  @Test
  void aboveTheDenseLimitTheGapsAreCertifiedLowerBoundsOfTheExactOnes() {
    LearnedModel m = learnedLazyWalk(24, 40_000); // 576 states
    TransitionMatrix p = m.transition();
    assertThat(p).isInstanceOf(SparseTransitionMatrix.class);
    assertThat(m.ergodic()).isTrue();
    SummaryGaps gaps = m.gaps();
    assertThat(gaps.basis()).isEqualTo(SummaryGaps.Basis.CERTIFIED);
    double[][] dense = p.toArray(); // the independent reference: dense decompositions of the same matrix
    double[] exactPi = exactStationary(dense);
    // 1 − |λ₂(P)| is certified only when the symmetric part dominates (0 otherwise); the gap of P·P* always
    assertThat(m.gapP()).isNotNegative().isLessThanOrEqualTo(ChainAnalysis.eigenGap(dense));
    assertThat(m.gapPPStar()).isPositive().isLessThanOrEqualTo(ChainAnalysis.eigenGapOfPPStar(dense, exactPi));
    assertThat(gaps.piMinLowerBound()).isPositive().isLessThanOrEqualTo(ChainAnalysis.piMin(exactPi));
    double l1 = 0;
    for (int x = 0; x < exactPi.length; x++) {
      l1 += Math.abs(m.stationary()[x] - exactPi[x]);
    }
    assertThat(l1).isLessThanOrEqualTo(gaps.stationaryL1Error());
    assertThat(m.stationary()).containsExactly(ChainAnalysis.stationary(p)); // the one route for π

    String yaml = ModelYaml.render(m, 1000, List.of());
    assertThat(yaml).contains("gapP: " + ModelYaml.number(m.gapP()) + "  # certified lower bound")
        .contains("gapPPStar: " + ModelYaml.number(m.gapPPStar()) + "  # certified lower bound")
        .contains("piMinLowerBound: ").doesNotContain("not computed");
    assertThat(gaps.describe(m.gapPPStar())).startsWith(">= ").endsWith("(certified lower bound)");
    assertThat(gaps.describe(0.0)).isEqualTo(">= 0 (certified lower bound; no positive bound certified)");
  }

  /** π by a dense LU solve of (Pᵀ − I)π = 0 with the last equation replaced by Σπ = 1 (EJML, independent of π̂). */
  private static double[] exactStationary(double[][] p) {
    int k = p.length;
    DMatrixRMaj a = new DMatrixRMaj(k, k);
    for (int x = 0; x < k; x++) {
      for (int y = 0; y < k; y++) {
        a.set(y, x, y == k - 1 ? 1.0 : p[x][y] - (x == y ? 1.0 : 0.0));
      }
    }
    DMatrixRMaj b = new DMatrixRMaj(k, 1);
    b.set(k - 1, 0, 1.0);
    DMatrixRMaj pi = new DMatrixRMaj(k, 1);
    assertThat(CommonOps_DDRM.solve(a, b, pi)).isTrue();
    return pi.getData();
  }

  @Test
  void upToTheDenseLimitTheGapsAreExact() {
    LearnedModel m = learnedLazyWalk(5, 4_000);
    assertThat(m.gaps().basis()).isEqualTo(SummaryGaps.Basis.EXACT);
    double[][] dense = m.transitionRows();
    assertThat(m.gapP()).isEqualTo(ChainAnalysis.eigenGap(dense));
    assertThat(m.gapPPStar()).isEqualTo(ChainAnalysis.eigenGapOfPPStar(dense, ChainAnalysis.stationary(dense)));
    assertThat(m.gaps().describe(m.gapP())).isEqualTo(String.format("%.6g", m.gapP()));
  }
}
