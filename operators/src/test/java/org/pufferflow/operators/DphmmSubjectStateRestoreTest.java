package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.MqmTestSupport.avroBytes;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OperatorSnapshotUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.operators.state.IncompatibleSavepointException;

/**
 * {@code dphmm-subject} across savepoints: the function's own snapshot restores with the outputs of an uninterrupted
 * run, and a savepoint of an earlier format of the state is refused at start, not migrated
 * ({@link DphmmSubjectStateSerializer}).
 *
 * <p>The fixture in {@code src/test/resources/dphmm-subject-v1} was written by an earlier {@link DphmmReleaseFunction}
 * at commit 369c5f5 ({@code DphmmSubjectV1SnapshotWriter}, removed afterwards; {@code git show
 * 369c5f5:operators/src/test/java/org/pufferflow/operators/DphmmSubjectV1SnapshotWriter.java}): the snapshot after
 * {@link DphmmSubjectSnapshotData#feedBefore}, its {@code dphmm-subject} in format 1 (serializer snapshot version 3),
 * and the releases that function produced from {@link DphmmSubjectSnapshotData#feedAfter} after restoring it, which
 * are those of an uninterrupted run of the current function.
 */
class DphmmSubjectStateRestoreTest {

  private static final Path FIXTURE = Path.of("src/test/resources/dphmm-subject-v1");

  @TempDir Path dir;

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> fresh() throws Exception {
    return harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC.withBudget(DphmmSubjectSnapshotData.BUDGET),
        keyFile(dir, 3)));
  }

  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> restored(
      OperatorSubtaskState snapshot) throws Exception {
    var h = fresh();
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
  void aSavepointOfAnEarlierFormatIsRefusedAtStart() throws Exception {
    OperatorSubtaskState v1 = OperatorSnapshotUtil.readStateHandle(FIXTURE.resolve("snapshot").toString());
    try (var h = fresh()) {
      h.setup();
      assertThatThrownBy(() -> h.initializeState(v1)).rootCause().isInstanceOf(IncompatibleSavepointException.class)
          .hasMessageStartingWith("state of DPHMM subjects (dphmm-subject) in this savepoint has format 3, this build"
              + " reads format 4; savepoints of pufferflow 0.x are not compatible across versions");
    }
  }

  @Test
  void theCurrentFormatGivesTheSameOutputsUninterruptedAndAcrossItsOwnSnapshot() throws Exception {
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
      DphmmSubjectSnapshotData.feedAfter(h);
      assertFixtureOutputs(h, 0);
    }
  }

  @Test
  void aJobStartedWithoutStateKeepsOneKeyedValuePerSubject() throws Exception {
    try (var h = fresh()) {
      h.open();
      DphmmSubjectSnapshotData.feedBefore(h);
      assertThat(KeyedStateProbe.keys(h, DphmmReleaseFunction.SUBJECT_STATE))
          .containsExactly(DphmmSubjectSnapshotData.SUBJECTS);
    }
  }

  /** A subject whose first release is refused keeps its ledger (and the refusal) in a value without a release. */
  @Test
  void aRefusedFirstReleaseKeepsTheLedgerInAValueWithoutARelease() throws Exception {
    OperatorSubtaskState snapshot;
    try (var h = harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC.withBudget(Budgets.total(0.5)),
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
    try (var h = harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC.withBudget(Budgets.total(0.5)),
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
}
