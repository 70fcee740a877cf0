package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/** Invariants of {@link JobPlanner#mqm} over window schedules (docs/cli.md, "plan --config"; docs/mqm.md). */
class JobPlannerMqmProperties {

  static final FiniteChainClass P1 = FiniteChainClass.of(new double[][] {{0.9, 0.1}, {0.2, 0.8}});

  @Property(tries = 40)
  void scheduleInvariants(
      @ForAll @DoubleRange(min = 0.2, max = 5) double epsilon,
      @ForAll @IntRange(min = 2, max = 60) int window,
      @ForAll @IntRange(min = 1, max = 60) int slideSeed) {
    int slide = 1 + (slideSeed - 1) % window;
    MqmWindowPlan plan = MqmWindowPlan.builder()
        .chains(java.util.List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}})).mode(MqmMode.EXACT_ANY_INITIAL).epsilon(epsilon).window(window).slide(slide).build();
    MqmOutlook m = JobPlanner.mqm(plan, 2, false);
    // the stream start is covered by fewer windows than the steady state
    assertThat(m.perPointEpsilonStart()).isLessThanOrEqualTo(m.perPointEpsilonSteadyState() * (1 + 1e-12));
    // a point inside released windows always loses something
    assertThat(m.perPointEpsilonSteadyState()).isPositive();
    // discrete noise is no larger on average than its scale
    assertThat(m.expectedAbsNoisePerBin()).isLessThanOrEqualTo(m.noiseScale());
    assertThat(m.expectedWindowL1Error()).isCloseTo(2 * m.expectedAbsNoisePerBin(), within(1e-12));
    assertThat(m.expectedFrequencyError() * window).isCloseTo(m.expectedAbsNoisePerBin(), within(1e-9));
    // the design rule L·⌈W/S⌉·s*(ε) is at least one window's scale L·σ_max(W, ε), since σ_max ≤ s*
    assertThat(m.noiseScale()).isGreaterThanOrEqualTo(m.singleWindowNoiseScale() * (1 - 1e-12));
    // and it keeps every time point within the target
    assertThat(m.perPointEpsilonSteadyState()).isLessThanOrEqualTo(epsilon * (1 + 1e-12));
    assertThat(m.sigma()).isLessThanOrEqualTo(m.groupDpSigma());
  }
}
