package org.pufferflow.jobs.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.Accepted;
import org.pufferflow.ingest.ObservationDecoder;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.Rejection;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.ValidationResult;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.pipeline.Discretizers;

class DemoFeedsTest {

  static JobConfig resource(String name) throws IOException {
    try (InputStream in = DemoFeedsTest.class.getResourceAsStream(name)) {
      return ConfigLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), Path.of("."));
    }
  }

  /** Replays the plan through the stateless checks: their verdicts must agree with what the plan expects. */
  private static void checkStatelessVerdicts(JobConfig config, FeedPlan plan) {
    ObservationValidator v = new ObservationValidator(Discretizers.of(config.discretizer(), config.model()),
        new TickClock(config.time().tickMillis(), config.time().epochMillis()));
    ObservationDecoder decoder = new ObservationDecoder();
    Map<ReasonCode, Integer> stateless = new EnumMap<>(ReasonCode.class);
    int valid = 0;
    for (var round : plan.rounds()) {
      for (FeedPlan.Entry e : round) {
        Observation o = decoder.decode(e.value());
        if (o == null) {
          stateless.merge(ReasonCode.UNDECODABLE, 1, Integer::sum);
          continue;
        }
        ValidationResult r = v.validate(o);
        if (r instanceof Rejection rej) {
          stateless.merge(rej.reasonCode(), 1, Integer::sum);
        } else {
          assertThat(((Accepted) r).state()).isBetween(0, config.model().numStates() - 1);
          valid++;
        }
      }
    }
    Map<ReasonCode, Integer> expected = new EnumMap<>(plan.expectedRejections());
    int ordering = expected.getOrDefault(ReasonCode.DUPLICATE_TICK, 0) + expected.getOrDefault(ReasonCode.TOO_LATE, 0);
    expected.remove(ReasonCode.DUPLICATE_TICK);
    expected.remove(ReasonCode.TOO_LATE);
    assertThat(stateless).isEqualTo(expected);
    assertThat(valid).isEqualTo(plan.expectedAccepted() + ordering);
  }

  @Test
  void smartMeterPlanCoversItsReasonsAndIsDeterministic() throws IOException {
    JobConfig config = resource("/demo/job.yaml");
    FeedPlan plan = DemoFeeds.smartMeters(config, 10, 60, 2, 7);
    assertThat(plan.expectedAccepted()).isEqualTo(10 * 60);
    assertThat(plan.expectedRejections().keySet()).containsExactlyInAnyOrder(
        ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT, ReasonCode.MISSING_TIME, ReasonCode.NEGATIVE_TIME,
        ReasonCode.MISSING_VALUE, ReasonCode.READING_NOT_FINITE, ReasonCode.READING_OUT_OF_RANGE,
        ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE);
    assertThat(plan.totalRecords()).isEqualTo(600 + 20);
    assertThat(plan.endOffset(0) + plan.endOffset(1)).isEqualTo(plan.totalRecords());
    checkStatelessVerdicts(config, plan);
    FeedPlan again = DemoFeeds.smartMeters(config, 10, 60, 2, 7);
    assertThat(again.rounds().get(59).get(3).value()).isEqualTo(plan.rounds().get(59).get(3).value());
  }

  @Test
  void locationPlanCoversItsReasons() throws IOException {
    JobConfig config = resource("/demo/location.yaml");
    FeedPlan plan = DemoFeeds.locations(config, 5, 30, 2, 3);
    assertThat(plan.expectedAccepted()).isEqualTo(150);
    assertThat(plan.expectedRejections().keySet()).contains(
        ReasonCode.LATLON_OUT_OF_RANGE, ReasonCode.OUTSIDE_GRID, ReasonCode.MISSING_VALUE, ReasonCode.DUPLICATE_TICK,
        ReasonCode.TOO_LATE, ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT);
    checkStatelessVerdicts(config, plan);
  }
}
