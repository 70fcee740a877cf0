package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.FleetHistogramFunctionTest.CLOCK;
import static org.pufferflow.operators.MqmTestSupport.LABELS;
import static org.pufferflow.operators.MqmTestSupport.avroBytes;
import static org.pufferflow.operators.MqmTestSupport.feed;
import static org.pufferflow.operators.MqmTestSupport.harness;
import static org.pufferflow.operators.MqmTestSupport.keyFile;
import static org.pufferflow.operators.MqmTestSupport.stickySpec;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.operators.NoiseKeySource;

/**
 * {@link MqmWindowFunction} through Flink's keyed operator harness (docs/operators.md, 'MQM window function';
 * docs/mqm.md, 'Windows over gaps').
 */
class MqmWindowFunctionTest {

  private static final LedgerPolicy AMPLE = Budgets.total(1e6);

  @TempDir Path dir;

  /** The states of a fixed pattern (public test data). */
  private static int state(long tick) {
    return (int) ((tick * 7 + tick / 3) % 2);
  }

  @Test
  void slidingWindowsWithoutGapsEndEverySObservedTicks() throws Exception {
    MqmWindowPlan spec = stickySpec(4, 2);
    MqmWindowPlan plan = spec;
    try (var h = harness(spec, AMPLE, keyFile(dir, 1))) {
      h.open();
      for (long t = 1; t <= 10; t++) {
        feed(h, "a", t, state(t));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      assertThat(out).extracting(WindowHistogram::getWindowStartTick).containsExactly(1L, 3L, 5L, 7L);
      assertThat(out).extracting(WindowHistogram::getWindowEndTick).containsExactly(4L, 6L, 8L, 10L);
      assertThat(out).extracting(WindowHistogram::getReleaseSeq).containsExactly(0L, 1L, 2L, 3L);
      for (WindowHistogram w : out) {
        assertThat(w.getSubjectId()).isEqualTo("a");
        assertThat(w.getStateLabels()).isEqualTo(LABELS);
        assertThat(w.getNoisyCounts()).hasSize(2).allSatisfy(v -> assertThat(v % 1.0).isZero());
        assertThat(w.getNoiseScale()).isEqualTo(plan.noiseScale(4));
        assertThat(w.getPerPointEpsilon()).isEqualTo(1.0).isEqualTo(plan.targetEpsilon());
        assertThat(w.getMode()).isEqualTo(spec.mode().configName());
      }
    }
  }

  @Test
  void withAClockEachHistogramCarriesItsWindowAsTimestampsBesideTheTicks() throws Exception {
    TickClock clock = new TickClock(60_000, 1_700_000_000_000L);
    try (var h = harness(new MqmWindowFunction(stickySpec(4, 2).withBudget(AMPLE), keyFile(dir, 1), LABELS, clock))) {
      h.open();
      for (long t = 1; t <= 6; t++) {
        feed(h, "a", t, state(t));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      assertThat(out).extracting(w -> w.getWindowStartTick() + "-" + w.getWindowEndTick()).containsExactly("1-4", "3-6");
      assertThat(out).extracting(w -> w.getWindowStartTime().toEpochMilli())
          .containsExactly(1_700_000_060_000L, 1_700_000_180_000L);
      assertThat(out).extracting(w -> w.getWindowEndTime().toEpochMilli())
          .containsExactly(1_700_000_300_000L, 1_700_000_420_000L);
    }
    try (var h = harness(stickySpec(4, 2), AMPLE, keyFile(dir, 1))) { // no clock: no timestamps
      h.open();
      for (long t = 1; t <= 4; t++) {
        feed(h, "a", t, state(t));
      }
      assertThat(h.extractOutputValues()).singleElement()
          .satisfies(w -> assertThat(w.getWindowStartTime()).isNull());
    }
  }

  @Test
  void gapsNeitherEndNorRestartAWindowIncludingAGapOfABillionTicks() throws Exception {
    MqmWindowPlan spec = stickySpec(4, 2);
    long far = 1_000_000_020L;
    long[] ticks = {1, 2, 5, 9, 10, far, far + 1, far + 5};
    try (var h = harness(spec, AMPLE, keyFile(dir, 1))) {
      h.open();
      for (long t : ticks) {
        feed(h, "g", t, state(t));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      // observed ranks 4, 6, 8 end windows; they start at ranks 1, 3, 5
      assertThat(out).extracting(WindowHistogram::getWindowStartTick).containsExactly(1L, 5L, 10L);
      assertThat(out).extracting(WindowHistogram::getWindowEndTick).containsExactly(9L, far, far + 5);
      // the noise does not depend on the gaps: same scale as a gap-free window
      assertThat(out).extracting(WindowHistogram::getNoiseScale).containsOnly(spec.noiseScale(4));
    }
  }

  @Test
  void tumblingWindowsAndSubjectsAreIndependent() throws Exception {
    MqmWindowPlan spec = stickySpec(3, 3);
    try (var h = harness(spec, AMPLE, keyFile(dir, 1))) {
      h.open();
      for (long t = 1; t <= 7; t++) {
        feed(h, "x", t, state(t));
        feed(h, "y", 100 + 2 * t, state(t));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      assertThat(out).filteredOn(w -> w.getSubjectId().equals("x"))
          .extracting(w -> w.getWindowStartTick() + "-" + w.getWindowEndTick()).containsExactly("1-3", "4-6");
      assertThat(out).filteredOn(w -> w.getSubjectId().equals("y"))
          .extracting(w -> w.getWindowStartTick() + "-" + w.getWindowEndTick()).containsExactly("102-106", "108-112");
      assertThat(h.getOutput()).isNotEmpty();
    }
  }

  @Test
  void frequenciesAreTheSameNoisyCountsDividedByTheWindowLength() throws Exception {
    MqmWindowPlan counts = stickySpec(4, 4);
    MqmWindowPlan freq = MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}))
        .window(4).slide(4)
        .epsilon(1.0).output(MqmOutput.FREQUENCIES).build();
    NoiseKeySource key = keyFile(dir, 3);
    List<WindowHistogram> a = run(counts, AMPLE, key, 12);
    List<WindowHistogram> b = run(freq, AMPLE, key, 12);
    assertThat(a).hasSize(3).hasSameSizeAs(b);
    for (int i = 0; i < a.size(); i++) {
      for (int c = 0; c < 2; c++) {
        assertThat(b.get(i).getNoisyCounts().get(c)).isEqualTo(a.get(i).getNoisyCounts().get(c) / 4.0);
      }
      assertThat(b.get(i).getNoiseScale()).isEqualTo(a.get(i).getNoiseScale());
    }
  }

  private static List<WindowHistogram> run(MqmWindowPlan spec, LedgerPolicy budget, NoiseKeySource key, int ticks)
      throws Exception {
    try (var h = harness(spec, budget, key)) {
      h.open();
      for (long t = 1; t <= ticks; t++) {
        feed(h, "s", t, state(t));
      }
      return h.extractOutputValues();
    }
  }

  @Test
  void theBudgetStopsReleasesWithExactlyOneLedgerEvent() throws Exception {
    MqmWindowPlan spec = stickySpec(2, 1);
    try (var h = harness(spec, Budgets.total(3.5), keyFile(dir, 1))) {
      h.open();
      for (long t = 1; t <= 12; t++) {
        feed(h, "b", t, state(t));
        feed(h, "c", t, state(t + 1));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      // each window is charged epsilon* = 1: three releases fit in 3.5 per subject
      assertThat(out).filteredOn(w -> w.getSubjectId().equals("b")).extracting(WindowHistogram::getReleaseSeq)
          .containsExactly(0L, 1L, 2L);
      assertThat(out).filteredOn(w -> w.getSubjectId().equals("c")).hasSize(3);
      List<LedgerEvent> events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
      assertThat(events).extracting(LedgerEvent::getSubjectId).containsExactly("b", "c");
      for (LedgerEvent e : events) {
        assertThat(e.getMechanism()).isEqualTo("mqm");
        assertThat(e.getSpent()).isEqualTo(3.0);
        assertThat(e.getRemaining()).isEqualTo(0.5);
        assertThat(e.getExhausted()).isTrue();
      }
      OperatorMetrics m = ((MqmWindowFunction) ((org.apache.flink.streaming.api.operators
          .KeyedProcessOperator<?, ?, ?>) h.getOneInputOperator()).getUserFunction()).metrics();
      assertThat(m.count(OperatorMetrics.RELEASES)).isEqualTo(6);
      assertThat(m.count(OperatorMetrics.BUDGET_EXHAUSTIONS)).isEqualTo(2);
      assertThat(m.count(OperatorMetrics.BUDGET_REFUSALS)).isEqualTo(2 * (11 - 3));
      assertThat(m.count(OperatorMetrics.SUBJECTS)).isEqualTo(2);
    }
  }

  @Test
  void aPeriodBudgetReportsOncePerPeriod() throws Exception {
    MqmWindowPlan spec = stickySpec(2, 1);
    try (var h = harness(spec, Budgets.withPeriod(100, 2, 10), keyFile(dir, 1))) {
      h.open();
      for (long t = 0; t < 30; t++) {
        feed(h, "p", t, state(t));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      // windows end at ticks 1..29; two per 10-tick period
      assertThat(out).extracting(WindowHistogram::getWindowEndTick).containsExactly(1L, 2L, 10L, 11L, 20L, 21L);
      List<LedgerEvent> events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
      assertThat(events).hasSize(3).allSatisfy(e -> {
        assertThat(e.getExhausted()).isFalse();
        assertThat(e.getRemaining()).isZero();
      });
    }
  }

  @Test
  void snapshotAndRestoreMidStreamGiveByteIdenticalOutput() throws Exception {
    MqmWindowPlan spec = stickySpec(5, 2);
    NoiseKeySource key = keyFile(dir, 9);
    LedgerPolicy budget = Budgets.withPeriod(40, 6, 50);
    String[] subjects = {"m1", "m2", "m3"};
    List<WindowHistogram> uninterrupted;
    List<LedgerEvent> uninterruptedEvents;
    try (var h = harness(spec, budget, key)) {
      h.open();
      feedRange(h, subjects, 1, 200);
      uninterrupted = h.extractOutputValues();
      uninterruptedEvents = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
    }
    OperatorSubtaskState snapshot;
    List<WindowHistogram> before;
    List<LedgerEvent> beforeEvents;
    try (var h = harness(spec, budget, key)) {
      h.open();
      feedRange(h, subjects, 1, 87);
      snapshot = h.snapshot(1L, 1L);
      before = h.extractOutputValues();
      beforeEvents = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
    }
    try (var h = harness(spec, budget, key)) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      feedRange(h, subjects, 88, 200);
      List<WindowHistogram> all = new ArrayList<>(before);
      all.addAll(h.extractOutputValues());
      List<LedgerEvent> events = new ArrayList<>(beforeEvents);
      events.addAll(values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS)));
      assertThat(uninterrupted).hasSizeGreaterThan(before.size() + 20);
      assertThat(uninterruptedEvents).isNotEmpty();
      assertThat(avroBytes(all)).isEqualTo(avroBytes(uninterrupted));
      assertThat(avroBytes(events)).isEqualTo(avroBytes(uninterruptedEvents));
    }
  }

  private static void feedRange(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> h,
      String[] subjects, long from, long to) throws Exception {
    for (long t = from; t <= to; t++) {
      for (int i = 0; i < subjects.length; i++) {
        if ((t + i) % 7 != 0) { // gaps
          feed(h, subjects[i], t, state(t + i));
        }
      }
    }
  }

  @Test
  void sameInputAndKeyGiveIdenticalBytesAndAnotherKeyOtherNoise() throws Exception {
    MqmWindowPlan spec = stickySpec(3, 1);
    List<WindowHistogram> a = run(spec, AMPLE, keyFile(dir, 5), 60);
    List<WindowHistogram> b = run(spec, AMPLE, keyFile(dir, 5), 60);
    List<WindowHistogram> c = run(spec, AMPLE, keyFile(dir, 6), 60);
    assertThat(a).hasSize(58);
    assertThat(avroBytes(a)).isEqualTo(avroBytes(b));
    assertThat(avroBytes(a)).isNotEqualTo(avroBytes(c));
  }

  @Test
  void outOfOrderDuplicateAndUnknownStatesAreRejectedAndCountedWithoutTouchingTheWindow() throws Exception {
    MqmWindowPlan spec = stickySpec(2, 1);
    NoiseKeySource key = keyFile(dir, 2);
    List<WindowHistogram> clean = run(spec, AMPLE, key, 4);
    try (var h = harness(spec, AMPLE, key)) {
      h.open();
      feed(h, "s", 1, state(1));
      feed(h, "s", 2, state(2));
      feed(h, "s", 2, 1 - state(2)); // duplicate tick
      feed(h, "s", 1, 0); // behind
      feed(h, "s", 3, 7); // no such state
      feed(h, "s", 3, state(3));
      feed(h, "s", 4, state(4));
      assertThat(avroBytes(h.extractOutputValues())).isEqualTo(avroBytes(clean));
      List<RejectedObservation> rejected = values(h.getSideOutput(MechanismOutputs.REJECTED));
      assertThat(rejected).extracting(RejectedObservation::getReasonCode)
          .containsExactly("DUPLICATE_TICK", "TOO_LATE", "UNKNOWN_LABEL");
      assertThat(rejected.get(2).getMessage()).doesNotContain("7");
      MqmWindowFunction fn = (MqmWindowFunction) ((org.apache.flink.streaming.api.operators
          .KeyedProcessOperator<?, ?, ?>) h.getOneInputOperator()).getUserFunction();
      assertThat(fn.metrics().rejects(ReasonCode.DUPLICATE_TICK)).isEqualTo(1);
      assertThat(fn.metrics().rejects(ReasonCode.UNKNOWN_LABEL)).isEqualTo(1);
      assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).isEqualTo(1);
      feed(h, "new", 5, 2); // a first record that is rejected creates no subject state
      feed(h, "new", 6, 0);
      assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).isEqualTo(2);
      assertThat(fn.metrics().rejects(ReasonCode.UNKNOWN_LABEL)).isEqualTo(2);
    }
  }

  @Test
  void aRestoreUnderAnUnsafeBudgetChangeFailsAtStartNamingTheKey() throws Exception {
    MqmWindowPlan spec = stickySpec(2, 1);
    NoiseKeySource key = keyFile(dir, 2);
    OperatorSubtaskState snapshot;
    try (var h = harness(spec, Budgets.withPeriod(10, 2, 20), key)) {
      h.open();
      feed(h, "s", 1, 0);
      feed(h, "s", 2, 1);
      snapshot = h.snapshot(1L, 1L);
    }
    try (var h = harness(spec, Budgets.withPeriod(10, 2, 15), key)) {
      h.setup();
      assertThatThrownBy(() -> h.initializeState(snapshot))
          .hasStackTraceContaining("periodTicks")
          .hasStackTraceContaining("mqm budget");
    }
    // a safe change (a raised total) restores
    try (var h = harness(spec, Budgets.withPeriod(20, 2, 20), key)) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      feed(h, "s", 3, 0);
      assertThat(h.extractOutputValues()).hasSize(1);
    }
  }

  @Test
  void labelsMustMatchTheStates(@TempDir Path d) throws Exception {
    assertThatThrownBy(() -> new MqmWindowFunction(stickySpec(2, 1).withBudget(AMPLE), keyFile(d, 1), List.of("only")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stateLabels = 1 labels: the MQM spec has 2 states");
  }

  private static MqmWindowPlan partialSpec(MqmOutput output) {
    return MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}))
        .window(5).slide(2)
        .epsilon(1.0).partialWindows(true).output(output).build();
  }

  @Test
  void partialWindowsAtTheStartHaveTheirOwnLengthAndTheFullScale() throws Exception {
    MqmWindowPlan spec = partialSpec(MqmOutput.COUNTS);
    long[] ticks = {10, 11, 15, 16, 17, 40, 41, 42, 43};
    try (var h = harness(spec, AMPLE, keyFile(dir, 4))) {
      h.open();
      for (long t : ticks) {
        feed(h, "p", t, state(t));
      }
      List<WindowHistogram> out = h.extractOutputValues();
      // ranks 1, 3 end partial windows (lengths 1, 3); ranks 5, 7, 9 full windows starting at ranks 1, 3, 5
      assertThat(out).extracting(WindowHistogram::getWindowStartTick).containsExactly(10L, 10L, 10L, 15L, 17L);
      assertThat(out).extracting(WindowHistogram::getWindowEndTick).containsExactly(10L, 15L, 17L, 41L, 43L);
      assertThat(out).extracting(WindowHistogram::getNoiseScale).containsOnly(spec.noiseScale(5));
      assertThat(spec.noiseScale(1)).isEqualTo(spec.noiseScale(5));
    }
    List<WindowHistogram> counts = new ArrayList<>();
    List<WindowHistogram> freq = new ArrayList<>();
    for (MqmOutput o : MqmOutput.values()) {
      try (var h = harness(partialSpec(o), AMPLE, keyFile(dir, 4))) {
        h.open();
        for (long t : ticks) {
          feed(h, "p", t, state(t));
        }
        (o == MqmOutput.COUNTS ? counts : freq).addAll(h.extractOutputValues());
      }
    }
    int[] lengths = {1, 3, 5, 5, 5};
    for (int i = 0; i < lengths.length; i++) {
      for (int c = 0; c < 2; c++) {
        assertThat(freq.get(i).getNoisyCounts().get(c))
            .isEqualTo(counts.get(i).getNoisyCounts().get(c) / lengths[i]);
      }
    }
    assertThatThrownBy(() -> new FleetHistogramFunction(partialSpec(MqmOutput.FREQUENCIES), LABELS, CLOCK))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs full windows only");
  }

  @Test
  void thePartialWindowsOptionSurvivesSerialization() throws Exception {
    MqmWindowPlan on = partialSpec(MqmOutput.COUNTS);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (var out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(on);
    }
    MqmWindowPlan back;
    try (var in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      back = (MqmWindowPlan) in.readObject();
    }
    assertThat(back).isEqualTo(on).hasSameHashCodeAs(on);
    assertThat(back.partialWindows()).isTrue();
    assertThat(back.windowLengthAt(3)).isEqualTo(3);
    assertThat(stickySpec(5, 2).partialWindows()).isFalse();
    assertThat(stickySpec(5, 2).windowLengthAt(3)).isZero();
    assertThat(on).isNotEqualTo(MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}))
        .window(5).slide(2).epsilon(1.0).build());
  }

  @Test
  void aRestoreUnderAnotherSlideOrWindowIsRefusedNamingIt() throws Exception {
    NoiseKeySource key = keyFile(dir, 2);
    OperatorSubtaskState snapshot;
    try (var h = harness(stickySpec(4, 2), AMPLE, key)) {
      h.open();
      feed(h, "s", 1, 0);
      snapshot = h.snapshot(1L, 1L);
    }
    try (var h = harness(stickySpec(4, 1), AMPLE, key)) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      assertThatThrownBy(() -> feed(h, "s", 2, 0)).hasMessageContaining("slide 2")
          .hasMessageContaining("mqm.slide");
    }
    try (var h = harness(stickySpec(5, 2), AMPLE, key)) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      assertThatThrownBy(() -> feed(h, "s", 2, 0)).hasMessageContaining("window 4");
    }
  }
}
