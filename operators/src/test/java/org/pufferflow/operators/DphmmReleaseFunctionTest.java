package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.DphmmOperatorFixtures.avro;
import static org.pufferflow.operators.DphmmOperatorFixtures.feed;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.DphmmOperatorFixtures.reference;
import static org.pufferflow.operators.DphmmOperatorFixtures.smallSpec;
import static org.pufferflow.operators.DphmmOperatorFixtures.values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.operators.NoiseKeySource;

/**
 * The DPHMM release function in Flink's keyed operator harness (docs/operators.md, 'DPHMM release function'): tick
 * order and gaps, budgets, snapshot and restore, determinism, and what reaches the outputs.
 */
class DphmmReleaseFunctionTest {

  private static final DphmmConfig SPEC = smallSpec(DphmmNoise.K_NORM, 0.3);

  @TempDir Path dir;
  private NoiseKeySource key;

  @BeforeEach
  void writeKey() throws Exception {
    key = keyFile(dir, 0);
  }

  private static long[] ticks(List<DphmmRelease> rs) {
    return rs.stream().mapToLong(DphmmRelease::getTick).toArray();
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: the 10^9 gap costs O(N² log g) on this chain
  void oneReleasePerTickWithGapsFromTheLastReleaseIncludingABillionTicks() throws Exception {
    DphmmReleaseFunction fn = new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(100)), key);
    long[] t = {3, 4, 7, 1_000_000_007L, 1_000_000_008L};
    int[] s = {0, 1, 2, 2, 1};
    try (var h = harness(fn)) {
      h.open();
      List<StateObservation> in = new ArrayList<>();
      for (int i = 0; i < t.length; i++) {
        in.add(new StateObservation("a", t[i], s[i]));
      }
      in.add(new StateObservation("a", 1_000_000_008L, 0)); // duplicate tick
      in.add(new StateObservation("a", 5, 0)); // before the last release
      in.add(new StateObservation("b", 2, 1)); // another subject: its own first release
      feed(h, in);
      List<DphmmRelease> out = h.extractOutputValues();
      List<DphmmRelease> a = out.stream().filter(r -> r.getSubjectId().equals("a")).toList();
      assertThat(ticks(a)).containsExactly(t);
      assertThat(a).extracting(DphmmRelease::getReleaseSeq).containsExactly(0L, 1L, 2L, 3L, 4L);
      List<double[]> expected = reference(SPEC, key, "a", t, s);
      for (int i = 0; i < t.length; i++) {
        assertThat(values(a.get(i))).as("release %d", i).containsExactly(expected.get(i));
        assertThat(a.get(i).getEpsilon()).isEqualTo(0.3);
        assertThat(a.get(i).getMechanism()).isEqualTo("k-norm");
        assertThat(a.get(i).getConstraintSize()).isEqualTo(3);
        assertThat(a.get(i).getConstrainedDpEpsilon()).isGreaterThanOrEqualTo(0.3 * 2); // max |f_j − f_k|_K = 2
      }
      for (int i = 0; i < t.length; i++) { // the ledger's spend, rounded up: never below the exact sum
        assertThat(a.get(i).getCumulativeEpsilon()).isBetween(0.3 * (i + 1) - 1e-15, 0.3 * (i + 1) + 1e-12);
        assertThat(new java.math.BigDecimal(a.get(i).getCumulativeEpsilon()))
            .isGreaterThanOrEqualTo(new java.math.BigDecimal(0.3).multiply(java.math.BigDecimal.valueOf(i + 1)));
      }
      DphmmRelease b = out.get(out.size() - 1);
      assertThat(b.getSubjectId()).isEqualTo("b");
      assertThat(b.getReleaseSeq()).isZero();
      assertThat(values(b)).containsExactly(reference(SPEC, key, "b", new long[] {2}, new int[] {1}).get(0));
      List<RejectedObservation> rejected = values(h.getSideOutput(MechanismOutputs.REJECTED));
      assertThat(rejected).extracting(r -> r.getReasonCode() + ": " + r.getMessage()).containsExactly(
          "DUPLICATE_TICK: subject a, tick 1000000008: not after the subject's last DPHMM release at tick 1000000008"
              + " (ticks must increase per subject)",
          "TOO_LATE: subject a, tick 5: not after the subject's last DPHMM release at tick 1000000008"
              + " (ticks must increase per subject)");
      assertThat(rejected).extracting(RejectedObservation::getSourceTopic).containsOnly("dphmm");
      assertThat(rejected).extracting(RejectedObservation::getSourcePartition).containsOnly(-1);
      assertThat(fn.metrics().count(OperatorMetrics.RELEASES)).isEqualTo(6);
      assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).isEqualTo(2);
      assertThat(fn.metrics().rejects(ReasonCode.DUPLICATE_TICK)).isEqualTo(1);
      assertThat(fn.metrics().rejects(ReasonCode.TOO_LATE)).isEqualTo(1);
      assertThat(fn.metrics().count(OperatorMetrics.SURROGATE_USES)).as("C is every state here").isZero();
      // one hull cache per instance, shared by the subjects: C = {0, 1, 2} is built once, then hit 5 times
      assertThat(fn.releaser().cacheMisses()).isEqualTo(1);
      assertThat(OperatorMetrics.hitRate(fn.releaser().cacheHits(), fn.releaser().cacheMisses())).isEqualTo(5.0 / 6);
      assertThat(h.numKeyedStateEntries()).as("one value per subject, its ledger inside").isEqualTo(2);
    }
  }

  @Test
  void exhaustingTheBudgetEmitsExactlyOneLedgerEventAndStopsReleases() throws Exception {
    DphmmReleaseFunction fn = new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(1.0)), key);
    try (var h = harness(fn)) {
      h.open();
      List<StateObservation> in = new ArrayList<>();
      for (long tick = 0; tick < 10; tick++) {
        in.add(new StateObservation("a", tick, (int) (tick % 3)));
      }
      feed(h, in);
      List<DphmmRelease> out = h.extractOutputValues();
      assertThat(ticks(out)).containsExactly(0, 1, 2); // 3 × 0.3 = 0.9 ≤ 1 < 1.2
      List<LedgerEvent> events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
      assertThat(events).hasSize(1);
      LedgerEvent e = events.get(0);
      assertThat(e.getSubjectId()).isEqualTo("a");
      assertThat(e.getMechanism()).isEqualTo("dphmm");
      assertThat(e.getExhausted()).isTrue();
      assertThat(e.getSpent()).isEqualTo(out.get(2).getCumulativeEpsilon());
      assertThat(e.getRemaining()).isBetween(0.09, 0.1);
      assertThat(fn.metrics().count(OperatorMetrics.BUDGET_EXHAUSTIONS)).isEqualTo(1);
      assertThat(fn.metrics().count(OperatorMetrics.BUDGET_REFUSALS)).isEqualTo(7);
    }
  }

  @Test
  void aRefusedReleaseLeavesThePosteriorSoTheNextReleasePropagatesFromTheLastRelease() throws Exception {
    // 0.6 per 10 ticks at ε = 0.3: two releases per period; ticks 2 and 3 are refused (one event, at tick 2)
    DphmmReleaseFunction fn = new DphmmReleaseFunction(SPEC.withBudget(Budgets.withPeriod(100, 0.6, 10)), key);
    long[] t = {0, 1, 2, 3, 10, 11};
    int[] s = {0, 1, 2, 0, 1, 2};
    try (var h = harness(fn)) {
      h.open();
      List<StateObservation> in = new ArrayList<>();
      for (int i = 0; i < t.length; i++) {
        in.add(new StateObservation("a", t[i], s[i]));
      }
      feed(h, in);
      List<DphmmRelease> out = h.extractOutputValues();
      assertThat(ticks(out)).containsExactly(0, 1, 10, 11);
      assertThat(out).extracting(DphmmRelease::getReleaseSeq).containsExactly(0L, 1L, 2L, 3L);
      // the release at tick 10 has gap 9 from the release at tick 1: the adversary saw nothing at ticks 2 and 3
      List<double[]> expected = reference(SPEC, key, "a", new long[] {0, 1, 10, 11}, new int[] {0, 1, 1, 2});
      for (int i = 0; i < 4; i++) {
        assertThat(values(out.get(i))).containsExactly(expected.get(i));
      }
      List<LedgerEvent> events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
      assertThat(events).hasSize(1);
      assertThat(events.get(0).getExhausted()).isFalse();
      assertThat(events.get(0).getRemaining()).isBetween(0.0, 1e-12);
    }
  }

  /** Several subjects with random gaps; one of them exhausts its budget of 2.0 at its 7th release. */
  private static List<StateObservation> stream(int subjects, int perSubject) {
    Random r = new Random(42);
    List<StateObservation> in = new ArrayList<>();
    long[] tick = new long[subjects];
    for (int k = 0; k < perSubject; k++) {
      for (int j = 0; j < subjects; j++) {
        tick[j] += 1 + (r.nextInt(4) == 0 ? r.nextInt(500) : 0);
        in.add(new StateObservation("subject-" + j, tick[j], r.nextInt(3)));
      }
    }
    return in;
  }

  private List<DphmmRelease> uninterrupted(NoiseKeySource k, List<StateObservation> in) throws Exception {
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(2.0)), k))) {
      h.open();
      feed(h, in);
      return h.extractOutputValues();
    }
  }

  @Test
  void snapshotAndRestoreMidStreamGiveByteIdenticalLaterOutput() throws Exception {
    List<StateObservation> in = stream(8, 12);
    int cut = in.size() / 3; // 4 records per subject before the cut
    List<DphmmRelease> whole = uninterrupted(key, in);
    OperatorSubtaskState snapshot;
    int before;
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(2.0)), key))) {
      h.open();
      feed(h, in.subList(0, cut));
      before = h.extractOutputValues().size();
      snapshot = h.snapshot(1, 0);
    }
    List<DphmmRelease> after;
    List<LedgerEvent> events;
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(2.0)), key))) {
      h.initializeState(snapshot);
      h.open();
      feed(h, in.subList(cut, in.size()));
      after = h.extractOutputValues();
      events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
    }
    assertThat(before).isPositive();
    assertThat(after).isNotEmpty();
    assertThat(avro(after)).isEqualTo(avro(whole.subList(before, whole.size())));
    // every subject exhausts its budget (6 × 0.3 ≤ 2 < 7 × 0.3) after the cut: one event each, after the restore
    assertThat(events).hasSize(8);
    assertThat(whole).hasSize(8 * 6);
  }

  @Test
  void twoRunsAreByteIdenticalAndAnotherKeyGivesOtherNoise() throws Exception {
    List<StateObservation> in = stream(5, 6);
    byte[] first = avro(uninterrupted(key, in));
    assertThat(avro(uninterrupted(key, in))).isEqualTo(first);
    assertThat(avro(uninterrupted(keyFile(dir, 1), in))).isNotEqualTo(first);
  }

  @Test
  void outputsAndMessagesShowNoPrivateValue() throws Exception {
    String keyPath = key.keyFile();
    DphmmReleaseFunction fn = new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(5)), key);
    assertThat(fn.toString()).doesNotContain(keyPath).contains("DphmmConfig[N=3").contains("noise.keyFile");
    assertThat(org.pufferflow.avro.DphmmRelease.getClassSchema().getFields()).extracting(f -> f.name())
        .containsExactly("subjectId", "tick", "releaseSeq", "values", "epsilon", "mechanism", "constraintSize",
            "constrainedDpEpsilon", "cumulativeEpsilon");
    try (var h = harness(fn)) {
      h.open();
      h.processElement(new StateObservation("a", 1, 123_456), 1); // rejected (ContractBreachTest), not thrown
      assertThat(values(h.getSideOutput(MechanismOutputs.REJECTED))).singleElement()
          .satisfies(r -> assertThat(r.getMessage()).contains("subject a, tick 1").contains("value not shown")
              .doesNotContain("123456").doesNotContain("123_456"));
    }
  }

  @Test
  void aLedgerPolicyWithoutSafeMigrationFailsAtStartNamingTheKey() throws Exception {
    OperatorSubtaskState snapshot;
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.withPeriod(10, 1, 20)), key))) {
      h.open();
      feed(h, List.of(new StateObservation("a", 1, 0)));
      snapshot = h.snapshot(1, 0);
    }
    KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> shortened =
        harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.withPeriod(10, 1, 10)), key));
    assertThatThrownBy(() -> shortened.initializeState(snapshot))
        .rootCause()
        .hasMessageContaining("periodTicks 20 -> 10");
    assertThatThrownBy(() -> shortened.initializeState(snapshot))
        .satisfies(e -> assertThat(messages(e)).contains("changed key: periodTicks"));
    // a raised total budget is a safe migration: the job starts and the subject continues
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.withPeriod(20, 1, 20)), key))) {
      h.initializeState(snapshot);
      h.open();
      feed(h, List.of(new StateObservation("a", 2, 1)));
      assertThat(h.extractOutputValues()).extracting(DphmmRelease::getReleaseSeq).containsExactly(1L);
    }
  }

  @Test
  void runsSnapshotsAndRestoresWithGenericTypesDisabled() throws Exception {
    SerializerConfigImpl noKryo = new SerializerConfigImpl();
    noKryo.setGenericTypes(false);
    assertThat(DphmmReleaseFunction.outputType()).isInstanceOf(AvroTypeInfo.class);
    assertThat(DphmmReleaseFunction.outputType().createSerializer(noKryo)).isNotNull();
    assertThat(MechanismOutputs.LEDGER_EVENTS.getTypeInfo().createSerializer(noKryo)).isNotNull();
    List<StateObservation> in = stream(3, 8);
    OperatorSubtaskState snapshot;
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(2.0)), key))) {
      ((SerializerConfigImpl) h.getExecutionConfig().getSerializerConfig()).setGenericTypes(false);
      h.open();
      feed(h, in.subList(0, 12));
      snapshot = h.snapshot(1, 0);
    }
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(2.0)), key))) {
      ((SerializerConfigImpl) h.getExecutionConfig().getSerializerConfig()).setGenericTypes(false);
      h.initializeState(snapshot);
      h.open();
      feed(h, in.subList(12, in.size()));
      assertThat(h.extractOutputValues()).isNotEmpty();
    }
  }

  @Test
  void aModelOfAnotherSizeFailsAtStart() throws Exception {
    OperatorSubtaskState snapshot;
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(10)), key))) {
      h.open();
      feed(h, List.of(new StateObservation("a", 1, 0)));
      snapshot = h.snapshot(1, 0);
    }
    DphmmConfig four = DphmmOperatorFixtures.utilityRelease(
            new double[][] {{0.7, 0.1, 0.1, 0.1}, {0.1, 0.7, 0.1, 0.1}, {0.1, 0.1, 0.7, 0.1}, {0.1, 0.1, 0.1, 0.7}},
            new double[] {0.25, 0.25, 0.25, 0.25}, new double[][] {{0}, {1}, {2}, {3}}, 1.0)
        .epsilon(0.3)
        .build();
    var h = harness(new DphmmReleaseFunction(four.withBudget(Budgets.total(10)), key));
    assertThatThrownBy(() -> h.initializeState(snapshot))
        .satisfies(e -> assertThat(messages(e)).contains("restored posteriors have 3 states, the configured model has 4"));
  }

  private static String messages(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      b.append(t.getMessage()).append('\n');
    }
    return b.toString();
  }
}
