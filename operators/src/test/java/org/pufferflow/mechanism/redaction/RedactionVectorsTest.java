package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.pufferflow.chain.BinaryMarkovChain;

/** Test vectors T4–T12 of docs/test-vectors.md, 'Redaction'. */
class RedactionVectorsTest {

  private static final long U = LocalRedactionMechanism.UNBOUNDED;

  /** Band letters for t = p-3..p+3 with the same budget on both sides. */
  private static String pattern(BinaryMarkovChain c, double eps) {
    RedactionBands b = RedactionBands.of(c, eps, U);
    StringBuilder s = new StringBuilder();
    for (int t = -3; t <= 3; t++) {
      int d = Math.abs(t);
      s.append(d == 0 || d < b.dM() ? 'L' : d < b.dS() ? 'M' : 'S');
    }
    return s.toString();
  }

  private static String regions(ThreeRMechanism m) {
    StringBuilder s = new StringBuilder();
    for (long t = 1; t <= m.length(); t++) {
      double r0 = m.redactionProbability(t, 0);
      double r1 = m.redactionProbability(t, 1);
      s.append(r0 == 1 && r1 == 1 ? 'L' : r0 == 0 && r1 == 0 ? 'S' : 'M');
    }
    return s.toString();
  }

  @Test
  void t4RegionsFigureTwo() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.25, 0.5);
    assertThat(pattern(c, 0.5)).isEqualTo("SSMLMSS");
    assertThat(pattern(c, 0.3)).isEqualTo("SSLLLSS");
    assertThat(pattern(c, 0.7)).isEqualTo("SSSLSSS");
  }

  @Test
  void t5ExampleOne() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.25, 0.5);
    TableRedactionMechanism paper = TableRedactionMechanism.of(new double[][] {{1, 1}, {1.0 / 8, 1}});
    assertThat(ExactLeakage.of(c, paper, 1).total()).isCloseTo(0.492476, within(1e-6));
    assertThat(RedactionUtility.of(c, paper)).isCloseTo(7.0 / 24, within(1e-9));
    ThreeRMechanism num = threeR(c, 0.5, 1, 2, ThreeRDesign.NUMERICAL, BudgetSplit.right(0.5));
    assertThat(regions(num)).isEqualTo("LM");
    double qMin = (Math.exp(0.5) * 0.25 - 0.5) / (0.5 - Math.exp(0.5) * 0.75); // docs/redaction.md, 'Mechanisms', lambda > 0
    assertThat(qMin).isCloseTo(0.1192325857, within(1e-9));
    assertThat(num.right().q()[0]).isCloseTo(qMin, within(1e-9));
    assertThat(num.leakage().total()).isCloseTo(0.5, within(1e-9));
    assertThat(num.utility()).isCloseTo(0.293589, within(1e-6));
    for (ThreeRDesign d : new ThreeRDesign[] {ThreeRDesign.RELAXED, ThreeRDesign.OPTIMAL}) {
      ThreeRMechanism m = threeR(c, 0.5, 1, 2, d, BudgetSplit.right(0.5));
      assertThat(m.right().q()[0]).isCloseTo(0.6065306597, within(1e-9));
      assertThat(m.leakage().total()).isCloseTo(0.405465, within(1e-6));
      assertThat(m.utility()).isCloseTo(0.131156, within(1e-6));
    }
    assertThat(BruteForce.dimOptimum(c, 2, 1, 0.5)).isZero();
  }

  @Test
  void t6FigureThreeAtEpsOne() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.01, 0.8);
    ThreeRMechanism ru = threeR(c, 1, 1, 10, ThreeRDesign.RELAXED, BudgetSplit.right(1));
    assertThat(regions(ru)).isEqualTo("LMMSSSSSSS");
    assertThat(ru.rightBands().delta(1)).isCloseTo(0.0372189, within(1e-7));
    assertThat(ru.rightBands().delta(2)).isCloseTo(0.4443114, within(1e-7));
    assertThat(ru.right().q()).containsExactly(new double[] {0.757415, 0.757415}, within(1e-6));
    assertThat(ru.utility()).isCloseTo(0.747918, within(1e-6));
    assertThat(ru.leakage().total()).isCloseTo(0.679971, within(1e-6));
    ThreeRMechanism n = threeR(c, 1, 1, 10, ThreeRDesign.NUMERICAL, BudgetSplit.right(1));
    assertThat(n.right().q()[0]).isCloseTo(0.546926, within(1e-6));
    assertThat(n.utility()).isCloseTo(0.789496, within(1e-6));
    assertThat(n.leakage().total()).isCloseTo(1.0, within(1e-9));
    assertThat(DataIndependentBound.corrected(c, 10, 1, 1)).isCloseTo(0.7, within(1e-12));
    assertThat(mq(c, 1, 1, 10, false).utility()).isCloseTo(0.6, within(1e-12));
    assertThat(mq(c, 1, 1, 10, true).utility()).isCloseTo(0.7, within(1e-12));
  }

  @Test
  void t7WindowLeakage() {
    BinaryMarkovChain a = BinaryMarkovChain.of(0.25, 0.5);
    assertThat(window(a, 5, 3, 0, 0)).isCloseTo(1.386294361, within(1e-9));
    assertThat(window(a, 5, 3, 0, 1)).isCloseTo(0.875468737, within(1e-9));
    assertThat(window(a, 5, 3, 1, 1)).isCloseTo(0.364643114, within(1e-9));
    assertThat(window(a, 5, 3, 2, 2)).isCloseTo(0, within(1e-12));
    assertThat(window(a, 5, 1, 0, 0)).isCloseTo(0.693147181, within(1e-9));
    BinaryMarkovChain b = BinaryMarkovChain.of(0.6, 0.8);
    assertThat(window(b, 5, 3, 0, 0)).isCloseTo(2.197224577, within(1e-9));
    assertThat(window(b, 5, 3, 0, 1)).isCloseTo(1.386294361, within(1e-9));
    assertThat(Influence.ihat(b, 1) + Influence.ihat(b, 2)).isCloseTo(1.466337, within(1e-6));
  }

  private static double window(BinaryMarkovChain c, int n, int p, int dl, int dr) {
    double[][] r = new double[n][2];
    for (int t = p - dl; t <= p + dr; t++) {
      r[t - 1] = new double[] {1, 1};
    }
    return ExactLeakage.of(c, TableRedactionMechanism.of(r), p).total();
  }

  @Test
  void t8TwoSided() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.1, 0.5);
    for (ThreeRDesign d : new ThreeRDesign[] {ThreeRDesign.RELAXED, ThreeRDesign.OPTIMAL}) {
      ThreeRMechanism m = threeR(c, 2, 8, 20, d, new BudgetSplit(1, 1));
      assertThat(regions(m)).isEqualTo("SSSSSSMLMSSSSSSSSSSS");
      assertThat(m.left().q()[0]).isCloseTo(0.788313, within(1e-6));
      assertThat(m.right().q()[0]).isCloseTo(0.788313, within(1e-6));
      assertThat(m.utility()).isCloseTo(0.867641, within(1e-6));
      Leakage l = m.leakage();
      assertThat(l.total()).isCloseTo(1.745003, within(1e-6));
      assertThat(l.aLeft()).isCloseTo(0.587787, within(1e-6));
      assertThat(l.aRight()).isCloseTo(0.587787, within(1e-6));
      assertThat(l.bLeft()).isCloseTo(0.872502, within(1e-6));
      assertThat(l.bRight()).isCloseTo(0.872502, within(1e-6));
    }
    ThreeRMechanism r = threeR(c, 2, 8, 20, ThreeRDesign.RELAXED, BudgetSplit.right(2));
    assertThat(regions(r)).isEqualTo("LLLLLLLLSSSSSSSSSSSS");
    assertThat(r.utility()).isCloseTo(0.6, within(1e-12));
    assertThat(r.leakage().total()).isCloseTo(1.609438, within(1e-6));
    assertThat(InfluenceThresholds.deltaStar(c, 2)).isEqualTo(1);
    assertThat(InfluenceThresholds.deltaStar(c, 1)).isEqualTo(2);
    MqMechanism printed = mq(c, 2, 8, 20, false);
    assertThat(printed.radiusLeft()).isEqualTo(2);
    assertThat(printed.radiusRight()).isEqualTo(2);
    assertThat(printed.utility()).isCloseTo(0.75, within(1e-12));
    assertThat(printed.leakage().total()).isCloseTo(0.687543, within(1e-6));
    MqMechanism tight = mq(c, 2, 8, 20, true);
    assertThat(tight.radiusLeft()).isEqualTo(1);
    assertThat(tight.utility()).isCloseTo(0.85, within(1e-12));
    assertThat(tight.leakage().total()).isCloseTo(1.524280, within(1e-6));
    assertThat(DataIndependentBound.printed(c, 20, 8, 2)).isCloseTo(0.85, within(1e-12));
    assertThat(DataIndependentBound.corrected(c, 20, 8, 2)).isCloseTo(0.90, within(1e-12));
  }

  @Test
  void t9NegativeLambdaAndLabelSwap() {
    for (double[] ab : new double[][] {{0.6, 0.8}, {0.8, 0.6}}) {
      BinaryMarkovChain c = BinaryMarkovChain.of(ab[0], ab[1]);
      ThreeRMechanism m = threeR(c, 0.8, 1, 8, ThreeRDesign.RELAXED, BudgetSplit.right(0.8));
      assertThat(regions(m)).isEqualTo("LMSSSSSS");
      int v = ab[0] < ab[1] ? 0 : 1;
      assertThat(m.right().releasableValue()).isEqualTo(v);
      assertThat(m.redactionProbability(2, v)).isCloseTo(0.649031, within(1e-6));
      assertThat(m.redactionProbability(2, 1 - v)).isEqualTo(1);
      assertThat(m.utility()).isCloseTo(0.775069, within(1e-6));
      assertThat(m.leakage().total()).isCloseTo(0.693147, within(1e-6));
    }
    BinaryMarkovChain c = BinaryMarkovChain.of(0.6, 0.8);
    ThreeRMechanism n2 = threeR(c, 0.8, 1, 2, ThreeRDesign.NUMERICAL, BudgetSplit.right(0.8));
    double e = Math.exp(0.8);
    double qMin = (e * (1 - 0.8) - 0.6) / ((1 - 0.6) - e * 0.8); // docs/redaction.md, 'Mechanisms', lambda < 0
    assertThat(n2.right().q()[0]).isCloseTo(0.112205, within(1e-6)).isCloseTo(qMin, within(1e-9));
    assertThat(n2.leakage().total()).isCloseTo(0.8, within(1e-9));
  }

  @Test
  void t10OptimalBeatsUniformWhenNTruncatesM() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.007, 0.089);
    ThreeRMechanism opt = threeR(c, 0.6, 1, 11, ThreeRDesign.OPTIMAL, BudgetSplit.right(0.6));
    ThreeRMechanism ru = threeR(c, 0.6, 1, 11, ThreeRDesign.RELAXED, BudgetSplit.right(0.6));
    assertThat(opt.rightBands().dM()).isEqualTo(9);
    assertThat(opt.rightBands().delta(1)).isCloseTo(0.48159016, within(1e-8));
    assertThat(opt.rightBands().delta(2)).isZero();
    assertThat(opt.right().q()).containsExactly(new double[] {0.8883319, 0.61780021}, within(1e-7));
    assertThat(opt.utility()).isCloseTo(0.04162334, within(1e-8));
    assertThat(ru.right().q()).containsExactly(new double[] {0.8883319, 0.8883319}, within(1e-7));
    assertThat(ru.utility()).isCloseTo(0.01882284, within(1e-8));
    assertThat(opt.leakage().total()).isCloseTo(0.54738558, within(1e-8));
    assertThat(ru.leakage().total()).isCloseTo(0.54738558, within(1e-8));
  }

  @Test
  void t11TheoremTwoErratum() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.05, 0.6);
    assertThat(InfluenceThresholds.deltaStar(c, 1.5)).isEqualTo(2);
    assertThat(InfluenceThresholds.deltaStar(c, 0.75)).isEqualTo(3);
    assertThat(window(c, 10, 4, 1, 2)).isCloseTo(1.493803, within(1e-6));
    assertThat(DataIndependentBound.printed(c, 10, 4, 1.5)).isCloseTo(0.5, within(1e-12));
    assertThat(DataIndependentBound.corrected(c, 10, 4, 1.5)).isCloseTo(0.6, within(1e-12));
    assertThat(BruteForce.dimOptimum(c, 10, 4, 1.5)).isCloseTo(0.6, within(1e-12));

    ThreeRMechanism half = threeR(c, 1.5, 4, 10, ThreeRDesign.RELAXED, BudgetSplit.half(1.5));
    assertThat(regions(half)).isEqualTo("SMMLMMSSSS");
    assertThat(half.left().q()).containsExactly(new double[] {0.864550, 0.864550}, within(1e-6));
    assertThat(half.utility()).isCloseTo(0.550012, within(1e-6));
    assertThat(half.leakage().total()).isCloseTo(1.157517, within(1e-6));
    ThreeRMechanism right = threeR(c, 1.5, 4, 10, ThreeRDesign.RELAXED, BudgetSplit.right(1.5));
    assertThat(regions(right)).isEqualTo("LLLLMSSSSS");
    assertThat(right.right().q()[0]).isCloseTo(0.628070, within(1e-6));
    assertThat(right.utility()).isCloseTo(0.534332, within(1e-6));
    assertThat(right.leakage().total()).isCloseTo(1.277819, within(1e-6));
    assertThat(mq(c, 1.5, 4, 10, false).utility()).isCloseTo(0.3, within(1e-12));
    assertThat(mq(c, 1.5, 4, 10, true).utility()).isCloseTo(0.5, within(1e-12));

    ThreeRMechanism searched = threeR(c, 1.5, 4, 10, ThreeRDesign.OPTIMAL, BudgetSplit.of(1.5, 0.463));
    assertThat(regions(searched)).isEqualTo("SMMLMSSSSS");
    assertThat(searched.utility()).isCloseTo(0.600571, within(1e-6));
    assertThat(searched.leakage().total()).isCloseTo(1.496607, within(1e-6));
  }

  @Test
  void t12ArbitraryLocalMechanism() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.2, 0.5);
    TableRedactionMechanism m =
        TableRedactionMechanism.of(new double[][] {{0.3, 1}, {1, 1}, {0.5, 1}, {0, 0}});
    assertThat(ExactLeakage.of(c, m, 2).total()).isCloseTo(0.940007258, within(1e-9));
    assertThat(BruteForce.leakage(c, m, 2)).isCloseTo(0.940007258, within(1e-9));
    assertThat(RedactionUtility.of(c, m)).isCloseTo(0.464285714, within(1e-9));
  }

  /** An i.i.d. chain (lambda = 0 in floating point) leaks exactly nothing, even with a zero side budget. */
  @Test
  void iidChainLeaksExactlyZero() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.3, 0.7);
    assertThat(c.transition(1, 0, 0)).isEqualTo(c.transition(1, 1, 0));
    ThreeRMechanism m = threeR(c, 0.5, 3, 6, ThreeRDesign.NUMERICAL, BudgetSplit.right(0.5));
    assertThat(m.leakage().total()).isZero();
    assertThat(ExactLeakage.of(c, m, 3).total()).isZero();
    assertThat(m.utility()).isCloseTo(5.0 / 6, within(1e-12));
  }

  @Test
  void privateRecordReleasedMeansInfiniteLeakage() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.2, 0.5);
    TableRedactionMechanism m = TableRedactionMechanism.of(new double[][] {{1, 1}, {0.9, 1}});
    assertThat(ExactLeakage.of(c, m, 2).total()).isInfinite();
    assertThat(BruteForce.leakage(c, m, 2)).isInfinite();
  }

  static ThreeRMechanism threeR(
      BinaryMarkovChain c, double eps, long p, long n, ThreeRDesign d, BudgetSplit split) {
    return ThreeRMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(n).design(d).split(split)
        .build();
  }

  static MqMechanism mq(BinaryMarkovChain c, double eps, long p, long n, boolean tight) {
    return MqMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(n).tight(tight).build();
  }
}
