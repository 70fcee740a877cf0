package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.DphmmOperatorFixtures.smallSpec;
import static org.pufferflow.operators.DphmmOperatorFixtures.values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.LedgerStateTypes;

/**
 * A snapshot of the three-state layout ({@code dphmm-posterior}, {@code dphmm-last-tick}, {@code dphmm-release-seq})
 * restores into the one-value layout ({@code dphmm-subject}) with the outputs of an uninterrupted run
 * (docs/operators.md, 'DPHMM release function'; {@link DphmmLegacyState}).
 *
 * <p>The old layout is written by {@link LegacyWriter}, a test function that stores each subject's values under the
 * three old names with the old serializers ({@code CompactPosteriorSerializer}, Flink's {@code LongSerializer}) and
 * its ledger under {@code ledger-dphmm} — what the three-state function kept after the same records — taken from
 * the new function's state after the first part of the input.
 */
class DphmmStateMigrationTest {

  private static final DphmmConfig SPEC = smallSpec(DphmmNoise.LAPLACE, 1.0);
  /** Some subjects exhaust it during the second part, so refusals and the ledger event are compared too. */
  private static final LedgerPolicy BUDGET = Budgets.total(30);
  private static final String[] SUBJECTS = {"d1", "d2", "d3", "d4"};
  private static final long SPLIT = 20;

  @TempDir Path dir;

  private static List<StateObservation> range(long from, long to) {
    List<StateObservation> in = new ArrayList<>();
    for (long t = from; t <= to; t++) {
      for (int i = 0; i < SUBJECTS.length; i++) {
        if ((t + i) % (3 + i) != 0) { // gaps
          in.add(new StateObservation(SUBJECTS[i], t, (int) ((t * 5 + i + t / 4) % 3)));
        }
      }
    }
    return in;
  }

  /** After the split: a duplicate, a late record, a state outside the model, a new subject, then the rest. */
  private static List<StateObservation> second() {
    List<StateObservation> in = new ArrayList<>();
    in.add(new StateObservation("d2", SPLIT, 1)); // d2's last release is at SPLIT ((20 + 1) % 4 != 0): duplicate
    in.add(new StateObservation("d1", 3, 0)); // late
    in.add(new StateObservation("d3", SPLIT + 3, 7)); // outside the 3-state model
    in.add(new StateObservation("new", 2, 2));
    in.addAll(range(SPLIT + 1, 45));
    return in;
  }

  private static void feed(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, ?> h,
      List<StateObservation> in) throws Exception {
    for (StateObservation o : in) {
      h.processElement(new StateObservation(o.subjectId, o.tick, o.state), o.tick);
    }
  }


  /** Everything the function emitted, main output and side outputs, as strings in order. */
  private static List<String> outputs(KeyedOneInputStreamOperatorTestHarness<String, StateObservation,
      DphmmRelease> h, int skipReleases, int skipEvents, int skipRejections) {
    List<String> out = new ArrayList<>();
    List<DphmmRelease> releases = h.extractOutputValues();
    releases.subList(skipReleases, releases.size()).forEach(r -> out.add(r.toString()));
    List<?> events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
    events.subList(skipEvents, events.size()).forEach(e -> out.add(e.toString()));
    List<?> rejected = values(h.getSideOutput(MechanismOutputs.REJECTED));
    rejected.subList(skipRejections, rejected.size()).forEach(e -> out.add(e.toString()));
    return out;
  }

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> restored(
      OperatorSubtaskState snapshot) throws Exception {
    var h = harness(new DphmmReleaseFunction(SPEC, BUDGET, keyFile(dir, 3)));
    h.setup();
    h.initializeState(snapshot);
    h.open();
    return h;
  }

  /** The three-state layout of what the new function holds after {@code first}, as the old function stored it. */
  private OperatorSubtaskState legacySnapshotAfter(List<StateObservation> first) throws Exception {
    LegacyWriter writer = new LegacyWriter();
    try (var h = harness(new DphmmReleaseFunction(SPEC, BUDGET, keyFile(dir, 3)))) {
      h.open();
      feed(h, first);
      for (String s : SUBJECTS) {
        DphmmSubjectState value = KeyedStateProbe.value(h, s, DphmmReleaseFunction.subjectDescriptor()).copy();
        writer.ledgers.put(s, value.ledger());
        value.ledger = null;
        writer.subjects.put(s, value);
      }
    }
    try (var w = new KeyedOneInputStreamOperatorTestHarness<String, StateObservation, Object>(
        new KeyedProcessOperator<>(writer), o -> o.subjectId, Types.STRING)) {
      w.open();
      for (String s : SUBJECTS) {
        w.processElement(new StateObservation(s, 0, 0), 0);
      }
      return w.snapshot(1L, 1L);
    }
  }

  @Test
  void aThreeStateSnapshotRestoresWithTheOutputsOfAnUninterruptedRun() throws Exception {
    List<StateObservation> first = range(1, SPLIT);
    List<String> expected;
    try (var h = harness(new DphmmReleaseFunction(SPEC, BUDGET, keyFile(dir, 3)))) {
      h.open();
      feed(h, first);
      int releases = h.extractOutputValues().size();
      int events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS)).size();
      int rejections = values(h.getSideOutput(MechanismOutputs.REJECTED)).size();
      feed(h, second());
      expected = outputs(h, releases, events, rejections);
    }
    assertThat(expected).hasSizeGreaterThan(60).anyMatch(s -> s.contains("exhausted"))
        .anyMatch(s -> s.contains("DUPLICATE_TICK")).anyMatch(s -> s.contains("TOO_LATE"));
    try (var h = restored(legacySnapshotAfter(first))) {
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.LAST_TICK_STATE)).containsExactly(SUBJECTS);
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.SUBJECT_STATE)).isEmpty();
      feed(h, second());
      assertThat(outputs(h, 0, 0, 0)).isEqualTo(expected);
      // every subject that released again migrated: its old values are gone, the merged value holds its state
      List<String> migrated = KeyedStateProbe.keys(h, DphmmReleaseFunction.SUBJECT_STATE);
      assertThat(migrated).contains("new", "d1");
      for (String old : List.of(DphmmReleaseFunction.POSTERIOR_STATE, DphmmReleaseFunction.LAST_TICK_STATE,
          DphmmReleaseFunction.RELEASE_SEQ_STATE)) {
        assertThat(KeyedStateProbe.keys(h, old)).doesNotContainAnyElementsOf(migrated);
      }
    }
  }

  @Test
  void aLastTickWithoutItsPosteriorFailsInsteadOfRestartingTheNoiseSequence() throws Exception {
    LegacyWriter writer = new LegacyWriter();
    writer.subjects.put("d1", new DphmmSubjectState(4, 2, new CompactPosterior().encode(new double[] {1, 0, 0}), null));
    writer.dropPosterior = true;
    OperatorSubtaskState broken;
    try (var w = new KeyedOneInputStreamOperatorTestHarness<String, StateObservation, Object>(
        new KeyedProcessOperator<>(writer), o -> o.subjectId, Types.STRING)) {
      w.open();
      w.processElement(new StateObservation("d1", 0, 0), 0);
      broken = w.snapshot(1L, 1L);
    }
    try (var h = restored(broken)) {
      assertThatThrownBy(() -> h.processElement(new StateObservation("d1", 5, 0), 5))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("dphmm-posterior");
    }
  }

  /** Writes the given subjects' values in the three-state layout (and their ledgers), one input record each. */
  private static final class LegacyWriter extends KeyedProcessFunction<String, StateObservation, Object> {
    private static final long serialVersionUID = 1L;
    final Map<String, DphmmSubjectState> subjects = new HashMap<>();
    final Map<String, LedgerState> ledgers = new HashMap<>();
    boolean dropPosterior;

    @Override
    public void processElement(StateObservation o, Context ctx, Collector<Object> out) throws Exception {
      DphmmSubjectState s = subjects.get(ctx.getCurrentKey());
      if (!dropPosterior) {
        getRuntimeContext().getState(DphmmLegacyState.posteriorDescriptor()).update(s.posterior());
      }
      getRuntimeContext().getState(new ValueStateDescriptor<>(DphmmLegacyState.LAST_TICK_STATE, Types.LONG))
          .update(s.lastTick());
      getRuntimeContext().getState(new ValueStateDescriptor<>(DphmmLegacyState.RELEASE_SEQ_STATE, Types.LONG))
          .update(s.releaseSeq());
      LedgerState ledger = ledgers.get(ctx.getCurrentKey());
      if (ledger != null) {
        ValueState<LedgerState> l =
            getRuntimeContext().getState(LedgerStateTypes.descriptor(DphmmReleaseFunction.LEDGER_STATE));
        l.update(ledger);
      }
    }
  }
}
