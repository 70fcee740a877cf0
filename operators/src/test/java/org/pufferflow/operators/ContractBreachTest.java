package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.DphmmOperatorFixtures.avro;
import static org.pufferflow.operators.DphmmOperatorFixtures.feed;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.smallSpec;
import static org.pufferflow.operators.DphmmOperatorFixtures.values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.DphmmConfig;

/**
 * The contract-breach policy of the keyed mechanism functions ({@link KeyedMechanism}): a record whose state lies
 * outside the model goes to the rejected output with {@code UNKNOWN_LABEL}, never fails the job (not even after a
 * restore), changes nothing, and the subject's later records are processed exactly as if it had never come.
 */
class ContractBreachTest {

  private static final DphmmConfig SPEC = smallSpec(DphmmNoise.K_NORM, 0.3);
  private static final int SECRET = 123_456;

  @TempDir Path dir;

  /** Good records of a model of {@code states} states (3: DPHMM's; 2: redaction's, state i is bit i). */
  private static List<StateObservation> clean(int states) {
    List<StateObservation> in = new ArrayList<>();
    for (long t = 1; t <= 6; t++) {
      in.add(new StateObservation("a", t, (int) Math.min(t % 3, states - 1)));
      in.add(new StateObservation("b", 2 * t, (int) Math.min((t + 1) % 3, states - 1)));
    }
    return in;
  }

  /** {@link #clean} with bad records: one before a's tick-3 record (same tick), one as new subject z's first. */
  private static List<StateObservation> withBreaches(int states) {
    List<StateObservation> in = new ArrayList<>(clean(states));
    in.add(4, new StateObservation("a", 3, SECRET));
    in.add(0, new StateObservation("z", 1, -1));
    in.add(new StateObservation("z", 2, 1));
    return in;
  }

  private static void assertRejections(List<RejectedObservation> rejected, String mechanism, int states) {
    assertThat(rejected).extracting(RejectedObservation::getReasonCode)
        .containsExactly("UNKNOWN_LABEL", "UNKNOWN_LABEL");
    assertThat(rejected).extracting(RejectedObservation::getSourceTopic).containsOnly(mechanism);
    assertThat(rejected).extracting(RejectedObservation::getMessage).containsExactly(
        "subject z, tick 1: state outside the " + mechanism + " model's " + states + " states (value not shown)",
        "subject a, tick 3: state outside the " + mechanism + " model's " + states + " states (value not shown)");
    assertThat(rejected).allSatisfy(r -> assertThat(r.getMessage()).doesNotContain(String.valueOf(SECRET))
        .doesNotContain("-1"));
  }

  @Test
  void dphmmRejectsAStateOutsideTheModelAndReleasesTheSubjectsLaterRecordsAsIfItNeverCame() throws Exception {
    NoiseKeySource key = DphmmOperatorFixtures.keyFile(dir, 0);
    List<DphmmRelease> expected;
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(100)), key))) {
      h.open();
      List<StateObservation> in = new ArrayList<>(clean(3));
      in.add(new StateObservation("z", 2, 1));
      feed(h, in);
      expected = h.extractOutputValues();
    }
    DphmmReleaseFunction fn = new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(100)), key);
    OperatorSubtaskState snapshot;
    List<StateObservation> in = withBreaches(3);
    try (var h = harness(fn)) {
      h.open();
      feed(h, in);
      assertThat(avro(h.extractOutputValues())).isEqualTo(avro(expected));
      assertThat(h.extractOutputValues()).filteredOn(r -> r.getSubjectId().equals("z"))
          .extracting(DphmmRelease::getReleaseSeq).containsExactly(0L);
      assertRejections(values(h.getSideOutput(MechanismOutputs.REJECTED)), "dphmm", 3);
      assertThat(fn.metrics().rejects(ReasonCode.UNKNOWN_LABEL)).isEqualTo(2);
      assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).as("a, b, z (z by its good record)").isEqualTo(3);
      snapshot = h.snapshot(1, 0);
    }
    // after a restore the same breach is again a rejection, not a failure (no crash loop), and a continues
    try (var h = harness(new DphmmReleaseFunction(SPEC.withBudget(Budgets.total(100)), key))) {
      h.initializeState(snapshot);
      h.open();
      feed(h, List.of(new StateObservation("a", 7, SECRET), new StateObservation("a", 8, 0)));
      assertThat(h.extractOutputValues()).extracting(DphmmRelease::getTick).containsExactly(8L);
      assertThat(values(h.getSideOutput(MechanismOutputs.REJECTED))).extracting(RejectedObservation::getReasonCode)
          .containsExactly("UNKNOWN_LABEL");
    }
  }

  @Test
  void redactionRejectsAStateOutsideTheModelAndDecidesTheSubjectsLaterRecordsAsIfItNeverCame() throws Exception {
    NoiseKeySource key = DphmmOperatorFixtures.keyFile(dir, 1);
    List<StateObservation> cleanIn = new ArrayList<>(clean(2));
    cleanIn.add(new StateObservation("z", 2, 1));
    List<RedactedRecord> expected = redact(key, cleanIn, null);
    RedactionFunction fn = new RedactionFunction(RedactionFunctionTest.SPEC, key, RedactionFunctionTest.CLOCK,
        OptOutPreload.NONE, false);
    List<RejectedObservation> rejected = new ArrayList<>();
    List<RedactedRecord> out = redact(fn, withBreaches(2), rejected);
    assertThat(out).isEqualTo(expected);
    assertThat(out).filteredOn(r -> r.getSubjectId().equals("a")).hasSize(6);
    assertRejections(rejected, "redaction", 2);
    assertThat(fn.metrics().rejects(ReasonCode.UNKNOWN_LABEL)).isEqualTo(2);
    assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).as("a, b, z (z by its good record)").isEqualTo(3);
  }

  private static List<RedactedRecord> redact(NoiseKeySource key, List<StateObservation> in,
      List<RejectedObservation> rejected) throws Exception {
    return redact(new RedactionFunction(RedactionFunctionTest.SPEC, key, RedactionFunctionTest.CLOCK,
        OptOutPreload.NONE, false), in, rejected);
  }

  private static List<RedactedRecord> redact(RedactionFunction fn, List<StateObservation> in,
      List<RejectedObservation> rejected) throws Exception {
    try (var h = RedactionFunctionTest.harness(fn)) {
      h.open();
      for (StateObservation o : in) {
        h.processElement1(new StreamRecord<>(o, 10 * o.tick + 9));
      }
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      if (rejected != null) {
        rejected.addAll(RedactionFunctionTest.sideOutput(h));
      }
      return h.extractOutputValues();
    }
  }
}
