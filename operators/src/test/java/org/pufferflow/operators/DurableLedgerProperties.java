package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.DphmmOperatorFixtures.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;

/**
 * The lifetime rule of docs/privacy-noise.md ('The durable ledger'), over random deployments of the DPHMM release
 * function: a sequence of runs, each a fresh start (no Flink state: a new batch, a resubmitted job, a lost
 * checkpoint), a restore of the previous run's last snapshot, or a fresh start at parallelism 2 (a rescale: each
 * instance reads the history of its key groups only); each run sees new ticks, ticks an earlier run published
 * (with the same or other data), or both. Whatever the sequence, two published releases that are not the same
 * release never share noise (Laplace: z − f(s) identifies the draw), a (subject, tick) is published at most once
 * except as the identical record, a record at a tick the store holds is rejected as ALREADY_RELEASED, and every
 * subject's spend only grows, never past its budget.
 */
class DurableLedgerProperties {

  private static final double EPSILON = 0.25;
  private static final double BUDGET = 2.0; // 8 releases per subject, then exhausted for good
  private static NoiseKeySource key;
  private static DphmmConfig spec;

  @BeforeContainer
  static void setUp() throws Exception {
    Path dir = Files.createTempDirectory("durable-ledger-props");
    dir.toFile().deleteOnExit();
    key = keyFile(dir, 11);
    spec = DphmmOperatorFixtures.smallSpec(DphmmNoise.LAPLACE, EPSILON);
  }

  private enum Start { FRESH, RESTORE, RESCALED }

  @Property(tries = 40)
  void noReleaseSharesNoiseAndSpendNeverResets(@ForAll long seed) throws Exception {
    Random r = new Random(seed);
    MemoryLedgerStore store = new MemoryLedgerStore("props-" + seed);
    Map<String, DphmmRelease> published = new HashMap<>(); // subject/tick → record
    Map<String, List<Double>> noises = new HashMap<>(); // subject → noise of each distinct release
    Map<String, Double> spent = new HashMap<>();
    long[] next = {0, 0, 0};
    OperatorSubtaskState last = null;
    int runs = 2 + r.nextInt(4);
    for (int run = 0; run < runs; run++) {
      Start start = run == 0 || last == null ? Start.FRESH : Start.values()[r.nextInt(3)];
      List<StateObservation> in = new ArrayList<>();
      for (int k = 0, n = 1 + r.nextInt(12); k < n; k++) {
        int s = r.nextInt(3);
        boolean again = next[s] > 0 && r.nextInt(4) == 0; // a tick published (or charged) earlier
        long tick = again ? r.nextInt((int) next[s]) : next[s] + r.nextInt(3);
        if (!again) {
          next[s] = tick + 1;
        }
        in.add(new StateObservation("s" + s, tick, r.nextInt(3)));
      }
      in.sort((a, b) -> Long.compare(a.tick, b.tick)); // ingestion's tick order per subject
      Outcome o = run(start, start == Start.RESTORE ? last : null, store, in);
      last = o.snapshot;
      store.commit(o.entries);
      for (RejectedObservation rej : o.rejected) {
        assertThat(rej.getReasonCode()).isIn(ReasonCode.ALREADY_RELEASED.name(), ReasonCode.DUPLICATE_TICK.name(),
            ReasonCode.TOO_LATE.name());
      }
      for (DphmmRelease rel : o.releases) {
        String id = rel.getSubjectId() + "/" + rel.getTick();
        DphmmRelease before = published.putIfAbsent(id, rel);
        if (before != null) {
          assertThat(rel).as("a (subject, tick) is published again only as the same release").isEqualTo(before);
          continue;
        }
        String subject = rel.getSubjectId().toString();
        int state = stateOf(in, subject, rel.getTick());
        double noise = values(rel)[0] - state; // f(s) = s, on the Laplace grid: the draw itself
        assertThat(noises.computeIfAbsent(subject, x -> new ArrayList<>())).as("noise of %s", id)
            .doesNotContain(noise);
        noises.get(subject).add(noise);
        double previous = spent.getOrDefault(subject, 0.0);
        assertThat(rel.getCumulativeEpsilon()).as("spend of %s continues", id).isGreaterThan(previous)
            .isLessThanOrEqualTo(BUDGET);
        spent.put(subject, rel.getCumulativeEpsilon());
      }
    }
  }

  private static int stateOf(List<StateObservation> in, String subject, long tick) {
    for (StateObservation o : in) {
      if (o.subjectId.equals(subject) && o.tick == tick) {
        return o.state;
      }
    }
    throw new AssertionError("no input at " + subject + "/" + tick);
  }

  private record Outcome(List<DphmmRelease> releases, List<RejectedObservation> rejected,
      List<org.pufferflow.avro.LedgerEntry> entries, OperatorSubtaskState snapshot) {}

  private static Outcome run(Start start, OperatorSubtaskState restore, LedgerStore store, List<StateObservation> in)
      throws Exception {
    int parallelism = start == Start.RESCALED ? 2 : 1;
    List<DphmmRelease> releases = new ArrayList<>();
    List<RejectedObservation> rejected = new ArrayList<>();
    List<org.pufferflow.avro.LedgerEntry> entries = new ArrayList<>();
    OperatorSubtaskState snapshot = null;
    for (int i = 0; i < parallelism; i++) {
      try (var h = new KeyedOneInputStreamOperatorTestHarness<>(
          new DurableProcessOperator<>(new DphmmReleaseFunction(spec.withBudget(Budgets.total(BUDGET)), key, store)),
          (StateObservation o) -> o.subjectId, Types.STRING, 128, parallelism, i)) {
        if (restore != null) {
          h.initializeState(restore);
        }
        h.open();
        for (StateObservation o : in) {
          int group = KeyGroupRangeAssignment.assignToKeyGroup(o.subjectId, 128);
          if (KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(128, parallelism, group) == i) {
            h.processElement(new StateObservation(o.subjectId, o.tick, o.state), o.tick);
          }
        }
        h.prepareSnapshotPreBarrier(1); // the ledger entries are flushed before the barrier, as in a job
        snapshot = parallelism == 1 ? h.snapshot(1, 1) : null;
        releases.addAll(h.extractOutputValues());
        rejected.addAll(values(h.getSideOutput(MechanismOutputs.REJECTED)));
        entries.addAll(values(h.getSideOutput(MechanismOutputs.LEDGER_ENTRIES)));
      }
    }
    return new Outcome(releases, rejected, entries, snapshot);
  }
}
