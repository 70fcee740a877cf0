package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window schedule over observed ticks and its noise (docs/mqm.md, "Windows over gaps"). */
class MqmWindowPlanTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};

  static MqmCalibration calibration(int w, double eps) {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(P1)).mode(MqmMode.APPROX_REVERSIBLE)
        .epsilon(eps).windowLength(w).build();
  }

  private static List<int[]> releases(MqmWindowPlan plan, long observed) {
    List<int[]> out = new ArrayList<>();
    for (long n = 1; n <= observed; n++) {
      int len = plan.windowLengthAt(n);
      if (len > 0) {
        out.add(new int[] {(int) n, len});
      }
    }
    return out;
  }

  @Test
  void scheduleCountsObservedTicksWithPartialWindows() {
    MqmWindowPlan plan = MqmWindowPlan.perRelease(calibration(10, 1), 3, true);
    assertThat(releases(plan, 20)).containsExactly(
        new int[] {1, 1}, new int[] {4, 4}, new int[] {7, 7}, new int[] {10, 10}, new int[] {13, 10},
        new int[] {16, 10}, new int[] {19, 10});
    MqmWindowPlan noPartial = MqmWindowPlan.perRelease(calibration(10, 1), 3, false);
    assertThat(releases(noPartial, 20)).containsExactly(
        new int[] {10, 10}, new int[] {13, 10}, new int[] {16, 10}, new int[] {19, 10});
    assertThatThrownBy(() -> plan.windowLengthAt(0)).hasMessage("observed count = 0: must be >= 1");
  }

  @Test
  void perReleaseScalesUseSigmaForEachLength() {
    MqmCalibration c = calibration(100, 1);
    MqmWindowPlan plan = MqmWindowPlan.perRelease(c, 10, true);
    assertThat(plan.noiseScale(100)).isEqualTo(c.noiseScale()).isCloseTo(71.5000, within(1e-4));
    for (int len = 90; len >= 10; len -= 10) {
      assertThat(plan.noiseScale(len)).isEqualTo(c.forWindowLength(len).noiseScale());
    }
    assertThat(plan.noiseScale(10)).isCloseTo(20.0, within(1e-9)); // σ(10) = 10: group DP for a short window
    assertThatThrownBy(() -> plan.noiseScale(15)).hasMessageContaining("window length = 15");
    assertThat(plan.targetEpsilon()).isNaN();
  }

  @Test
  void designRuleUsesOneScaleForEveryWindow() {
    MqmCalibration target = calibration(100, 1);
    MqmWindowPlan plan = MqmWindowPlan.perTimePoint(target, 10, true);
    double beta = SlidingWindowAccountant.designNoiseScale(target, 100, 10);
    assertThat(beta).isCloseTo(715.000, within(1e-3));
    for (int len = 100; len >= 10; len -= 10) {
      // the formula's scale, raised by at most a few 2^-40 steps until the accountant certifies the target
      assertThat(plan.noiseScale(len)).isEqualTo(plan.noiseScale(100)).isGreaterThanOrEqualTo(beta)
          .isLessThanOrEqualTo(beta * (1 + 1e-9));
    }
    assertThat(plan.targetEpsilon()).isEqualTo(1.0);
    assertThat(plan.accountant().steadyStateEpsilon()).isLessThanOrEqualTo(1.0);
  }

  @Test
  void releaseFollowsThePlansScales() {
    MqmWindowPlan design = MqmWindowPlan.perTimePoint(calibration(100, 1), 10, true);
    WindowHistogramRelease r = WindowHistogramRelease.of(design);
    assertThat(r.noiseScale(100)).isEqualTo(design.noiseScale(100));
    assertThat(r.noiseScale(30)).isEqualTo(design.noiseScale(100)); // partial windows at the design scale
    assertThatThrownBy(() -> r.noiseScale(35)).hasMessageContaining("window length = 35");
    long[] noisy = new long[2];
    r.release(new int[] {18, 12}, 30, WindowHistogramReleaseTest.random().reset("mqm", "s", 3), noisy);
    MqmWindowPlan perRelease = MqmWindowPlan.perRelease(calibration(100, 1), 10, true);
    assertThat(WindowHistogramRelease.of(perRelease).noiseScale(30))
        .isEqualTo(WindowHistogramRelease.of(calibration(100, 1)).noiseScale(30));
  }

  @Test
  void missingTicksAndOrder() {
    assertThat(MqmWindowPlan.missingTicks(5, 6)).isZero();
    assertThat(MqmWindowPlan.missingTicks(5, 60)).isEqualTo(54);
    assertThatThrownBy(() -> MqmWindowPlan.missingTicks(5, 5))
        .hasMessage("tick = 5: must be after the previous observation's tick 5 (one state per tick)");
    assertThatThrownBy(() -> MqmWindowPlan.missingTicks(5, 4)).hasMessageStartingWith("tick = 4");
  }

  /**
   * A 50-tick gap in the middle of a W = 100, S = 10 stream at the design scale: every tick, observed or not,
   * stays within ε* = 1; ticks inside the gap lose less than the observed ones around them.
   */
  @Test
  void aLongGapKeepsTheDesignGuarantee() {
    MqmWindowPlan plan = MqmWindowPlan.perTimePoint(calibration(100, 1), 10, true);
    SlidingWindowAccountant acc = plan.accountant();
    boolean[] observed = new boolean[400];
    for (int s = 1; s <= observed.length; s++) {
      observed[s - 1] = s <= 150 || s > 200;
    }
    double worst = 0;
    for (long t = 1; t <= 450; t += 7) {
      double e = acc.epsilonAt(t, observed);
      assertThat(e).as("t = %d", t).isLessThanOrEqualTo(1.0 + 1e-9);
      worst = Math.max(worst, e);
    }
    assertThat(worst).isGreaterThan(0.9); // the bound is attained in steady state, not vacuous
    assertThat(acc.epsilonAt(175, observed)).isLessThan(acc.epsilonAt(140, observed));
  }

  /** Gap-free input reproduces the gap-free accountant (docs/test-vectors.md, 'MQM' stream-start values). */
  @Test
  void noGapsEqualsTheGapFreeAccountant() {
    SlidingWindowAccountant acc = SlidingWindowAccountant.of(calibration(100, 1), 10, false);
    boolean[] all = new boolean[300];
    java.util.Arrays.fill(all, true);
    for (long t : new long[] {1, 2, 5, 10, 20, 50, 100, 150, 290}) {
      assertThat(acc.epsilonAt(t, all)).isEqualTo(acc.epsilonAt(t));
    }
    assertThat(acc.epsilonAt(10, new boolean[0])).isEqualTo(acc.epsilonAt(10));
  }

  /**
   * The formula's scale can certify ε*·(1 + a few ulps) because s* is computed in floating point (seen with ε* = 4,
   * W = S = 96 on a 3-state chain: 4.000000000000005); the plan raises it until the accountant certifies ε*.
   */
  @Test
  void theDesignScaleIsRaisedUntilTheAccountantCertifiesTheTarget() {
    double[][] p = {{0.80, 0.15, 0.05}, {0.10, 0.80, 0.10}, {0.05, 0.25, 0.70}};
    MqmCalibration target = MqmCalibration.builder().chainClass(FiniteChainClass.of(p))
        .mode(MqmMode.EXACT_ANY_INITIAL).epsilon(4).windowLength(96).sensitivity(2).build();
    double formula = SlidingWindowAccountant.designNoiseScale(target, 96, 96);
    assertThat(SlidingWindowAccountant.withNoiseScale(target, 96, formula, false).steadyStateEpsilon())
        .isGreaterThan(4.0);
    MqmWindowPlan plan = MqmWindowPlan.perTimePoint(target, 96, false);
    assertThat(plan.noiseScale(96)).isGreaterThan(formula).isLessThanOrEqualTo(formula * (1 + 1e-9));
    assertThat(plan.accountant().steadyStateEpsilon()).isLessThanOrEqualTo(4.0);
  }
}
