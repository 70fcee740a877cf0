package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link LearnedModel#fit}: exact MLE on the hand-computed {@code tiny.csv}, add-λ smoothing, gaps, and the warnings
 * (docs/learn.md, 'What learn computes').
 */
class LearnedModelTest {

  // tiny.csv at 1 s ticks: a = x x y x, b = y y _ x y. Transitions: x→x 1, x→y 2, y→x 1, y→y 1.
  private static final TraceSet TINY = CsvTraces.read(LearnData.file("tiny.csv"), 1000);

  @Test
  void maximumLikelihoodOfTheTinyTrace() {
    LearnedModel m = LearnedModel.fit(TINY, 0);
    assertThat(m.transitionRows()).isDeepEqualTo(new double[][] {{1.0 / 3, 2.0 / 3}, {0.5, 0.5}});
    assertThat(m.visits()).containsExactly(4, 4);
    assertThat(m.departures()).containsExactly(3, 2);
    assertThat(m.transitions()).isEqualTo(5);
    // π_x · 2/3 = π_y · 1/2  =>  π = (3/7, 4/7)
    assertThat(m.stationary()[0]).isCloseTo(3.0 / 7, within(1e-12));
    assertThat(m.stationary()[1]).isCloseTo(4.0 / 7, within(1e-12));
    assertThat(m.piMin()).isCloseTo(3.0 / 7, within(1e-12));
    // eigenvalues 1 and trace − 1 = −1/6
    assertThat(m.gapP()).isCloseTo(5.0 / 6, within(1e-12));
    // two-state chains are reversible, so P* = P and P·P* = P², eigenvalue (1/6)²
    assertThat(m.reversible()).isTrue();
    assertThat(m.gapPPStar()).isCloseTo(1 - 1.0 / 36, within(1e-12));
    assertThat(m.ergodic()).isTrue();
    assertThat(m.warnings()).containsExactly(
        "2 of 2 states visited fewer than 10 times (x, y): their rows are estimated from little or no data");
  }

  @Test
  void addLambdaSmoothing() {
    LearnedModel m = LearnedModel.fit(TINY, 1.0, 4);
    // (n_ij + 1) / (n_i + 2)
    assertThat(m.transitionRows()).isDeepEqualTo(new double[][] {{2.0 / 5, 3.0 / 5}, {2.0 / 4, 2.0 / 4}});
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void noTransitionIsCountedAcrossAGap() {
    // x _ y: without the gap rule x→y would be counted
    LearnedModel m = LearnedModel.fit(traces(List.of("x", "y"), new int[] {0, -1, 1, 1}), 0, 0);
    assertThat(m.departures()).containsExactly(0, 1);
    assertThat(m.warnings()).anyMatch(w -> w.startsWith("the learned chain is not irreducible"));
  }

  @Test
  void notIrreducibleIsWarnedAndLeavesTheStationaryQuantitiesUndefined() {
    // x x y y: y is absorbing with λ = 0
    LearnedModel m = LearnedModel.fit(traces(List.of("x", "y"), new int[] {0, 0, 1, 1}), 0, 0);
    assertThat(m.stationary()).isNull();
    assertThat(m.piMin()).isNaN();
    assertThat(m.reversible()).isNull();
    assertThat(m.ergodic()).isFalse();
    assertThat(m.warnings()).containsExactly(
        "the learned chain is not irreducible (not ergodic): state x cannot be reached from state y; it has no"
            + " unique stationary distribution and the mechanisms reject it; use a smoothing > 0");
    // any λ > 0 makes every entry positive
    assertThat(LearnedModel.fit(traces(List.of("x", "y"), new int[] {0, 0, 1, 1}), 0.5, 0).ergodic()).isTrue();
  }

  @Test
  void periodicChainIsWarned() {
    LearnedModel m = LearnedModel.fit(traces(List.of("x", "y"), new int[] {0, 1, 0, 1, 0, 1}), 0, 0);
    assertThat(m.period()).isEqualTo(2);
    assertThat(m.ergodic()).isFalse();
    assertThat(m.gapP()).isCloseTo(0, within(1e-12));
    assertThat(m.warnings()).singleElement().asString().startsWith("the learned chain is periodic with period 2");
  }

  @Test
  void stateNeverLeftIsWarnedAndNamed() {
    LearnedModel m = LearnedModel.fit(traces(List.of("x", "y", "z"), new int[] {0, 1, 0, 1, 0}), 1, 0);
    assertThat(m.transitionRows()[2]).containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
    assertThat(m.warnings()).containsExactly("1 states with no observed transition out (z): their rows are pure"
        + " smoothing (uniform), or a self-loop when the smoothing is 0");
  }

  @Test
  void fewVisitWarningNamesAtMostFiveStates() {
    List<String> labels = List.of("s0", "s1", "s2", "s3", "s4", "s5", "s6");
    LearnedModel m = LearnedModel.fit(traces(labels, new int[] {0, 1, 2, 3, 4, 5, 6, 0}), 1, 2);
    assertThat(m.warnings()).first().asString()
        .isEqualTo("6 of 7 states visited fewer than 2 times (s1, s2, s3, s4, s5 and 1 more): their rows are"
            + " estimated from little or no data");
  }

  private static TraceSet traces(List<String> labels, int[] states) {
    Map<String, int[]> subjects = new LinkedHashMap<>();
    subjects.put("s", states);
    return new TraceSet(labels, 1000, subjects, null, states.length, 0);
  }
}
