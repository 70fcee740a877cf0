package org.pufferflow.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ObservationDecoder;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.jobs.config.JobConfig;

/** The demo's synthetic feeds (docs/cli.md, 'demo'): what each plan promises, checked against the job's own checks. */
class DemoFeedsTest {

  static JobConfig resource(String name) {
    return DemoConfigs.resource(name);
  }

  /**
   * Replays the plan through the stateless checks: their verdicts must agree with what the plan expects, and every
   * accepted record's state must be the true state the plan recorded for its subject and tick.
   */
  private static void checkStatelessVerdicts(JobConfig config, FeedPlan plan) {
    TickClock clock = config.ingest().clock();
    ObservationValidator v = config.ingest().validator();
    ObservationDecoder decoder = new ObservationDecoder();
    Map<ReasonCode, Integer> stateless = new EnumMap<>(ReasonCode.class);
    Map<String, Map<Long, Integer>> truth = new java.util.HashMap<>();
    plan.truth().forEach((s, points) -> truth.put(s, DemoTruth.byTick(points)));
    int valid = 0;
    int matched = 0;
    for (var round : plan.rounds()) {
      for (FeedPlan.Entry e : round) {
        Observation o = decoder.decode(e.value());
        if (o == null) {
          stateless.merge(ReasonCode.UNDECODABLE, 1, Integer::sum);
          continue;
        }
        int state = v.check(o);
        if (state < 0) {
          stateless.merge(v.reject(o, state).reasonCode(), 1, Integer::sum);
        } else {
          assertThat(state).isBetween(0, config.model().numStates() - 1);
          Integer expected = truth.get(o.getSubjectId()).get(clock.tickOf(o.getEventTime().toEpochMilli()));
          if (expected != null && expected == state) {
            matched++;
          }
          valid++;
        }
      }
    }
    Map<ReasonCode, Integer> expected = new EnumMap<>(plan.expectedRejections());
    int ordering = expected.getOrDefault(ReasonCode.DUPLICATE_TICK, 0) + expected.getOrDefault(ReasonCode.TOO_LATE, 0);
    expected.remove(ReasonCode.DUPLICATE_TICK);
    expected.remove(ReasonCode.TOO_LATE);
    expected.remove(ReasonCode.OPT_OUT_REFUSED); // an opt-out, not an input record
    assertThat(stateless).isEqualTo(expected);
    assertThat(valid).isEqualTo(plan.expectedAccepted() + ordering);
    // every accepted record (and the duplicates, which repeat their record) carries its subject's true state
    assertThat(matched).isGreaterThanOrEqualTo(plan.expectedAccepted());
  }

  @Test
  void smartMeterPlanCoversItsReasonsAndRecordsTheTruth() {
    JobConfig config = resource(DemoConfigs.METERS_RESOURCE);
    FeedPlan plan = DemoFeeds.smartMeters(config, 10, 80, 2);
    assertThat(plan.expectedAccepted()).isEqualTo(10 * 80);
    assertThat(plan.expectedRejections().keySet()).containsExactlyInAnyOrder(
        ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT, ReasonCode.MISSING_TIME, ReasonCode.NEGATIVE_TIME,
        ReasonCode.MISSING_VALUE, ReasonCode.READING_NOT_FINITE, ReasonCode.READING_OUT_OF_RANGE,
        ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE);
    assertThat(plan.totalRecords()).isEqualTo(800 + 80 / DemoFeeds.FAULT_EVERY);
    assertThat(plan.endOffset(0) + plan.endOffset(1)).isEqualTo(plan.totalRecords());
    assertThat(plan.truth()).hasSize(10);
    for (List<FeedPlan.TruePoint> t : plan.truth().values()) {
      assertThat(t).hasSize(80);
      for (int i = 1; i < t.size(); i++) {
        assertThat(t.get(i).tick()).isEqualTo(t.get(i - 1).tick() + 1);
      }
    }
    checkStatelessVerdicts(config, plan);
  }

  @Test
  void locationPlanCoversItsReasons() {
    JobConfig config = resource(DemoConfigs.LOCATIONS_RESOURCE);
    FeedPlan plan = DemoFeeds.locations(config, 5, 64, 2);
    assertThat(plan.expectedAccepted()).isEqualTo(5 * 64);
    assertThat(plan.expectedRejections().keySet()).containsExactlyInAnyOrder(
        ReasonCode.LATLON_OUT_OF_RANGE, ReasonCode.OUTSIDE_GRID, ReasonCode.MISSING_VALUE, ReasonCode.DUPLICATE_TICK,
        ReasonCode.TOO_LATE, ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT);
    checkStatelessVerdicts(config, plan);
  }

  @Test
  void presencePlanCoversItsReasonsAndOptOuts() {
    JobConfig config = resource(DemoConfigs.PRESENCE_RESOURCE);
    FeedPlan plan = DemoFeeds.presence(config, 6, 64, 2, 3);
    assertThat(plan.expectedAccepted()).isEqualTo(6 * 64);
    assertThat(plan.expectedRejections().keySet()).containsExactlyInAnyOrder(
        ReasonCode.UNKNOWN_LABEL, ReasonCode.MISSING_VALUE, ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE,
        ReasonCode.NEGATIVE_TIME, ReasonCode.MISSING_TIME, ReasonCode.OPT_OUT_REFUSED);
    assertThat(plan.expectedRejections().get(ReasonCode.OPT_OUT_REFUSED)).isEqualTo(1);
    assertThat(plan.optOuts()).hasSize(4);
    long first = DemoFeeds.firstTick(config);
    for (int i = 0; i < 3; i++) {
      var o = plan.optOuts().get(i);
      assertThat(o.getSubjectId()).isEqualTo("home-0" + i);
      assertThat(o.getFromTick()).isBetween(first, first + 63).isLessThanOrEqualTo(o.getToTick());
      assertThat(o.getToTick()).isLessThan(first + 64);
    }
    assertThat(plan.optOuts().get(3).getFromTick()).isGreaterThan(plan.optOuts().get(3).getToTick());
    checkStatelessVerdicts(config, plan);
  }

  @Test
  void theFeedIsAFunctionOfThePublicDemoKey() {
    JobConfig config = resource(DemoConfigs.METERS_RESOURCE);
    FeedPlan a = DemoFeeds.smartMeters(config, 6, 40, 2);
    FeedPlan b = DemoFeeds.smartMeters(config, 6, 40, 2);
    assertThat(bytes(b)).isEqualTo(bytes(a));
    assertThat(b.truth()).isEqualTo(a.truth());
    // each subject draws from its own keyed stream: a larger fleet leaves the first subjects' traces unchanged
    FeedPlan more = DemoFeeds.smartMeters(config, 9, 40, 2);
    assertThat(more.truth().get("meter-003")).isEqualTo(a.truth().get("meter-003"));
    // the traces are not constant: the chain visits every state
    assertThat(a.truth().values().stream().flatMap(List::stream).map(FeedPlan.TruePoint::state).distinct())
        .hasSize(config.model().numStates());
    // pinned: the first meter's first true states under the public key (fails if the generator or key changes)
    assertThat(a.truth().get("meter-000").subList(0, 12).stream().map(FeedPlan.TruePoint::state).toList())
        .isEqualTo(PINNED_METER_000);
  }

  static final List<Integer> PINNED_METER_000 = List.of(2, 1, 1, 1, 1, 1, 1, 2, 0, 0, 0, 0);

  private static List<String> bytes(FeedPlan p) {
    List<String> out = new ArrayList<>();
    p.rounds().forEach(r -> r.forEach(e -> out.add(e.partition() + " " + e.key() + " "
        + java.util.HexFormat.of().formatHex(e.value()))));
    return out;
  }
}
