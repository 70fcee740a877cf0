package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.MqmTestSupport.avroBytes;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OperatorSnapshotUtil;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.operators.state.LedgerStateTypes;

/**
 * A savepoint of the layout with the ledger apart ({@code dphmm-subject} in format 1 + {@code ledger-dphmm})
 * restores into the layout with the ledger inside {@code dphmm-subject} with the outputs the earlier function
 * produced (docs/operators.md, 'DPHMM release function'; {@link DphmmSubjectStateSerializer}).
 *
 * <p>The fixture in {@code src/test/resources/dphmm-subject-v1} was written by the earlier
 * {@link DphmmReleaseFunction} at commit 369c5f5 ({@code DphmmSubjectV1SnapshotWriter}, removed afterwards;
 * {@code git show 369c5f5:operators/src/test/java/org/pufferflow/operators/DphmmSubjectV1SnapshotWriter.java}): the
 * snapshot after {@link DphmmSubjectSnapshotData#feedBefore}, and the releases, ledger events and rejections that
 * function produced from {@link DphmmSubjectSnapshotData#feedAfter} after restoring it.
 */
class DphmmLedgerMigrationTest {

  private static final Path FIXTURE = Path.of("src/test/resources/dphmm-subject-v1");

  @TempDir Path dir;

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> fresh() throws Exception {
    return harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC, DphmmSubjectSnapshotData.BUDGET,
        keyFile(dir, 3)));
  }

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> restored(
      OperatorSubtaskState snapshot) throws Exception {
    return restored(snapshot, false);
  }

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> restored(
      OperatorSubtaskState snapshot, boolean rocksDb) throws Exception {
    var h = fresh();
    if (rocksDb) {
      h.setStateBackend(new EmbeddedRocksDBStateBackend());
    }
    h.setup();
    h.initializeState(snapshot);
    h.open();
    return h;
  }


  private static DphmmSubjectState value(KeyedOneInputStreamOperatorTestHarness<String, ?, ?> h, String subject)
      throws Exception {
    return KeyedStateProbe.value(h, subject, DphmmReleaseFunction.subjectDescriptor());
  }

  private static void assertFixtureOutputs(KeyedOneInputStreamOperatorTestHarness<String, StateObservation,
      DphmmRelease> h, int skipReleases) throws Exception {
    List<DphmmRelease> releases = h.extractOutputValues();
    releases = releases.subList(skipReleases, releases.size());
    assertThat(releases).hasSizeGreaterThan(50);
    assertThat(avroBytes(releases)).isEqualTo(Files.readAllBytes(FIXTURE.resolve("releases-after.avro")));
  }

  @Test
  void aSnapshotWithTheLedgerApartRestoresWithTheOutputsTheEarlierFunctionProduced() throws Exception {
    try (var h = restored(OperatorSnapshotUtil.readStateHandle(FIXTURE.resolve("snapshot").toString()), false)) {
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.LEDGER_STATE)).containsExactly(DphmmSubjectSnapshotData.SUBJECTS);
      assertThat(value(h, "d1").ledger()).as("format 1 holds no ledger").isNull();
      DphmmSubjectSnapshotData.feedAfter(h);
      assertFixtureOutputs(h, 0);
      List<?> events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
      assertThat(events).isNotEmpty();
      assertThat(avroBytes(values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS))))
          .isEqualTo(Files.readAllBytes(FIXTURE.resolve("ledger-events-after.avro")));
      assertThat(avroBytes(values(h.getSideOutput(MechanismOutputs.REJECTED))))
          .isEqualTo(Files.readAllBytes(FIXTURE.resolve("rejections-after.avro")));
      // every subject moved its ledger into its value; the old ledger state is empty
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.LEDGER_STATE)).isEmpty();
      for (String s : List.of("d1", "d2", "d3", "d4", "new")) {
        assertThat(value(h, s).ledger()).as(s).isNotNull();
      }
    }
  }

  @Test
  void theNewLayoutGivesTheSameOutputsUninterruptedAndAcrossItsOwnSnapshot() throws Exception {
    OperatorSubtaskState own;
    try (var h = fresh()) {
      h.open();
      DphmmSubjectSnapshotData.feedBefore(h);
      int before = h.extractOutputValues().size();
      own = h.snapshot(1L, 1L);
      DphmmSubjectSnapshotData.feedAfter(h);
      assertFixtureOutputs(h, before);
    }
    try (var h = restored(own)) {
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.LEDGER_STATE)).isEmpty();
      DphmmSubjectSnapshotData.feedAfter(h);
      assertFixtureOutputs(h, 0);
    }
  }

  @Test
  void aJobStartedWithoutStateKeepsOneKeyedValuePerSubject() throws Exception {
    try (var h = fresh()) {
      h.open();
      DphmmSubjectSnapshotData.feedBefore(h);
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.SUBJECT_STATE)).containsExactly(DphmmSubjectSnapshotData.SUBJECTS);
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.LEDGER_STATE)).isEmpty();
    }
  }

  /** A subject whose first release is refused keeps its ledger (and the refusal) in a value without a release. */
  @Test
  void aRefusedFirstReleaseKeepsTheLedgerInAValueWithoutARelease() throws Exception {
    OperatorSubtaskState snapshot;
    try (var h = harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC, Budgets.total(0.5),
        keyFile(dir, 3)))) {
      h.open();
      h.processElement(new StateObservation("d1", 1, 0), 1);
      assertThat(h.extractOutputValues()).isEmpty();
      assertThat(values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS))).hasSize(1);
      DphmmSubjectState v = value(h, "d1");
      assertThat(v.released()).isFalse();
      assertThat(v.posterior()).isNull();
      assertThat(v.lastTick()).isEqualTo(DphmmSubjectState.NO_RELEASE);
      assertThat(v.ledger().isExhausted()).isTrue();
      snapshot = h.snapshot(1L, 1L);
    }
    try (var h = harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC, Budgets.total(0.5),
        keyFile(dir, 3)))) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      assertThat(value(h, "d1").ledger().isExhausted()).isTrue();
      h.processElement(new StateObservation("d1", 2, 0), 2);
      assertThat(h.extractOutputValues()).isEmpty();
      assertThat(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS)).as("exhaustion is reported once").isNull();
    }
  }

  /**
   * On RocksDB, Flink rewrites every format-1 value through the restored serializer at restore. A heap checkpoint
   * (the fixture) does not restore into RocksDB, so the format-1 layout is written on RocksDB here, by a function that
   * stores the fixture's state after {@code feedBefore} under the same names with the format-1 serializer (whose
   * snapshot is version {@value DphmmSubjectStateSerializer.Snapshot#FORMAT_1}, as the earlier function's was) and the
   * ledgers in {@code ledger-dphmm}.
   */
  @Test
  void onRocksDbAFormatOneSnapshotMigratesWithTheSameOutputs() throws Exception {
    Map<String, DphmmSubjectState> values = new HashMap<>();
    try (var h = restored(OperatorSnapshotUtil.readStateHandle(FIXTURE.resolve("snapshot").toString()), false)) {
      for (String s : DphmmSubjectSnapshotData.SUBJECTS) {
        DphmmSubjectState v = value(h, s).copy();
        v.ledger = KeyedStateProbe.value(h, s, LedgerStateTypes.descriptor(DphmmReleaseFunction.LEDGER_STATE));
        values.put(s, v);
      }
    }
    OperatorSubtaskState formatOne;
    try (var w = new KeyedOneInputStreamOperatorTestHarness<String, StateObservation, Object>(
        new KeyedProcessOperator<>(new FormatOneWriter(values)), o -> o.subjectId, Types.STRING)) {
      w.setStateBackend(new EmbeddedRocksDBStateBackend());
      w.open();
      for (String s : DphmmSubjectSnapshotData.SUBJECTS) {
        w.processElement(new StateObservation(s, 0, 0), 0);
      }
      formatOne = w.snapshot(1L, 1L);
    }
    try (var h = restored(formatOne, true)) {
      assertThat(value(h, "d1").ledger()).isNull();
      DphmmSubjectSnapshotData.feedAfter(h);
      assertFixtureOutputs(h, 0);
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.LEDGER_STATE)).isEmpty();
      assertThat(value(h, "d4").ledger()).isNotNull();
    }
  }

  /** Stores the given values in the format-1 layout: {@code dphmm-subject} without the ledger, and the ledger apart. */
  private static final class FormatOneWriter extends KeyedProcessFunction<String, StateObservation, Object> {
    private static final long serialVersionUID = 1L;
    private final Map<String, DphmmSubjectState> values;

    FormatOneWriter(Map<String, DphmmSubjectState> values) {
      this.values = values;
    }

    @Override
    public void processElement(StateObservation o, Context ctx, Collector<Object> out) throws Exception {
      DphmmSubjectState v = values.get(ctx.getCurrentKey()).copy();
      getRuntimeContext().getState(LedgerStateTypes.descriptor(DphmmReleaseFunction.LEDGER_STATE)).update(v.ledger);
      v.ledger = null;
      getRuntimeContext().getState(new ValueStateDescriptor<>(DphmmReleaseFunction.SUBJECT_STATE,
          DphmmSubjectStateSerializer.Format1.INSTANCE)).update(v);
    }
  }
}
