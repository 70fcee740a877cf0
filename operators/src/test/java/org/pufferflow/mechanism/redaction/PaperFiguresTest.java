package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.pufferflow.mechanism.redaction.RedactionVectorsTest.mq;
import static org.pufferflow.mechanism.redaction.RedactionVectorsTest.threeR;

import org.junit.jupiter.api.Test;
import org.pufferflow.chain.BinaryMarkovChain;

/** Fig. 3 (table and acceptance criteria) and Fig. 4 of Maßny et al., as reproduced in docs/experiments.md (T6). */
class PaperFiguresTest {

  private static final BinaryMarkovChain CHAIN = BinaryMarkovChain.of(0.01, 0.8);
  private static final int N = 10;

  /** eps = 10^(k/10), k = -10..5: M, DIM-UB, MQ, 3R relax nu, q relax, 3R num nu, q*. */
  private static final Object[][] TABLE = {
    {"3,4,5", 0.5000, 0.4000, 0.5078, 0.9736, 0.6162, 0.6077},
    {"3,4", 0.6000, 0.5000, 0.6025, 0.9874, 0.6215, 0.8910},
    {"3,4", 0.6000, 0.5000, 0.6056, 0.9714, 0.6426, 0.7843},
    {"3,4", 0.6000, 0.5000, 0.6095, 0.9517, 0.6626, 0.6830},
    {"2,3,4", 0.6000, 0.5000, 0.6145, 0.9510, 0.6682, 0.7699},
    {"2,3,4", 0.6000, 0.5000, 0.6206, 0.9306, 0.6875, 0.7047},
    {"2,3,4", 0.6000, 0.5000, 0.6280, 0.9056, 0.7072, 0.6383},
    {"2,3", 0.7000, 0.6000, 0.7055, 0.9720, 0.7137, 0.9307},
    {"2,3", 0.7000, 0.6000, 0.7176, 0.9109, 0.7396, 0.7995},
    {"2,3", 0.7000, 0.6000, 0.7317, 0.8394, 0.7650, 0.6712},
    {"2,3", 0.7000, 0.6000, 0.7479, 0.7574, 0.7895, 0.5469},
    {"2,3", 0.7000, 0.6000, 0.7661, 0.6654, 0.8131, 0.4274},
    {"2", 0.8000, 0.7000, 0.8171, 0.8268, 0.8246, 0.7504},
    {"2", 0.8000, 0.7000, 0.8446, 0.5485, 0.8602, 0.3903},
    {"2", 0.8000, 0.7000, 0.8665, 0.3272, 0.8855, 0.1345},
    {"", 0.9000, 0.8000, 0.9000, Double.NaN, 0.9000, Double.NaN},
  };

  private static ThreeRMechanism relaxed(double eps) {
    return threeR(CHAIN, eps, 1, N, ThreeRDesign.RELAXED, BudgetSplit.right(eps));
  }

  private static ThreeRMechanism numerical(double eps) {
    return threeR(CHAIN, eps, 1, N, ThreeRDesign.NUMERICAL, BudgetSplit.right(eps));
  }

  private static String mSet(ThreeRMechanism m) {
    StringBuilder s = new StringBuilder();
    for (long t = 1; t <= N; t++) {
      double r0 = m.redactionProbability(t, 0);
      if (r0 < 1 && m.redactionProbability(t, 1) == 1) {
        s.append(s.length() == 0 ? "" : ",").append(t);
      }
    }
    return s.toString();
  }

  @Test
  void figureThreeTable() {
    for (int row = 0; row < TABLE.length; row++) {
      double eps = Math.pow(10, (row - 10) / 10.0);
      Object[] e = TABLE[row];
      ThreeRMechanism ru = relaxed(eps);
      ThreeRMechanism num = numerical(eps);
      assertThat(mSet(ru)).as("M at eps=%s", eps).isEqualTo(e[0]);
      assertThat(mSet(num)).isEqualTo(e[0]);
      assertThat(DataIndependentBound.corrected(CHAIN, N, 1, eps)).isCloseTo((double) e[1], within(1e-4));
      assertThat(mq(CHAIN, eps, 1, N, false).utility()).isCloseTo((double) e[2], within(1e-4));
      assertThat(ru.utility()).as("relax nu at eps=%s", eps).isCloseTo((double) e[3], within(1e-4));
      assertThat(num.utility()).as("num nu at eps=%s", eps).isCloseTo((double) e[5], within(1e-4));
      if (!Double.isNaN((double) e[4])) {
        assertThat(ru.right().q()[0]).isCloseTo((double) e[4], within(1e-4));
        assertThat(num.right().q()[0]).isCloseTo((double) e[6], within(1e-4));
      }
      // R-OPT gives identical values on these instances (docs/experiments.md)
      ThreeRMechanism opt = threeR(CHAIN, eps, 1, N, ThreeRDesign.OPTIMAL, BudgetSplit.right(eps));
      assertThat(opt.utility()).isCloseTo(ru.utility(), within(1e-9));
    }
  }

  /** Acceptance criteria 1–4 of docs/experiments.md on 401 log-spaced eps in [0.1, 10]. */
  @Test
  void figureThreeAcceptanceCriteria() {
    double[] steps = {Influence.ihat(CHAIN, 4), Influence.ihat(CHAIN, 3), Influence.ihat(CHAIN, 2),
        Influence.ihat(CHAIN, 1)};
    assertThat(steps).containsExactly(new double[] {0.100477, 0.444311, 1.394663, 2.995732}, within(1e-6));
    assertThat(Influence.icheck(CHAIN, 1)).isCloseTo(0.213093, within(1e-6));
    double maxGain = 0;
    for (int i = 0; i <= 400; i++) {
      double eps = Math.pow(10, -1 + 2 * i / 400.0);
      double level = 0.5;
      for (double s : steps) {
        if (eps >= s) {
          level += 0.1;
        }
      }
      double dimUb = DataIndependentBound.corrected(CHAIN, N, 1, eps);
      assertThat(dimUb).as("criterion 1 at %s", eps).isCloseTo(level, within(1e-12));
      assertThat(BruteForce.dimOptimum(CHAIN, N, 1, eps)).isCloseTo(dimUb, within(1e-12));
      ThreeRMechanism ru = relaxed(eps);
      ThreeRMechanism num = numerical(eps);
      assertThat(ru.utility()).as("criterion 2 at %s", eps).isGreaterThanOrEqualTo(dimUb - 1e-12);
      if (ru.utility() <= dimUb + 1e-12) {
        assertThat(mSet(ru).isEmpty() || isLeftEndOfStep(eps, steps)).as("equality at %s", eps).isTrue();
      }
      assertThat(num.utility()).as("criterion 3 at %s", eps).isGreaterThanOrEqualTo(ru.utility() - 1e-12);
      maxGain = Math.max(maxGain, num.utility() - dimUb);
      for (SidedRedactionMechanism m : new SidedRedactionMechanism[] {ru, num, mq(CHAIN, eps, 1, N, false),
          mq(CHAIN, eps, 1, N, true)}) {
        assertThat(m.leakage().total()).as("criterion 4 at %s", eps).isLessThanOrEqualTo(eps);
      }
    }
    assertThat(maxGain).isCloseTo(0.1223, within(1e-4));
  }

  /** Within the first log-grid step after a DIM-UB step the 3R gain may vanish (q close to 1). */
  private static boolean isLeftEndOfStep(double eps, double[] steps) {
    for (double s : steps) {
      if (eps >= s && eps < s * Math.pow(10, 2 / 400.0)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void figureFour() {
    double eps = 1;
    MqMechanism printed = mq(CHAIN, eps, 1, N, false);
    MqMechanism tight = mq(CHAIN, eps, 1, N, true);
    ThreeRMechanism ru = relaxed(eps);
    ThreeRMechanism num = numerical(eps);
    // Pr(Y_t = ⊥ | X_t = 0), t = 1..5; t = 6..10 are 0 for all
    double[] mqPrinted = {1, 1, 1, 1, 0};
    double[] mqTight = {1, 1, 1, 0, 0};
    double[] relax = {1, 0.757415, 0.757415, 0, 0};
    double[] numer = {1, 0.546926, 0.546926, 0, 0};
    for (int t = 1; t <= N; t++) {
      int i = t - 1;
      assertThat(printed.redactionProbability(t, 0)).isEqualTo(t <= 5 ? mqPrinted[i] : 0);
      assertThat(tight.redactionProbability(t, 0)).isEqualTo(t <= 5 ? mqTight[i] : 0);
      assertThat(ru.redactionProbability(t, 0)).isCloseTo(t <= 5 ? relax[i] : 0, within(1e-6));
      assertThat(num.redactionProbability(t, 0)).isCloseTo(t <= 5 ? numer[i] : 0, within(1e-6));
    }
  }
}
