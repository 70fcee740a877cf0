package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.operators.NoiseKeySource;

/**
 * The redaction operator against the plan it runs (docs/operators.md, 'Redaction function'; docs/redaction.md,
 * 'Streaming contract'): same decisions as calling {@link RedactionPlan#release} directly, hold-back, too-late
 * opt-outs, gaps, drain at the end of input (replays: RedactionFunctionReplayTest).
 */
class RedactionFunctionTest {

  /** alpha = 0.1, beta = 0.2, eps = 1: every 3R mechanism needs a hold-back of 4 (docs/redaction.md). */
  static final RedactionPlan SPEC = RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_NUMERICAL, null, 4);
  /** Tick t spans event times 10t .. 10t + 9 (obs() stamps records with the end of their tick). */
  static final TickClock CLOCK = new TickClock(10, 0);

  @TempDir Path dir;
  Path keyFile;
  NoiseKeySource key;

  @BeforeEach
  void writeKey() throws IOException {
    keyFile = dir.resolve("noise.key");
    Files.writeString(keyFile, "0f1e2d3c4b5a69788796a5b4c3d2e1f000112233445566778899aabbccddeeff\n",
        StandardCharsets.US_ASCII);
    key = NoiseKeySource.file(keyFile.toAbsolutePath().toString());
  }

  static KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> harness(
      RedactionFunction fn) throws Exception {
    return new KeyedTwoInputStreamOperatorTestHarness<>(new KeyedCoProcessOperator<>(fn), o -> o.subjectId,
        o -> o.getSubjectId(), Types.STRING);
  }

  static StreamRecord<StateObservation> obs(String subject, long tick, int state) {
    return new StreamRecord<>(new StateObservation(subject, tick, state), 10 * tick + 9);
  }

  static StreamRecord<OptOut> optOut(String subject, long from, long to) {
    return new StreamRecord<>(new OptOut(subject, from, to, null), 0);
  }

  /** A deterministic pseudo-random state sequence for tests (test data only; not the mechanism's randomness). */
  static int state(String subject, long tick) {
    long h = (subject.hashCode() * 0x9E3779B97F4A7C15L) ^ (tick * 0xC2B2AE3D27D4EB4FL);
    h ^= h >>> 29;
    h *= 0xBF58476D1CE4E5B9L;
    h ^= h >>> 32;
    return Math.floorMod(h, 3) == 0 ? 0 : 1; // bit 1 twice as often as bit 0
  }

  @Test
  void withoutOptOutsEveryRecordIsReleasedUnchangedInTickOrder() throws Exception {
    RedactionFunction fn = new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false);
    try (var h = harness(fn)) {
      h.open();
      for (long t = 0; t < 30; t++) {
        h.processElement1(obs("a", t, state("a", t)));
        h.processElement1(obs("b", t, state("b", t)));
      }
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      Map<String, List<RedactedRecord>> bySubject = bySubject(h.extractOutputValues());
      for (String s : List.of("a", "b")) {
        List<RedactedRecord> out = bySubject.get(s);
        assertThat(out).hasSize(30);
        for (int t = 0; t < 30; t++) {
          assertThat(out.get(t).getTick()).isEqualTo(t);
          assertThat(out.get(t).getValue()).isEqualTo(state(s, t));
        }
      }
      assertThat(fn.metrics().count(OperatorMetrics.RELEASED)).isEqualTo(60);
      assertThat(fn.metrics().count(OperatorMetrics.REDACTED)).isZero();
    }
  }

  @Test
  void aReleasedRecordCarriesTheLabelOfItsValueAndARedactedOneNone() throws Exception {
    RedactionFunction fn =
        new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false, List.of("away", "home"));
    try (var h = harness(fn)) {
      h.open();
      h.processElement2(optOut("a", 5, 6)); // before the records: ticks 5 and 6 are redacted
      for (long t = 0; t < 12; t++) {
        h.processElement1(obs("a", t, state("a", t)));
      }
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      List<RedactedRecord> out = h.extractOutputValues();
      assertThat(out).hasSize(12);
      assertThat(out).filteredOn(r -> r.getValue() == null).isNotEmpty()
          .allSatisfy(r -> assertThat(r.getLabel()).isNull());
      assertThat(out).filteredOn(r -> r.getValue() != null).isNotEmpty()
          .allSatisfy(r -> assertThat(r.getLabel()).isEqualTo(r.getValue() == 1 ? "home" : "away"));
    }
    assertThatThrownBy(() -> new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false, List.of("x")))
        .hasMessageContaining("bitLabels");
  }

  @Test
  void aRecordIsHeldUntilTheSubjectMovesPastItsTickPlusTheHoldBack() throws Exception {
    try (var h = harness(new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false))) {
      h.open();
      for (long t = 0; t <= 4; t++) {
        h.processElement1(obs("a", t, 1));
      }
      assertThat(h.extractOutputValues()).as("ticks 0..4 held: 4 is not past 0 + 4").isEmpty();
      h.processElement1(obs("a", 5, 1));
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L);
      h.processElement1(obs("a", 8, 1)); // a gap: 8 > 1 + 4, 2 + 4, 3 + 4 decides 1, 2, 3
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L, 1L, 2L, 3L);
      // an opt-out for the newest tick, arriving after its record, is honoured in full
      h.processElement2(optOut("a", 8, 8));
      h.processElement1(obs("a", 20, 1));
      List<RedactedRecord> out = h.extractOutputValues();
      assertThat(ticks(out)).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 8L);
      assertThat(out.get(6).getValue()).as("the opted-out tick is redacted").isNull();
      assertThat(sideOutput(h)).isEmpty();
    }
  }

  static void watermark(
      KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> h, long w)
      throws Exception {
    h.processWatermark1(new Watermark(w));
    h.processWatermark2(new Watermark(w));
  }

  @Test
  void withATickClockTheWatermarkDecidesTheRecordsOfAQuietSubject() throws Exception {
    TickClock clock = new TickClock(10, 0); // tick t spans event times 10t .. 10t + 9
    try (var h = harness(new RedactionFunction(SPEC, key, clock, OptOutPreload.NONE, false))) {
      h.open();
      for (long t = 0; t <= 2; t++) {
        h.processElement1(obs("a", t, 1));
      }
      watermark(h, 49);
      assertThat(h.extractOutputValues()).as("tick 0 is decided at the start of tick 0 + 4 + 1").isEmpty();
      watermark(h, 50);
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L);
      h.processElement2(optOut("a", 5, 5)); // decided up to 0: the first protectable tick is 5
      watermark(h, 70);
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L, 1L, 2L);
      h.processElement1(obs("a", 5, 1));
      h.processElement1(obs("a", 6, 1));
      watermark(h, 100);
      List<RedactedRecord> out = h.extractOutputValues();
      assertThat(ticks(out)).containsExactly(0L, 1L, 2L, 5L);
      assertThat(out.get(3).getValue()).isNull();
      watermark(h, 200);
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L, 1L, 2L, 5L, 6L);
      h.processElement1(obs("a", 9, 0)); // its deadline 140 is already behind the watermark: decided at once
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L, 1L, 2L, 5L, 6L, 9L);
      h.processElement2(optOut("a", 12, 12)); // decided up to 9, first protectable 14
      assertThat(sideOutput(h)).extracting(RejectedObservation::getReasonCode).containsExactly("OPT_OUT_TOO_LATE");
    }
  }

  @Test
  void anOptOutRedactsItsTicksAndDecidesNeighboursAsThePlanDoes() throws Exception {
    RedactionPlan plan = SPEC;
    KeyedRandom random = new KeyedRandom(NoiseKey.fromFile(keyFile));
    RedactionFunction fn = new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false);
    int subjects = 300;
    try (var h = harness(fn)) {
      h.open();
      for (int s = 0; s < subjects; s++) {
        h.processElement2(optOut("s" + s, 20, 22));
      }
      for (long t = 0; t < 45; t++) {
        for (int s = 0; s < subjects; s++) {
          h.processElement1(obs("s" + s, t, state("s" + s, t)));
        }
      }
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      Map<String, List<RedactedRecord>> bySubject = bySubject(h.extractOutputValues());
      int coinsReleased = 0;
      int coinsRedacted = 0;
      for (int s = 0; s < subjects; s++) {
        String subject = "s" + s;
        OptOutRanges ranges = new OptOutRanges();
        ranges.add(20, 22);
        List<RedactedRecord> out = bySubject.get(subject);
        assertThat(out).hasSize(45);
        for (int t = 0; t < 45; t++) {
          int x = state(subject, t);
          double r = plan.redactionProbability(t, x, ranges);
          boolean expected = plan.release(t, x, ranges, random, subject);
          RedactedRecord rec = out.get(t);
          assertThat(rec.getTick()).isEqualTo(t);
          assertThat(rec.getValue()).as("%s tick %d", subject, t).isEqualTo(expected ? Integer.valueOf(x) : null);
          if (t >= 20 && t <= 22) {
            assertThat(rec.getValue()).isNull();
          } else if (r == 0) {
            assertThat(rec.getValue()).isEqualTo(x);
          } else if (r < 1) {
            if (rec.getValue() == null) {
              coinsRedacted++;
            } else {
              coinsReleased++;
            }
          }
        }
      }
      assertThat(coinsRedacted).as("neighbours redacted by a coin").isPositive();
      assertThat(coinsReleased).as("neighbours released by a coin").isPositive();
      assertThat(fn.metrics().count(OperatorMetrics.REDACTED))
          .isEqualTo(3L * subjects + coinsRedacted + countCertainNeighbours(plan, subjects));
    }
  }

  /** Records outside 20..22 with redaction probability 1 (none for this plan, but counted honestly). */
  private static long countCertainNeighbours(RedactionPlan plan, int subjects) {
    long n = 0;
    OptOutRanges ranges = new OptOutRanges();
    ranges.add(20, 22);
    for (int s = 0; s < subjects; s++) {
      for (int t = 0; t < 45; t++) {
        if ((t < 20 || t > 22) && plan.redactionProbability(t, state("s" + s, t), ranges) >= 1) {
          n++;
        }
      }
    }
    return n;
  }

  @Test
  void anOptOutForAReleasedTickIsRejectedAndCountedAndItsLaterPartProtected() throws Exception {
    RedactionFunction fn = new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false);
    try (var h = harness(fn)) {
      h.open();
      for (long t = 0; t <= 20; t++) {
        h.processElement1(obs("a", t, 1));
      }
      // decided while tick 20 arrives: t + 4 < 20, i.e. ticks 0..15; the first protectable tick is 15 + 4 + 1 = 20
      assertThat(ticks(h.extractOutputValues())).hasSize(16);
      h.processElement2(optOut("a", 15, 25));
      h.processElement2(optOut("a", 3, 5));
      h.processElement2(optOut("a", 9, 7));
      for (long t = 21; t <= 40; t++) {
        h.processElement1(obs("a", t, 1));
      }
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      List<RejectedObservation> rejected = sideOutput(h);
      assertThat(rejected).extracting(r -> r.getReasonCode() + ": " + r.getMessage()).containsExactly(
          "OPT_OUT_TOO_LATE: opt-out [15, 25]: ticks 15..19 can no longer be protected (records up to tick 15 were "
              + "already decided; the first protectable tick is 20); ticks 20..25 protected",
          "OPT_OUT_TOO_LATE: opt-out [3, 5]: ticks 3..5 can no longer be protected (records up to tick 15 were "
              + "already decided; the first protectable tick is 20); nothing protected",
          "OPT_OUT_REFUSED: opt-out [9, 7]: fromTick must not exceed toTick; nothing protected");
      assertThat(rejected.get(0).getRawPayload().array())
          .isEqualTo(RedactionDecider.encode(new OptOut("a", 15L, 25L, null)));
      assertThat(rejected.get(0).getSourceTopic()).isEqualTo(RedactionFunction.OPT_OUT_SOURCE);
      assertThat(fn.metrics().rejects(ReasonCode.OPT_OUT_TOO_LATE)).isEqualTo(2);
      assertThat(fn.metrics().rejects(ReasonCode.OPT_OUT_REFUSED)).isEqualTo(1);
      assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).isEqualTo(1);
      List<RedactedRecord> out = h.extractOutputValues();
      assertThat(ticks(out)).hasSize(41);
      for (RedactedRecord r : out) {
        if (r.getTick() >= 20 && r.getTick() <= 25) {
          assertThat(r.getValue()).as("protected remainder, tick %d", r.getTick()).isNull();
        }
        if (r.getTick() <= 15) {
          assertThat(r.getValue()).as("released before the opt-out, tick %d", r.getTick()).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void aSubjectFirstSeenThroughARefusedOptOutIsCountedOnce() throws Exception {
    RedactionFunction fn = new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false);
    try (var h = harness(fn)) {
      h.open();
      h.processElement2(optOut("new", 9, 7));
      h.processElement1(obs("new", 0, 1));
      h.processElement1(obs("other", 0, 1));
      assertThat(fn.metrics().count(OperatorMetrics.SUBJECTS)).isEqualTo(2);
      assertThat(fn.metrics().rejects(ReasonCode.OPT_OUT_REFUSED)).isEqualTo(1);
    }
  }

  @Test
  void gapsEmitNothingAndAHugeGapDecidesEverythingHeld() throws Exception {
    try (var h = harness(new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false))) {
      h.open();
      h.processElement1(obs("a", 0, 1));
      h.processElement1(obs("a", 1, 0));
      h.processElement1(obs("a", 3, 1));
      h.processElement1(obs("a", 1_000_000_003L, 1));
      assertThat(ticks(h.extractOutputValues())).containsExactly(0L, 1L, 3L);
      h.processElement1(obs("a", 1_000_000_004L, 0));
      h.processElement2(optOut("a", 1_000_000_004L, 1_000_000_004L));
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      List<RedactedRecord> out = h.extractOutputValues();
      assertThat(ticks(out)).containsExactly(0L, 1L, 3L, 1_000_000_003L, 1_000_000_004L);
      assertThat(out.get(4).getValue()).isNull();
    }
  }

  @Test
  void theEndOfABoundedInputDrainsEveryBuffer() throws Exception {
    try (var h = harness(new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false))) {
      h.open();
      for (long t = 0; t < 3; t++) {
        h.processElement1(obs("a", t, 0));
        h.processElement1(obs("b", t, 1));
      }
      h.processWatermark1(new Watermark(49));
      h.processWatermark2(new Watermark(49));
      assertThat(h.extractOutputValues()).as("before tick 0 + H + 1 = 5 starts, nothing is decided").isEmpty();
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      assertThat(h.extractOutputValues()).as("both inputs must end").isEmpty();
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      assertThat(h.extractOutputValues()).extracting(r -> r.getSubjectId() + "@" + r.getTick() + "=" + r.getValue())
          .containsExactlyInAnyOrder("a@0=0", "a@1=0", "a@2=0", "b@0=1", "b@1=1", "b@2=1");
    }
  }

  @Test
  void observationsOutOfTickOrderAreRejected() throws Exception {
    RedactionFunction fn = new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false);
    try (var h = harness(fn)) {
      h.open();
      h.processElement1(obs("a", 5, 1));
      h.processElement1(obs("a", 5, 1));
      h.processElement1(obs("a", 4, 1));
      assertThat(sideOutput(h)).extracting(RejectedObservation::getReasonCode)
          .containsExactly("DUPLICATE_TICK", "TOO_LATE");
      assertThat(sideOutput(h).get(0).getMessage()).doesNotContain("state");
      assertThat(fn.metrics().rejects(ReasonCode.TOO_LATE)).isEqualTo(1);
    }
  }


  @Test
  void everyReasonCodeIsListedInTheSchemaDocAndTheIngestionTable() throws IOException {
    String schemaDoc = RejectedObservation.getClassSchema().getField("reasonCode").doc();
    String table = Files.readString(Path.of("..", "docs", "configuration.md"));
    for (ReasonCode r : ReasonCode.values()) {
      assertThat(schemaDoc).as("RejectedObservation.reasonCode doc").contains(r.name());
      assertThat(table).as("docs/configuration.md").contains("| `" + r.name() + "` |");
    }
  }

  // ---------------------------------------------------------------------------------------------------------------

  private static Map<String, List<RedactedRecord>> bySubject(List<RedactedRecord> out) {
    return out.stream().collect(Collectors.groupingBy(RedactedRecord::getSubjectId)); // each in output order
  }

  private static List<Long> ticks(List<RedactedRecord> out) {
    return out.stream().map(RedactedRecord::getTick).collect(Collectors.toList());
  }

  static List<RejectedObservation> sideOutput(
      KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> h) {
    List<RejectedObservation> out = new ArrayList<>();
    ConcurrentLinkedQueue<StreamRecord<RejectedObservation>> q = h.getSideOutput(MechanismOutputs.REJECTED);
    if (q != null) {
      for (StreamRecord<RejectedObservation> r : q) {
        out.add(r.getValue());
      }
    }
    return out;
  }
}
