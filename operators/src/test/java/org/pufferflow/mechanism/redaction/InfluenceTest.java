package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.BinaryMarkovChain;

/** Influences and thresholds (docs/redaction.md, 'Model and guarantee', docs/redaction.md, 'Model and guarantee'): vectors T1–T3 and properties. */
class InfluenceTest {

  private static final double TOL = 1e-9;

  @Test
  void t1TableOne() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.25, 0.5);
    assertThat(c.transition(1, 0, 0) / c.transition(1, 1, 0)).isCloseTo(1.5, within(1e-12));
    assertThat(c.transition(1, 0, 1) / c.transition(1, 1, 1)).isCloseTo(0.5, within(1e-12));
    assertThat(c.transition(1, 1, 0) / c.transition(1, 0, 0)).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(c.transition(1, 1, 1) / c.transition(1, 0, 1)).isCloseTo(2, within(1e-12));
    assertThat(Influence.icheck(c, 1)).isCloseTo(0.4054651081, within(1e-10));
    assertThat(Influence.ihat(c, 1)).isCloseTo(0.6931471806, within(1e-10));
    assertThat(Influence.max(c, 1)).isCloseTo(Math.log(2), within(1e-12));
  }

  @Test
  void t2InfluenceTable() {
    double[][] ab = {{0.25, 0.5}, {0.01, 0.8}, {0.1, 0.1}, {0.6, 0.8}, {0.05, 0.6}, {0.1, 0.5}};
    double[][] icheck = {
      {0.4054651081, 0.0953101798, 0.0235304974, 0.0058651195, 0.0014652017},
      {0.2130932155, 0.0372188724, 0.0069683649, 0.0013203499, 0.0002507357},
      {2.1972245773, 1.5163474894, 1.1308731509, 0.8702609819, 0.6804539195},
      {0.6931471806, 0.2876820725, 0.1112256351, 0.0449513879, 0.0178975695},
      {0.4595323294, 0.1408349039, 0.0473878285, 0.0163697226, 0.0057036153},
      {0.5877866649, 0.2058520542, 0.0788585749, 0.0310403194, 0.0123386952}};
    double[][] ihat = {
      {0.6931471806, 0.1823215568, 0.0465200156, 0.0116960398, 0.0029282598},
      {2.9957322736, 1.3946626108, 0.4443114144, 0.1004765894, 0.0198627915},
      {2.1972245773, 1.5163474894, 1.1308731509, 0.8702609819, 0.6804539195},
      {1.0986122887, 0.3677247801, 0.1512309697, 0.0594970989, 0.0239353236},
      {2.0794415417, 1.0348964743, 0.4589066310, 0.1806979788, 0.0663858220},
      {1.6094379124, 0.7621400520, 0.3437715391, 0.1463795351, 0.0602251582}};
    for (int i = 0; i < ab.length; i++) {
      BinaryMarkovChain c = BinaryMarkovChain.of(ab[i][0], ab[i][1]);
      for (int d = 1; d <= 5; d++) {
        assertThat(Influence.icheck(c, d)).isCloseTo(icheck[i][d - 1], within(1e-9));
        assertThat(Influence.ihat(c, d)).isCloseTo(ihat[i][d - 1], within(1e-9));
      }
    }
  }

  @Test
  void t3DeltaStar() {
    double[] eps = {0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3};
    double[][] ab = {{0.25, 0.5}, {0.01, 0.8}, {0.05, 0.6}, {0.6, 0.8}};
    long[][] expected = {
      {5, 3, 3, 2, 2, 1, 1, 1, 1, 1},
      {6, 5, 5, 4, 3, 3, 3, 2, 2, 1},
      {7, 6, 5, 4, 3, 3, 3, 2, 2, 1},
      {6, 5, 4, 3, 2, 2, 2, 1, 1, 1}};
    for (int i = 0; i < ab.length; i++) {
      BinaryMarkovChain c = BinaryMarkovChain.of(ab[i][0], ab[i][1]);
      for (int j = 0; j < eps.length; j++) {
        assertThat(InfluenceThresholds.deltaStar(c, eps[j])).isEqualTo(expected[i][j]);
        assertThat(InfluenceThresholds.deltaStarByLoop(c, eps[j])).isEqualTo(expected[i][j]);
      }
    }
    BinaryMarkovChain sym = BinaryMarkovChain.of(0.1, 0.1);
    assertThat(InfluenceThresholds.deltaStar(sym, 1)).isEqualTo(4);
    assertThat(InfluenceThresholds.deltaStar(sym, 0.5)).isEqualTo(7);
    assertThat(InfluenceThresholds.deltaStarSymmetric(0.1, 1)).isEqualTo(4);
    assertThat(InfluenceThresholds.deltaStarSymmetric(0.1, 0.5)).isEqualTo(7);
    assertThat(RedactionBands.of(sym, 1, LocalRedactionMechanism.UNBOUNDED).mSize()).isZero();
  }

  @Test
  void iidChainHasNoInfluence() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.3, 0.7);
    assertThat(Influence.max(c, 1)).isCloseTo(0, within(1e-15));
    assertThat(InfluenceThresholds.deltaStar(c, 0.01)).isEqualTo(1);
    assertThat(InfluenceThresholds.dM(c, 0.01)).isEqualTo(1);
  }

  /** Closed forms = |ln(P^D(0,v)/P^D(1,v))| by explicit matrix power; monotone in D; icheck <= ihat. */
  @Property(tries = 300)
  void closedFormsMatchMatrixPower(
      @ForAll @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 1, max = 30) int d) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    double[][] pd = {{1, 0}, {0, 1}};
    for (int k = 0; k < d; k++) {
      pd = new double[][] {
        {pd[0][0] * (1 - alpha) + pd[0][1] * beta, pd[0][0] * alpha + pd[0][1] * (1 - beta)},
        {pd[1][0] * (1 - alpha) + pd[1][1] * beta, pd[1][0] * alpha + pd[1][1] * (1 - beta)}};
    }
    for (int x = 0; x < 2; x++) {
      for (int v = 0; v < 2; v++) {
        assertThat(c.transition(d, x, v)).isCloseTo(pd[x][v], within(1e-12));
      }
    }
    for (int v = 0; v < 2; v++) {
      double direct = Math.abs(Math.log(pd[0][v] / pd[1][v]));
      assertThat(Influence.pointwise(c, d, v)).isCloseTo(direct, within(1e-9 * Math.max(1, direct)));
      assertThat(Influence.pointwise(c, d + 1, v)).isLessThanOrEqualTo(Influence.pointwise(c, d, v) + 1e-15);
    }
    assertThat(c.alphaD(d) / c.betaD(d)).isCloseTo(alpha / beta, within(1e-9 * alpha / beta));
    if (alpha <= beta) {
      assertThat(Influence.icheck(c, d)).isLessThanOrEqualTo(Influence.ihat(c, d) + 1e-15);
    }
  }

  /** Closed-form thresholds = loop for 0 < lambda < 1; d_M <= d_S always. */
  @Property(tries = 400)
  void closedFormThresholdsMatchLoop(
      @ForAll @Scale(4) @DoubleRange(min = 0.005, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.005, max = 0.99) double beta,
      @ForAll @Scale(4) @DoubleRange(min = 0.001, max = 5) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    if (c.lambda() > 0) {
      assertThat(InfluenceThresholds.deltaStarClosedForm(c, eps))
          .isEqualTo(InfluenceThresholds.deltaStarByLoop(c, eps));
      assertThat(InfluenceThresholds.dMClosedForm(c, eps)).isEqualTo(InfluenceThresholds.dMByLoop(c, eps));
    }
    assertThat(InfluenceThresholds.dM(c, eps)).isLessThanOrEqualTo(InfluenceThresholds.dS(c, eps));
  }
  /** Remark 1: the two-sided max-influence is additive if lambda >= 0 or dl ≡ dr (mod 2), else at most the sum. */
  @Property(tries = 300)
  void remarkOneComposition(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 1, max = 12) int dl,
      @ForAll @IntRange(min = 1, max = 12) int dr) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    double sum = Influence.max(c, dl) + Influence.max(c, dr);
    double both = Influence.maxTwoSided(c, dl, dr);
    if (c.lambda() >= 0 || (dl - dr) % 2 == 0) {
      assertThat(both).isCloseTo(sum, within(1e-12 * Math.max(1, sum)));
    } else {
      assertThat(both).isLessThanOrEqualTo(sum + 1e-12);
    }
  }
}
