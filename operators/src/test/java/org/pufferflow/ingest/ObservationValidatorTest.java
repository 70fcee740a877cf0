package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.ingest.Observations.label;
import static org.pufferflow.ingest.Observations.reading;

import java.util.List;
import org.junit.jupiter.api.Test;

class ObservationValidatorTest {

  private final ObservationValidator categorical =
      new ObservationValidator(new CategoricalDiscretizer(List.of("away", "home")), new TickClock(60_000, 1_000));

  @Test
  void acceptsAValidRecordAtItsTick() {
    assertThat(categorical.validate(label("m1", 1_000 + 3 * 60_000 + 59_999L, "home")))
        .isEqualTo(new Accepted("m1", 3, 1));
    assertThat(categorical.validate(label("m1", 1_000L, "away"))).isEqualTo(new Accepted("m1", 0, 0));
  }

  @Test
  void rejectsMissingSubjectFirst() {
    assertThat(categorical.validate(label(null, null, "nope")))
        .isEqualTo(new Rejection(ReasonCode.MISSING_SUBJECT, "subjectId is missing"));
    assertThat(categorical.validate(label("", 5_000L, "home")))
        .isEqualTo(new Rejection(ReasonCode.MISSING_SUBJECT, "subjectId is empty"));
  }

  @Test
  void rejectsMissingAndNegativeTimes() {
    assertThat(categorical.validate(label("m1", null, "home")))
        .isEqualTo(new Rejection(ReasonCode.MISSING_TIME, "eventTime is missing"));
    assertThat(categorical.validate(label("m1", -1L, "home")))
        .isEqualTo(new Rejection(ReasonCode.NEGATIVE_TIME, "eventTime = -1: must be >= 0"));
    assertThat(categorical.validate(label("m1", 999L, "home")))
        .isEqualTo(new Rejection(ReasonCode.NEGATIVE_TIME,
            "eventTime = 999: before the configured epoch 1000 (negative tick)"));
  }

  @Test
  void passesOnTheDiscretizersReason() {
    assertThat(categorical.validate(label("m1", 5_000L, "busy")))
        .isEqualTo(new Rejection(ReasonCode.UNKNOWN_LABEL, "stateLabel = \"busy\": not one of [away, home]"));
    ObservationValidator bins =
        new ObservationValidator(new BinsDiscretizer(new double[] {1}, 0, 10), new TickClock(10, 0));
    assertThat(bins.validate(reading("m1", 25L, Double.NaN)))
        .isEqualTo(new Rejection(ReasonCode.READING_NOT_FINITE, "reading = NaN: must be finite"));
    assertThat(bins.validate(reading("m1", 25L, 3.0))).isEqualTo(new Accepted("m1", 2, 1));
  }

  @Test
  void quotesAndTruncatesUntrustedLabels() {
    ValidationResult r = categorical.validate(label("m1", 5_000L, "a\"b\n" + "x".repeat(100)));
    assertThat(((Rejection) r).message()).startsWith("stateLabel = \"a\\\"b\\u000a").contains("...\"").doesNotContain("\n");
  }
}
