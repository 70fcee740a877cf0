package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** docs/test-vectors.md, 'MQM': stream accounting for P1, W = 100, count histogram (L = 2). */
class SlidingWindowAccountantTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};

  static MqmCalibration calibration(MqmMode mode) {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(P1)).mode(mode).epsilon(1).windowLength(100)
        .sensitivity(2).build();
  }

  @ParameterizedTest
  @CsvSource({"10, 5.784229, 13", "25, 2.975218, 6", "50, 1.742981, 3", "100, 1.000000, 2"})
  void steadyStateReversible(int slide, double eps, double theorem37) {
    MqmCalibration c = calibration(MqmMode.APPROX_REVERSIBLE);
    assertThat(c.noiseScale()).isCloseTo(71.5000, within(1e-4));
    SlidingWindowAccountant acc = SlidingWindowAccountant.of(c, slide, false);
    assertThat(acc.steadyStateEpsilon()).isCloseTo(eps, within(1e-6));
    assertThat(acc.theorem37SteadyStateEpsilon()).isCloseTo(theorem37, within(1e-9));
  }

  @Test
  void designRuleGivesTargetEpsilon() {
    MqmCalibration c = calibration(MqmMode.APPROX_REVERSIBLE);
    double beta = SlidingWindowAccountant.designNoiseScale(c, 100, 10);
    assertThat(beta).isCloseTo(715.000, within(1e-3));
    assertThat(SlidingWindowAccountant.withNoiseScale(c, 10, beta).steadyStateEpsilon())
        .isCloseTo(1.0, within(1e-6)).isLessThanOrEqualTo(1.0 + 1e-12);
    // S ∤ W: m = ⌈W/S⌉ still guarantees the target in every phase.
    double beta30 = SlidingWindowAccountant.designNoiseScale(c, 100, 30);
    assertThat(beta30).isCloseTo(2 * 4 * 35.7500035336, within(1e-6));
    assertThat(SlidingWindowAccountant.withNoiseScale(c, 30, beta30).steadyStateEpsilon())
        .isLessThanOrEqualTo(1.0 + 1e-12);
  }

  @Test
  void exactModeSteadyState() {
    MqmCalibration c = calibration(MqmMode.EXACT);
    assertThat(SlidingWindowAccountant.of(c, 10, false).steadyStateEpsilon()).isCloseTo(4.058273, within(1e-6));
    assertThat(SlidingWindowAccountant.of(c, 100, false).steadyStateEpsilon()).isCloseTo(1.0, within(1e-6));
    double beta = SlidingWindowAccountant.designNoiseScale(c, 100, 10);
    assertThat(beta).isCloseTo(2 * 10 * 22.2983606367, within(1e-6));
    assertThat(SlidingWindowAccountant.withNoiseScale(c, 10, beta).steadyStateEpsilon())
        .isCloseTo(1.0, within(1e-6));
  }

  @ParameterizedTest
  @CsvSource({
    "1, 0.5559", "2, 0.6119", "5, 0.7797", "10, 1.0614", "20, 1.8823", "30, 2.5469", "50, 3.6842",
    "90, 5.5325", "100, 5.7842", "150, 5.7842", "1000, 5.7842"
  })
  void streamStartReversible(long t, double eps) {
    SlidingWindowAccountant acc = SlidingWindowAccountant.of(calibration(MqmMode.APPROX_REVERSIBLE), 10, false);
    assertThat(acc.epsilonAt(t)).isCloseTo(eps, within(1e-4));
  }

  @Test
  void streamStartNeverExceedsSteadyStateAndPartialWindowsCostMore() {
    MqmCalibration c = calibration(MqmMode.APPROX_GENERAL);
    SlidingWindowAccountant full = SlidingWindowAccountant.of(c, 20, false);
    SlidingWindowAccountant partial = SlidingWindowAccountant.of(c, 20, true);
    double ss = full.steadyStateEpsilon();
    for (long t = 1; t <= 200; t += 7) {
      assertThat(full.epsilonAt(t)).isLessThanOrEqualTo(ss + 1e-12);
      assertThat(partial.epsilonAt(t)).isGreaterThanOrEqualTo(full.epsilonAt(t) - 1e-12);
    }
    assertThat(partial.epsilonAt(5)).isGreaterThan(full.epsilonAt(5));
  }

  @Test
  void streamStartIsBoundedBySteadyStateInExactModes() {
    SlidingWindowAccountant any = SlidingWindowAccountant.of(calibration(MqmMode.EXACT_ANY_INITIAL), 25, false);
    SlidingWindowAccountant stat = SlidingWindowAccountant.of(calibration(MqmMode.EXACT), 25, false);
    assertThat(any.steadyStateEpsilon()).isGreaterThan(0);
    for (long t : new long[] {1, 13, 40, 300}) {
      assertThat(any.epsilonAt(t)).isLessThanOrEqualTo(any.steadyStateEpsilon() + 1e-9);
      assertThat(stat.epsilonAt(t)).isLessThanOrEqualTo(stat.steadyStateEpsilon() + 1e-9);
    }
  }

  @Test
  void badSlideIsRejected() {
    MqmCalibration c = calibration(MqmMode.APPROX_GENERAL);
    assertThatThrownBy(() -> SlidingWindowAccountant.of(c, 0, false)).hasMessageContaining("slide = 0");
    assertThatThrownBy(() -> SlidingWindowAccountant.of(c, 101, false)).hasMessageContaining("[1, W] = [1, 100]");
  }
}
