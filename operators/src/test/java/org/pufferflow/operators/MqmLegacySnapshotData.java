package org.pufferflow.operators;

import static org.pufferflow.operators.MqmTestSupport.feed;

import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.pufferflow.avro.WindowHistogram;

/**
 * The input of the legacy-layout MQM snapshot in {@code src/test/resources/mqm-legacy} (public test data): five
 * subjects with gaps up to tick 87 before the snapshot; after it, the same subjects to tick 200, first a duplicate and
 * a late record of a restored subject, and a subject the snapshot does not know.
 */
final class MqmLegacySnapshotData {

  static final String[] SUBJECTS = {"m1", "m2", "m3", "m4", "m5"};
  static final long SNAPSHOT_AFTER = 87;

  private MqmLegacySnapshotData() {}

  private static int state(long tick) {
    return (int) ((tick * 7 + tick / 3) % 2);
  }

  static void feedRange(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> h,
      long from, long to) throws Exception {
    for (long t = from; t <= to; t++) {
      for (int i = 0; i < SUBJECTS.length; i++) {
        if ((t + i) % (5 + i) != 0) { // gaps
          feed(h, SUBJECTS[i], t, state(t + i));
        }
      }
    }
  }

  static void feedBefore(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> h)
      throws Exception {
    feedRange(h, 1, SNAPSHOT_AFTER);
  }

  static void feedAfter(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> h)
      throws Exception {
    feed(h, "m1", SNAPSHOT_AFTER, 0); // duplicate of m1's last tick (87 % 5 != 0): rejected
    feed(h, "m2", 50, 1); // late: rejected
    feed(h, "m2", SNAPSHOT_AFTER + 5, 3); // outside the 2-state model: rejected
    feed(h, "new", 1, 1);
    feedRange(h, SNAPSHOT_AFTER + 1, 200);
  }
}
