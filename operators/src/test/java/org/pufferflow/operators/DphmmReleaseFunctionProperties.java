package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.DphmmOperatorFixtures.avro;
import static org.pufferflow.operators.DphmmOperatorFixtures.feed;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
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
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.accounting.PrivacyLedger;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.dphmm.GridModels;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.NoiseKeySource;

/**
 * Invariants of the DPHMM release function over random streams (docs/operators.md, 'DPHMM release function'), on
 * a 6×6 grid whose posterior alternates between the sparse and the dense encoding: the output is what the releaser
 * and the ledger give when driven by hand over the releases actually made (gap from the last release, noise context
 * per release tick, refused releases leave no trace); each exhaustion is reported once and releases stop after the
 * total's; a snapshot at any record followed by a restore gives the same later bytes.
 */
class DphmmReleaseFunctionProperties {

  private static final int SIDE = 6;
  private static Path dir;
  private static NoiseKeySource key;
  private static DphmmConfig spec;

  @BeforeContainer
  static void setUp() throws Exception {
    dir = Files.createTempDirectory("dphmm-fn-props");
    key = keyFile(dir, 3);
    double[] p0 = new double[SIDE * SIDE];
    p0[SIDE * (SIDE / 2) + SIDE / 2] = 1;
    spec = DphmmOperatorFixtures.utilityRelease(GridModels.lazyWalk(SIDE), p0, GridModels.cellCoordinates(SIDE), 1.5)
        .epsilon(0.4).build();
  }

  @AfterContainer
  static void tearDown() throws Exception {
    try (var files = Files.list(dir)) {
      for (Path p : files.toList()) {
        Files.delete(p);
      }
    }
    Files.delete(dir);
  }

  private static List<StateObservation> stream(long seed) {
    Random r = new Random(seed);
    int subjects = 1 + r.nextInt(3);
    long[] tick = new long[subjects];
    List<StateObservation> in = new ArrayList<>();
    int records = 5 + r.nextInt(25);
    for (int k = 0; k < records; k++) {
      int j = r.nextInt(subjects);
      int kind = r.nextInt(10);
      tick[j] += kind < 7 ? 1 : kind < 9 ? 2 + r.nextInt(40) : 1_000_000 + r.nextInt(1_000_000_000);
      in.add(new StateObservation("s" + j, tick[j], r.nextInt(SIDE * SIDE)));
    }
    return in;
  }

  private static LedgerPolicy budget(long seed) {
    Random r = new Random(~seed);
    double total = 0.5 + r.nextInt(12) * 0.4;
    double perPeriod = Math.min(total, 0.4 + r.nextInt(4) * 0.4); // a period budget is at most the total
    return r.nextBoolean() ? Budgets.total(total) : Budgets.withPeriod(total, perPeriod, 5 + r.nextInt(30));
  }

  /** The releaser and the ledger driven by hand, per subject, over the records in order. */
  private static List<DphmmRelease> model(List<StateObservation> in, LedgerPolicy budget, int[] events) {
    DphmmReleaser releaser = new DphmmReleaser(spec);
    KeyedRandom random = new KeyedRandom(key.load());
    PrivacyLedger ledger = new PrivacyLedger(budget);
    org.pufferflow.mechanism.dphmm.DphmmRelease out = releaser.newResult();
    Map<String, double[]> posterior = new HashMap<>();
    Map<String, Long> last = new HashMap<>();
    Map<String, LedgerState> ledgers = new HashMap<>();
    List<DphmmRelease> expected = new ArrayList<>();
    for (StateObservation o : in) {
      LedgerState ls = ledgers.computeIfAbsent(o.subjectId, s -> new LedgerState());
      if (ls.isExhausted()) {
        continue;
      }
      double[] p = posterior.getOrDefault(o.subjectId, releaser.newPosterior()).clone();
      Long previous = last.get(o.subjectId);
      long gap = previous == null ? DphmmReleaser.FIRST_RELEASE : o.tick - previous;
      long seq = expected.stream().filter(r -> r.getSubjectId().equals(o.subjectId)).count();
      releaser.release(p, gap, o.state, NoiseContext.position(random, "dphmm", o.subjectId, o.tick), out);
      ChargeResult c = ledger.tryCharge(ls, out.dphmmEpsilon(), o.tick);
      if (c.reportsExhaustion()) {
        events[0]++;
      }
      if (c.charged()) {
        posterior.put(o.subjectId, p);
        last.put(o.subjectId, o.tick);
        List<Double> z = new ArrayList<>();
        for (double v : out.z()) {
          z.add(v);
        }
        expected.add(DphmmRelease.newBuilder().setSubjectId(o.subjectId).setTick(o.tick).setReleaseSeq(seq)
            .setValues(z).setEpsilon(out.dphmmEpsilon())
            .setMechanism(out.exact() ? "exact" : "k-norm").setConstraintSize(out.constraintSize())
            .setConstrainedDpEpsilon(out.constrainedDpEpsilon()).setCumulativeEpsilon(ls.getSpent()).build());
      }
    }
    return expected;
  }

  @Property(tries = 20)
  void outputIsTheReleasesActuallyMadeAndARestoreAnywhereChangesNothing(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 1000) int cutPermille) throws Exception {
    List<StateObservation> in = stream(seed);
    LedgerPolicy budget = budget(seed);
    List<DphmmRelease> whole;
    List<LedgerEvent> events;
    try (var h = harness(new DphmmReleaseFunction(spec.withBudget(budget), key))) {
      h.open();
      feed(h, in);
      whole = h.extractOutputValues();
      events = values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS));
    }
    int[] modelEvents = {0};
    assertThat(avro(whole)).isEqualTo(avro(model(in, budget, modelEvents)));
    assertThat(events).hasSize(modelEvents[0]);
    for (String subject : List.of("s0", "s1", "s2")) {
      List<LedgerEvent> own = events.stream().filter(e -> e.getSubjectId().equals(subject)).toList();
      assertThat(own.stream().filter(LedgerEvent::getExhausted).count()).isLessThanOrEqualTo(1);
    }

    int cut = (int) ((long) in.size() * cutPermille / 1000);
    OperatorSubtaskState snapshot;
    int before;
    try (var h = harness(new DphmmReleaseFunction(spec.withBudget(budget), key))) {
      h.open();
      feed(h, in.subList(0, cut));
      before = h.extractOutputValues().size();
      snapshot = h.snapshot(1, 0);
    }
    try (var h = harness(new DphmmReleaseFunction(spec.withBudget(budget), key))) {
      h.initializeState(snapshot);
      h.open();
      feed(h, in.subList(cut, in.size()));
      assertThat(avro(h.extractOutputValues())).isEqualTo(avro(whole.subList(before, whole.size())));
    }
  }
}
