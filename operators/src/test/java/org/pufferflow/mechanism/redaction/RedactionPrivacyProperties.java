package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.pufferflow.chain.BinaryMarkovChain;

/**
 * Invariants of docs/redaction.md: every designed mechanism is eps-private by the exact checker (λ < 0 included), the
 * checker equals brute force, leakage is monotone in redaction, the corrected Theorem 2 bound holds, Corollary 1.
 */
class RedactionPrivacyProperties {

  private static final long U = LocalRedactionMechanism.UNBOUNDED;

  @Property(tries = 250)
  void everyDesignedMechanismIsPrivate(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 1, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 5) double eps,
      @ForAll boolean unbounded) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    long length = unbounded ? U : n;
    long p = 1 + pSeed % n;
    for (ThreeRDesign d : ThreeRDesign.values()) {
      for (SplitRule s : SplitRule.values()) {
        ThreeRMechanism m = ThreeRMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(length)
            .design(d).splitRule(s).build();
        Leakage l = ExactLeakage.of(c, m, p);
        assertThat(l.total()).as("%s %s", d, s).isLessThanOrEqualTo(eps);
        assertThat(m.leakage().total()).isCloseTo(l.total(), within(1e-12));
        assertThat(l.left()).isLessThanOrEqualTo(m.split().left());
        assertThat(l.right()).isLessThanOrEqualTo(m.split().right());
        if (d != ThreeRDesign.NUMERICAL) {
          assertThat(m.relaxedBoundLeft()).isGreaterThanOrEqualTo(l.left() - 1e-12)
              .isLessThanOrEqualTo(m.split().left() + 1e-12);
          assertThat(m.relaxedBoundRight()).isGreaterThanOrEqualTo(l.right() - 1e-12)
              .isLessThanOrEqualTo(m.split().right() + 1e-12);
        }
      }
    }
    for (boolean tight : new boolean[] {false, true}) {
      MqMechanism mq = MqMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(length).tight(tight)
          .build();
      assertThat(ExactLeakage.of(c, mq, p).total()).isLessThanOrEqualTo(eps)
          .isCloseTo(mq.leakage().total(), within(1e-12));
    }
  }

  /** R-OPT never redacts more than R-U; N (smallest feasible uniform q) never more than R-U; nu_3R >= |S|/n. */
  @Property(tries = 200)
  void designsAreOrderedByUtility(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 1, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 5) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    long p = 1 + pSeed % n;
    for (SplitRule s : new SplitRule[] {SplitRule.HALF, SplitRule.RIGHT}) {
      ThreeRMechanism ru = build(c, eps, p, n, ThreeRDesign.RELAXED, s);
      ThreeRMechanism opt = build(c, eps, p, n, ThreeRDesign.OPTIMAL, s);
      ThreeRMechanism num = build(c, eps, p, n, ThreeRDesign.NUMERICAL, s);
      assertThat(opt.utility()).isGreaterThanOrEqualTo(ru.utility() - 1e-12);
      assertThat(num.utility()).isGreaterThanOrEqualTo(ru.utility() - 1e-12);
      long released = 0;
      for (long t = 1; t <= n; t++) {
        released += ru.redactionProbability(t, 0) == 0 && ru.redactionProbability(t, 1) == 0 ? 1 : 0;
      }
      assertThat(ru.utility()).isGreaterThanOrEqualTo((double) released / n - 1e-12);
      assertThat(ru.utility()).isCloseTo(RedactionUtility.of(c, ru), within(1e-12));
    }
  }

  /** Corollary 1 with MQ's splits: the better of 3R(eps/2, eps/2) and 3R(0, eps) is never below MQ. */
  @Property(tries = 200)
  void threeRWithMqSplitBeatsMq(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 1, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 5) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    long p = 1 + pSeed % ((n + 1) / 2); // the paper's p <= n/2
    double best = Math.max(build(c, eps, p, n, ThreeRDesign.RELAXED, SplitRule.HALF).utility(),
        build(c, eps, p, n, ThreeRDesign.RELAXED, SplitRule.RIGHT).utility());
    double auto = build(c, eps, p, n, ThreeRDesign.RELAXED, SplitRule.AUTO).utility();
    assertThat(auto).isGreaterThanOrEqualTo(best - 1e-12);
    for (boolean tight : new boolean[] {false, true}) {
      MqMechanism mq = MqMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(n).tight(tight).build();
      assertThat(best).isGreaterThanOrEqualTo(mq.utility() - 1e-12);
    }
  }

  /** MQ utility lower bound of Appendix C (Algorithm 1 as printed, p <= n/2). */
  @Property(tries = 200)
  void mqMeetsItsStatedUtilityBound(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 2, max = 40) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 5) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    long p = 1 + pSeed % (n / 2);
    double far = Influence.max(c, n - p);
    long r1 = InfluenceThresholds.deltaStar(c, eps) + p - 1;
    double bound;
    if (eps < far) {
      bound = 0;
    } else if (eps >= Influence.max(c, p - 1) + far) {
      bound = 1 - Math.min(r1, 2 * InfluenceThresholds.deltaStar(c, eps / 2) - 1) / (double) n - 2.0 / n;
    } else {
      bound = 1 - r1 / (double) n - 1.0 / n;
    }
    MqMechanism mq = MqMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(n).build();
    assertThat(mq.utility()).isGreaterThanOrEqualTo(bound - 1e-12);
  }

  /** The exact O(n) checker equals brute-force enumeration of all (x, y), n <= 8, any local mechanism. */
  @Property(tries = 80)
  void exactLeakageMatchesBruteForce(
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @IntRange(min = 1, max = 8) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll("tables") double[][] raw) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    int p = 1 + pSeed % n;
    double[][] r = table(raw, n, p);
    TableRedactionMechanism m = TableRedactionMechanism.of(r);
    assertThat(ExactLeakage.of(c, m, p).total()).isCloseTo(BruteForce.leakage(c, m, p), within(1e-9));
  }

  /** The first {@code n} rows of a generated table (copied), with the private record {@code p} always redacted. */
  private static double[][] table(double[][] raw, int n, int p) {
    double[][] r = new double[n][];
    for (int t = 0; t < n; t++) {
      r[t] = raw[t].clone();
    }
    r[p - 1] = new double[] {1, 1};
    return r;
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<double[][]> tables() {
    net.jqwik.api.Arbitrary<Double> entry = net.jqwik.api.Arbitraries.oneOf(
        net.jqwik.api.Arbitraries.just(0.0), net.jqwik.api.Arbitraries.just(1.0),
        net.jqwik.api.Arbitraries.doubles().between(0, 1));
    return entry.array(double[].class).ofSize(2).array(double[][].class).ofSize(8);
  }

  /** Designed mechanisms (finite n <= 7) checked by brute force, λ < 0 included. */
  @Property(tries = 40)
  void designedMechanismsPrivateByBruteForce(
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @IntRange(min = 1, max = 7) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.05, max = 3) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    int p = 1 + pSeed % n;
    for (ThreeRDesign d : ThreeRDesign.values()) {
      ThreeRMechanism m = build(c, eps, p, n, d, SplitRule.AUTO);
      double brute = BruteForce.leakage(c, m, p);
      assertThat(brute).isLessThanOrEqualTo(eps + 1e-12);
      assertThat(m.leakage().total()).isCloseTo(brute, within(1e-9));
    }
  }

  /** Lemma 1: L >= the pointwise influence of any releasable realisation of the nearest record on each side. */
  @Property(tries = 150)
  void lemmaOneLeakageDominatesReleasableInfluence(
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @IntRange(min = 2, max = 8) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll("tables") double[][] raw) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    int p = 1 + pSeed % n;
    double[][] r = table(raw, n, p);
    double l = ExactLeakage.of(c, TableRedactionMechanism.of(r), p).total();
    for (int tl = 1; tl <= p; tl++) {
      for (int tr = p; tr <= n; tr++) {
        for (int vl = 0; vl < 2; vl++) {
          for (int vr = 0; vr < 2; vr++) {
            boolean leftOk = tl == p || r[tl - 1][vl] < 1;
            boolean rightOk = tr == p || r[tr - 1][vr] < 1;
            if (!leftOk || !rightOk || (tl == p && tr == p)) {
              continue;
            }
            double i = tl == p ? Influence.pointwise(c, tr - p, vr)
                : tr == p ? Influence.pointwise(c, p - tl, vl)
                : Influence.twoSided(c, p - tl, vl, tr - p, vr);
            assertThat(l).isGreaterThanOrEqualTo(i - 1e-9);
          }
        }
      }
    }
  }

  /** Raising any r_t(v) never raises the leakage (data processing, docs/redaction.md, 'Guarantees with proof outlines'). */
  @Property(tries = 300)
  void moreRedactionNeverLeaksMore(
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @IntRange(min = 1, max = 8) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll("tables") double[][] raw,
      @ForAll @IntRange(min = 0, max = 15) int which,
      @ForAll @Scale(4) @DoubleRange(min = 0, max = 1) double raise) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    int p = 1 + pSeed % n;
    double[][] r = table(raw, n, p);
    double before = ExactLeakage.of(c, TableRedactionMechanism.of(r), p).total();
    int t = (which / 2) % n;
    r[t][which % 2] += raise * (1 - r[t][which % 2]);
    double after = ExactLeakage.of(c, TableRedactionMechanism.of(r), p).total();
    assertThat(after).isLessThanOrEqualTo(before + 1e-12);
  }

  /** The corrected Theorem 2 is never beaten by any data-independent mechanism (all released sets, n <= 10). */
  @Property(tries = 120)
  void correctedTheoremTwoIsNeverBeaten(
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @IntRange(min = 1, max = 10) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.02, max = 4) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    int p = 1 + pSeed % n;
    double optimum = BruteForce.dimOptimum(c, n, p, eps);
    assertThat(DataIndependentBound.corrected(c, n, p, eps)).isGreaterThanOrEqualTo(optimum - 1e-12);
  }

  /** Several private records: the per-value max rule keeps eps for each of them (docs/redaction.md, 'Mechanisms'). */
  @Property(tries = 100)
  void maxRuleProtectsEveryPrivateRecord(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 2, max = 25) int n,
      @ForAll @IntRange(min = 0, max = 1000) int s1,
      @ForAll @IntRange(min = 0, max = 1000) int s2,
      @ForAll @IntRange(min = 0, max = 1000) int s3,
      @ForAll @Scale(4) @DoubleRange(min = 0.05, max = 4) double eps,
      @ForAll boolean unbounded) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    long length = unbounded ? U : n;
    List<ThreeRMechanism> parts = new ArrayList<>();
    for (int seed : new int[] {s1, s2, s3}) {
      parts.add(build(c, eps, 1 + seed % n, length, ThreeRDesign.values()[seed % 3], SplitRule.HALF));
    }
    MostConservativeRedaction all = MostConservativeRedaction.of(parts);
    for (ThreeRMechanism m : parts) {
      assertThat(ExactLeakage.of(c, all, m.privateIndex()).total()).isLessThanOrEqualTo(eps);
    }
  }

  /** A stream design truncated to n records stays private (truncation is post-processing, docs/redaction.md, 'Streaming contract'). */
  @Property(tries = 150)
  void truncatedStreamDesignStaysPrivate(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @IntRange(min = 1, max = 20) int n,
      @ForAll @IntRange(min = 0, max = 1000) int pSeed,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 4) double eps) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    int p = 1 + pSeed % n;
    for (ThreeRDesign d : ThreeRDesign.values()) {
      ThreeRMechanism stream = build(c, eps, p, U, d, SplitRule.HALF);
      double[][] r = new double[n][2];
      for (int t = 1; t <= n; t++) {
        r[t - 1] = new double[] {stream.redactionProbability(t, 0), stream.redactionProbability(t, 1)};
      }
      assertThat(ExactLeakage.of(c, TableRedactionMechanism.of(r), p).total()).isLessThanOrEqualTo(eps);
    }
  }

  private static ThreeRMechanism build(
      BinaryMarkovChain c, double eps, long p, long n, ThreeRDesign d, SplitRule s) {
    return ThreeRMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(n).design(d).splitRule(s)
        .build();
  }
}
