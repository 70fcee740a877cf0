package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;

/**
 * What the keyed functions share ({@link KeyedMechanism}, {@link OperatorMetrics}, {@link Rejections}): state names
 * that savepoints refer to, metric names users watch, the one shape of a rejection, and no private value in a
 * {@code toString}.
 */
class KeyedFunctionShapeTest {

  @Test
  void existingStateNamesAreUnchangedForSavepoints() {
    assertThat(new String[] {DphmmReleaseFunction.POLICY_STATE, DphmmReleaseFunction.MODEL_STATES_STATE,
        DphmmReleaseFunction.SUBJECT_STATE, MqmWindowFunction.SUBJECT_STATE, MqmWindowFunction.LEDGER_STATE,
        RedactionFunction.STATE_NAME, TickOrderFunction.STATE_NAME, FleetHistogramFunction.SUMS_STATE})
        .containsExactly("dphmm-ledger-policy", "dphmm-model-states", "dphmm-subject", "mqm-subject", "mqm-ledger",
            "redaction-buffer", "tick-order", "fleet-window-sums");
  }

  @Test
  void newStateNamesFollowTheMechanismConceptScheme() {
    assertThat(KeyedMechanism.stateName("mqm", "ledger")).isEqualTo("mqm-ledger");
    assertThat(KeyedMechanism.stateName("mqm", "subject")).isEqualTo(MqmWindowFunction.SUBJECT_STATE);
    assertThat(KeyedMechanism.stateName("dphmm", "subject")).isEqualTo(DphmmReleaseFunction.SUBJECT_STATE);
    assertThat(KeyedMechanism.stateName("dphmm", "ledger-policy")).isEqualTo("dphmm-ledger-policy");
    assertThatThrownBy(() -> KeyedMechanism.stateName("dphmm", "Last_Tick"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower kebab case");
    assertThatThrownBy(() -> KeyedMechanism.stateName("", "ledger")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void metricNamesUsersWatchKeepTheirSpelling() {
    assertThat(new String[] {OperatorMetrics.GROUP, OperatorMetrics.REJECTS, OperatorMetrics.FLEET,
        OperatorMetrics.SUBJECTS, OperatorMetrics.RELEASES, OperatorMetrics.BUDGET_REFUSALS,
        OperatorMetrics.BUDGET_EXHAUSTIONS, OperatorMetrics.SURROGATE_USES, OperatorMetrics.HULL_CACHE_HIT_RATE,
        OperatorMetrics.RELEASED, OperatorMetrics.REDACTED, OperatorMetrics.OPT_OUTS, OperatorMetrics.WINDOWS,
        OperatorMetrics.HISTOGRAMS, OperatorMetrics.CORRECTIONS, OperatorMetrics.ACCEPTED,
        OperatorMetrics.REJECTED_ACCUMULATOR_PREFIX, OperatorMetrics.CORRECTIONS_ACCUMULATOR}).containsExactly(
            "pufferflow", "rejects", "fleet", "subjects", "releases", "budgetRefusals", "budgetExhaustions",
            "surrogateUses", "hullCacheHitRate", "released", "redacted", "optOuts", "windows", "histograms",
            "corrections", "accepted", "rejected.", "fleet.corrections");
    assertThat(FleetHistogramFunction.CORRECTIONS).isEqualTo("fleet.corrections");
  }

  @Test
  void aMechanismRejectionNamesTheMechanismTheSubjectAndTheTickOnly() {
    RejectedObservation r = Rejections.ofObservation("mqm", ReasonCode.TOO_LATE, "s", 4, "why");
    assertThat(r.getSourceTopic()).isEqualTo("mqm");
    assertThat(r.getSourcePartition()).isEqualTo(-1);
    assertThat(r.getSourceOffset()).isEqualTo(-1);
    assertThat(r.getRawPayload().remaining()).isZero();
    assertThat(r.getReasonCode()).isEqualTo("TOO_LATE");
    assertThat(r.getMessage()).isEqualTo("subject s, tick 4: why");
    assertThat(Rejections.outOfOrder(4, 4)).isEqualTo(ReasonCode.DUPLICATE_TICK);
    assertThat(Rejections.outOfOrder(3, 4)).isEqualTo(ReasonCode.TOO_LATE);
    RejectedObservation c = Rejections.ofControlRecord("opt-out", new byte[] {1, 2}, ReasonCode.OPT_OUT_REFUSED, "m");
    assertThat(c.getSourcePartition()).isEqualTo(-1);
    assertThat(c.getRawPayload().remaining()).isEqualTo(2);
  }

  @Test
  void toStringShowsNoStateAndNoPayload() {
    byte[] payload = "secret-reading-98765".getBytes(StandardCharsets.UTF_8);
    AcceptedRecord r = new AcceptedRecord("subj", 17, 4242, 1000, new RawRecord("in", 2, 31, payload));
    assertThat(r.toString()).contains("subj").contains("tick 17").contains("in-2@31").contains("state hidden")
        .doesNotContain("4242").doesNotContain("98765").doesNotContain("secret");
    assertThat(new StateObservation("subj", 17, 4242).toString()).doesNotContain("4242");
    assertThat(new RawRecord("in", 2, 31, payload).toString()).doesNotContain("secret").doesNotContain("98765");
  }
}
