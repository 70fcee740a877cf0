package org.pufferflow.operators;

import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;

/**
 * The input of the DPHMM snapshot fixture in {@code src/test/resources/dphmm-subject-v1} (public test data): four
 * subjects with gaps up to tick {@value #SNAPSHOT_AFTER} before the snapshot, under a budget whose period cap refuses
 * some releases and whose total some subjects exhaust after it; after it, a duplicate, a late record, a state outside
 * the model and a subject the snapshot does not know, then the four subjects to tick 60.
 */
final class DphmmSubjectSnapshotData {

  static final DphmmConfig SPEC = DphmmOperatorFixtures.smallSpec(DphmmNoise.LAPLACE, 1.0);
  static final LedgerPolicy BUDGET = Budgets.withPeriod(30, 6, 10);
  static final String[] SUBJECTS = {"d1", "d2", "d3", "d4"};
  static final long SNAPSHOT_AFTER = 20;

  private DphmmSubjectSnapshotData() {}

  private static void feed(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> h,
      String subject, long tick, int state) throws Exception {
    h.processElement(new StateObservation(subject, tick, state), tick);
  }

  static void feedRange(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> h,
      long from, long to) throws Exception {
    for (long t = from; t <= to; t++) {
      for (int i = 0; i < SUBJECTS.length; i++) {
        if ((t + i) % (3 + i) != 0) { // gaps
          feed(h, SUBJECTS[i], t, (int) ((t * 5 + i + t / 4) % 3));
        }
      }
    }
  }

  static void feedBefore(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> h)
      throws Exception {
    feedRange(h, 1, SNAPSHOT_AFTER);
  }

  static void feedAfter(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> h)
      throws Exception {
    feed(h, "d2", SNAPSHOT_AFTER, 1); // d2 observed at 20 ((20 + 1) % 4 != 0): a duplicate
    feed(h, "d1", 3, 0); // late
    feed(h, "d3", SNAPSHOT_AFTER + 3, 7); // outside the 3-state model
    feed(h, "new", 2, 2);
    feedRange(h, SNAPSHOT_AFTER + 1, 60);
  }
}
