package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.noise.KeyedRandom;

/** The per-record streaming rule of docs/redaction.md, 'Streaming contract' (and T13, Monte-Carlo check of Eq. 3). */
class RedactionPlanTest {

  private static final long U = LocalRedactionMechanism.UNBOUNDED;

  private static KeyedRandom random() {
    return RedactionTestKeys.random();
  }

  /** Away from the stream start the plan's rule is the unbounded 3R mechanism's rule. */
  @Property(tries = 100)
  void planMatchesStreamMechanism(
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double alpha,
      @ForAll @Scale(4) @DoubleRange(min = 0.01, max = 0.99) double beta,
      @ForAll @Scale(4) @DoubleRange(min = 0.05, max = 4) double eps,
      @ForAll @IntRange(min = 0, max = 2) int designIndex) {
    BinaryMarkovChain c = BinaryMarkovChain.of(alpha, beta);
    ThreeRDesign d = ThreeRDesign.values()[designIndex];
    RedactionPlan plan = RedactionPlan.threeR(c, eps, BudgetSplit.half(eps), d);
    long p = plan.holdBack() + 2;
    ThreeRMechanism m = ThreeRMechanism.builder().chain(c).epsilon(eps).privateIndex(p).length(U).design(d)
        .split(BudgetSplit.half(eps)).build();
    long[] active = {p};
    for (long t = 1; t <= p + plan.reach() + 3; t++) {
      for (int v = 0; v < 2; v++) {
        assertThat(plan.redactionProbability(t, v, active, 1)).isEqualTo(m.redactionProbability(t, v));
      }
      assertThat(plan.affects(p, t)).isEqualTo(
          m.redactionProbability(t, 0) > 0 || m.redactionProbability(t, 1) > 0);
    }
  }

  @Test
  void holdBackOfFigureThreeParametersTwoSided() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.01, 0.8);
    RedactionPlan plan = RedactionPlan.threeR(c, 1, BudgetSplit.half(1), ThreeRDesign.OPTIMAL);
    assertThat(plan.left().dM()).isEqualTo(1);
    assertThat(plan.left().dS()).isEqualTo(3);
    assertThat(plan.holdBack()).isEqualTo(2);
    RedactionPlan right = RedactionPlan.threeR(c, 1, BudgetSplit.right(1), ThreeRDesign.OPTIMAL);
    assertThat(right.holdBack()).isEqualTo(U);
    assertThat(right.redactionProbability(1, 0, new long[] {1000}, 1)).isEqualTo(1);
    assertThatThrownBy(() -> RedactionPlan.threeR(c, 1, BudgetSplit.left(1), ThreeRDesign.OPTIMAL))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("right epsilon");
  }

  @Test
  void maxRuleAndMonotoneCoupling() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.1, 0.5);
    RedactionPlan plan = RedactionPlan.threeR(c, 2, BudgetSplit.half(2), ThreeRDesign.RELAXED);
    KeyedRandom rnd = random();
    long[] one = {8};
    long[] two = {8, 10};
    int flipsToRelease = 0;
    for (long t = 1; t <= 20; t++) {
      for (int x = 0; x < 2; x++) {
        double r1 = plan.redactionProbability(t, x, one, 1);
        double r2 = plan.redactionProbability(t, x, two, 2);
        assertThat(r2).isGreaterThanOrEqualTo(r1);
        assertThat(r2).isEqualTo(Math.max(r1, plan.redactionProbability(t, x, new long[] {10}, 1)));
        for (int s = 0; s < 50; s++) {
          String subject = "s" + s;
          boolean a = plan.release(t, x, one, 1, rnd, subject);
          boolean b = plan.release(t, x, two, 2, rnd, subject);
          if (b && !a) {
            flipsToRelease++;
          }
          assertThat(plan.release(t, x, one, 1, rnd, subject)).isEqualTo(a); // replay
        }
      }
    }
    assertThat(flipsToRelease).isZero();
  }

  /** The stream MQ window equals Algorithm 1's two-sided branch (T8) and is private on an unbounded stream. */
  @Test
  void mqSymmetricPlan() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.1, 0.5);
    for (boolean tight : new boolean[] {false, true}) {
      RedactionPlan plan = RedactionPlan.mqSymmetric(c, 2, tight);
      MqMechanism mq = MqMechanism.builder().chain(c).epsilon(2).privateIndex(8).length(20).tight(tight).build();
      assertThat(mq.twoSided()).isTrue();
      assertThat(plan.holdBack()).isEqualTo(mq.radiusLeft());
      assertThat(plan.reach()).isEqualTo(mq.radiusRight());
      long[] active = {8};
      for (long t = 1; t <= 20; t++) {
        assertThat(plan.redactionProbability(t, 0, active, 1)).isEqualTo(mq.redactionProbability(t, 0));
        assertThat(plan.redactionProbability(t, 1, active, 1)).isEqualTo(mq.redactionProbability(t, 1));
      }
      ThreeRMechanism asStream = ThreeRMechanism.builder().chain(c).epsilon(2).privateIndex(50).build();
      assertThat(asStream.leakage().total()).isLessThanOrEqualTo(2);
    }
  }

  /** T13: the empirical release fraction of the Fig. 3 mechanism (eps = 1, R-U) approaches Eq. 3's 0.747918. */
  @Test
  void t13MonteCarloUtility() {
    BinaryMarkovChain c = BinaryMarkovChain.of(0.01, 0.8);
    RedactionPlan plan = RedactionPlan.threeR(c, 1, BudgetSplit.right(1), ThreeRDesign.RELAXED);
    ThreeRMechanism m = ThreeRMechanism.builder().chain(c).epsilon(1).privateIndex(1).length(10)
        .design(ThreeRDesign.RELAXED).split(BudgetSplit.right(1)).build();
    assertThat(m.utility()).isCloseTo(0.747918, within(1e-6));
    KeyedRandom rnd = random();
    SplittableRandom chainRandom = new SplittableRandom(42); // test-side simulation of the data only
    long[] active = {1};
    int runs = 100_000;
    double sum = 0;
    double sumSq = 0;
    for (int run = 0; run < runs; run++) {
      String subject = Integer.toString(run);
      int x = chainRandom.nextDouble() < c.stationary(1) ? 1 : 0;
      int released = 0;
      for (long t = 1; t <= 10; t++) {
        if (t > 1) {
          x = chainRandom.nextDouble() < c.transition(x, 1) ? 1 : 0;
        }
        released += plan.release(t, x, active, 1, rnd, subject) ? 1 : 0;
      }
      sum += released / 10.0;
      sumSq += (released / 10.0) * (released / 10.0);
    }
    double mean = sum / runs;
    double se = Math.sqrt((sumSq / runs - mean * mean) / runs);
    assertThat(se).isCloseTo(0.0603 / Math.sqrt(runs), within(0.1 * 0.0603 / Math.sqrt(runs)));
    assertThat(mean).isCloseTo(0.747918, within(4 * se));
  }
}
