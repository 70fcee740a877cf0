package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.MqmTestSupport.avroBytes;
import static org.pufferflow.operators.MqmTestSupport.feed;
import static org.pufferflow.operators.MqmTestSupport.harness;
import static org.pufferflow.operators.MqmTestSupport.keyFile;
import static org.pufferflow.operators.MqmTestSupport.stickySpec;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OperatorSnapshotUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * A savepoint of the two-state layout ({@code mqm-window} + {@code mqm-progress}) restores into the one-state layout
 * ({@code mqm-subject}) with identical outputs (docs/operators.md, 'MQM window function'; {@link MqmLegacyState}).
 *
 * <p>The fixture in {@code src/test/resources/mqm-legacy} was written by the two-state {@link MqmWindowFunction} at
 * commit 46ed76c ({@code MqmLegacySnapshotWriter}, removed afterwards; {@code git show
 * 46ed76c:operators/src/test/java/org/pufferflow/operators/MqmLegacySnapshotWriter.java}): the snapshot after
 * {@link MqmLegacySnapshotData#feedBefore}, and the histograms, ledger events and rejections that function produced
 * from {@link MqmLegacySnapshotData#feedAfter} after restoring it.
 */
class MqmStateMigrationTest {

  private static final Path FIXTURE = Path.of("src/test/resources/mqm-legacy");
  private static final MqmWindowPlan SPEC = stickySpec(5, 2);
  private static final LedgerPolicy BUDGET = Budgets.withPeriod(40, 6, 50);

  @TempDir Path dir;

  private static OperatorSubtaskState legacySnapshot() throws Exception {
    return OperatorSnapshotUtil.readStateHandle(FIXTURE.resolve("snapshot-w5-s2").toString());
  }

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> restored(
      MqmWindowPlan spec, OperatorSubtaskState snapshot) throws Exception {
    var h = harness(spec, BUDGET, keyFile(dir, 9));
    h.setup();
    h.initializeState(snapshot);
    h.open();
    return h;
  }


  @Test
  void aTwoStateSnapshotRestoresWithTheOutputsTheTwoStateFunctionProduced() throws Exception {
    try (var h = restored(SPEC, legacySnapshot())) {
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.PROGRESS_STATE)).containsExactly(MqmLegacySnapshotData.SUBJECTS);
      MqmLegacySnapshotData.feedAfter(h);
      List<WindowHistogram> histograms = h.extractOutputValues();
      assertThat(histograms).hasSizeGreaterThan(50);
      assertThat(avroBytes(histograms)).isEqualTo(Files.readAllBytes(FIXTURE.resolve("histograms-after.avro")));
      assertThat(avroBytes(values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS))))
          .isEqualTo(Files.readAllBytes(FIXTURE.resolve("ledger-events-after.avro")));
      assertThat(avroBytes(values(h.getSideOutput(MechanismOutputs.REJECTED))))
          .isEqualTo(Files.readAllBytes(FIXTURE.resolve("rejections-after.avro")));
      // every subject migrated: the old values are gone, the merged ones hold the state
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.PROGRESS_STATE)).isEmpty();
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.WINDOW_STATE)).isEmpty();
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.SUBJECT_STATE)).containsExactly("m1", "m2", "m3", "m4", "m5", "new");
    }
  }

  @Test
  void theOutputsAfterTheRestoreAreThoseOfAnUninterruptedRunOfTheNewFunction() throws Exception {
    List<WindowHistogram> all;
    try (var h = harness(SPEC, BUDGET, keyFile(dir, 9))) {
      h.open();
      MqmLegacySnapshotData.feedBefore(h);
      int before = h.extractOutputValues().size();
      MqmLegacySnapshotData.feedAfter(h);
      List<WindowHistogram> out = h.extractOutputValues();
      all = out.subList(before, out.size());
    }
    assertThat(avroBytes(all)).isEqualTo(Files.readAllBytes(FIXTURE.resolve("histograms-after.avro")));
  }

  @Test
  void aSubjectMigratedBeforeTheNextSnapshotKeepsItsStateAndOneNotYetMigratedStillMigrates() throws Exception {
    OperatorSubtaskState mixed;
    List<WindowHistogram> first;
    try (var h = restored(SPEC, legacySnapshot())) {
      // m1 and m3 migrate (m1 only after its rejected duplicate), the others stay in the old layout
      feed(h, "m1", MqmLegacySnapshotData.SNAPSHOT_AFTER, 0);
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.SUBJECT_STATE)).isEmpty();
      feed(h, "m1", MqmLegacySnapshotData.SNAPSHOT_AFTER + 1, 1);
      feed(h, "m3", MqmLegacySnapshotData.SNAPSHOT_AFTER + 1, 0);
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.SUBJECT_STATE)).containsExactly("m1", "m3");
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.PROGRESS_STATE)).containsExactly("m2", "m4", "m5");
      mixed = h.snapshot(2L, 2L);
      first = h.extractOutputValues();
    }
    List<WindowHistogram> expected;
    try (var h = restored(SPEC, legacySnapshot())) {
      feed(h, "m1", MqmLegacySnapshotData.SNAPSHOT_AFTER + 1, 1);
      feed(h, "m3", MqmLegacySnapshotData.SNAPSHOT_AFTER + 1, 0);
      MqmLegacySnapshotData.feedRange(h, MqmLegacySnapshotData.SNAPSHOT_AFTER + 2, 200);
      expected = h.extractOutputValues();
    }
    try (var h = restored(SPEC, mixed)) {
      MqmLegacySnapshotData.feedRange(h, MqmLegacySnapshotData.SNAPSHOT_AFTER + 2, 200);
      List<WindowHistogram> all = new java.util.ArrayList<>(first);
      all.addAll(h.extractOutputValues());
      assertThat(all).hasSizeGreaterThan(50);
      assertThat(avroBytes(all)).isEqualTo(avroBytes(expected));
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.PROGRESS_STATE)).isEmpty();
    }
  }

  @Test
  void aTwoStateSnapshotIsRefusedUnderAnotherSlideOrWindowNamingIt() throws Exception {
    try (var h = restored(stickySpec(5, 1), legacySnapshot())) {
      assertThatThrownBy(() -> feed(h, "m1", 100, 0)).hasMessageContaining("slide 2").hasMessageContaining("mqm.slide");
    }
    try (var h = restored(stickySpec(6, 2), legacySnapshot())) {
      assertThatThrownBy(() -> feed(h, "m1", 100, 0)).hasMessageContaining("window 5");
    }
  }

  @Test
  void aJobStartedWithoutStateKeepsOneKeyedValuePerSubject() throws Exception {
    try (var h = harness(SPEC, BUDGET, keyFile(dir, 9))) {
      h.open();
      MqmLegacySnapshotData.feedBefore(h);
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.SUBJECT_STATE)).containsExactly(MqmLegacySnapshotData.SUBJECTS);
      assertThat(KeyedStateProbe.keys(h, MqmWindowFunction.PROGRESS_STATE)).isEmpty();
    }
  }
}
