package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.ingest.Observations.label;
import static org.pufferflow.ingest.Observations.reading;

import java.util.List;
import org.pufferflow.avro.Observation;
import org.junit.jupiter.api.Test;

class ObservationValidatorTest {

  /**
   * What ingestion makes of {@code o}: {@code "subject@tick=state"} (the fields of the StateObservation it becomes)
   * or its {@link Rejection}.
   */
  static Object outcome(ObservationValidator v, Observation o) {
    int code = v.check(o);
    return code < 0 ? v.reject(o, code)
        : o.getSubjectId() + "@" + v.clock().tickOf(o.getEventTime().toEpochMilli()) + "=" + code;
  }

  private final ObservationValidator categorical =
      new ObservationValidator(new CategoricalDiscretizer(List.of("away", "home")), new TickClock(60_000, 1_000));

  @Test
  void acceptsAValidRecordAtItsTick() {
    assertThat(outcome(categorical, label("m1", 1_000 + 3 * 60_000 + 59_999L, "home")))
        .isEqualTo("m1@3=1");
    assertThat(outcome(categorical, label("m1", 1_000L, "away"))).isEqualTo("m1@0=0");
  }

  @Test
  void rejectsMissingSubjectFirst() {
    assertThat(outcome(categorical, label(null, null, "nope")))
        .isEqualTo(new Rejection(ReasonCode.MISSING_SUBJECT, "subjectId is missing"));
    assertThat(outcome(categorical, label("", 5_000L, "home")))
        .isEqualTo(new Rejection(ReasonCode.MISSING_SUBJECT, "subjectId is empty"));
  }

  @Test
  void rejectsMissingAndNegativeTimes() {
    assertThat(outcome(categorical, label("m1", null, "home")))
        .isEqualTo(new Rejection(ReasonCode.MISSING_TIME, "eventTime is missing"));
    assertThat(outcome(categorical, label("m1", -1L, "home")))
        .isEqualTo(new Rejection(ReasonCode.NEGATIVE_TIME, "eventTime = -1: must be >= 0"));
    assertThat(outcome(categorical, label("m1", 999L, "home")))
        .isEqualTo(new Rejection(ReasonCode.NEGATIVE_TIME,
            "eventTime = 999: before the configured epoch 1000 (negative tick)"));
  }

  @Test
  void passesOnTheDiscretizersReason() {
    assertThat(outcome(categorical, label("m1", 5_000L, "busy")))
        .isEqualTo(new Rejection(ReasonCode.UNKNOWN_LABEL, "stateLabel = \"busy\": not one of [away, home]"));
    ObservationValidator bins =
        new ObservationValidator(new BinsDiscretizer(new double[] {1}, 0, 10), new TickClock(10, 0));
    assertThat(outcome(bins, reading("m1", 25L, Double.NaN)))
        .isEqualTo(new Rejection(ReasonCode.READING_NOT_FINITE, "reading = NaN: must be finite"));
    assertThat(outcome(bins, reading("m1", 25L, 3.0))).isEqualTo("m1@2=1");
  }

  @Test
  void quotesAndTruncatesUntrustedLabels() {
    Object r = outcome(categorical, label("m1", 5_000L, "a\"b\n" + "x".repeat(100)));
    assertThat(((Rejection) r).message()).startsWith("stateLabel = \"a\\\"b\\u000a").contains("...\"").doesNotContain("\n");
  }
}
