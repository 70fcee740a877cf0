package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.RedactionFunctionTest.CLOCK;
import static org.pufferflow.operators.RedactionFunctionTest.SPEC;
import static org.pufferflow.operators.RedactionFunctionTest.harness;
import static org.pufferflow.operators.RedactionFunctionTest.obs;
import static org.pufferflow.operators.RedactionFunctionTest.sideOutput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.operators.NoiseKeySource;

/**
 * Redaction with a live opt-out stream (docs/redaction.md, 'When an opt-out takes effect'): records are decided by
 * event time only, so observations that run ahead of the opt-outs (skewed partitions) cannot get a record released
 * before an opt-out that precedes it in event time; an opt-out issued too late is clipped by its issue time, the same
 * in every run; one read after event time passed it is clipped by what was decided, and reported.
 */
class RedactionFunctionEventTimeTest {

  @TempDir Path dir;
  NoiseKeySource key;

  @BeforeEach
  void writeKey() throws IOException {
    Path keyFile = dir.resolve("noise.key");
    Files.writeString(keyFile, "00112233445566778899aabbccddeeff0f1e2d3c4b5a69788796a5b4c3d2e1f0\n",
        StandardCharsets.US_ASCII);
    key = NoiseKeySource.file(keyFile.toAbsolutePath().toString());
  }

  RedactionFunction live() {
    return new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, true);
  }

  /** An opt-out issued at event time {@code issued} (ticks of 10 ms). */
  static StreamRecord<OptOut> optOut(long from, long to, long issued) {
    return new StreamRecord<>(new OptOut("a", from, to, Instant.ofEpochMilli(issued)), issued);
  }

  static List<Long> ticksReleasedUnredacted(List<RedactedRecord> out) {
    return out.stream().filter(r -> r.getValue() != null).map(RedactedRecord::getTick).toList();
  }

  @Test
  void observationsRunningAheadDecideNothingUntilTheOptOutStreamCatchesUp() throws Exception {
    try (var h = harness(live())) {
      h.open();
      for (long t = 0; t <= 30; t++) {
        h.processElement1(obs("a", t, 1));
      }
      h.processWatermark1(new Watermark(309)); // the observations are complete up to tick 30
      assertThat(h.extractOutputValues()).as("the opt-out stream has not moved: nothing decided").isEmpty();
      h.processWatermark2(new Watermark(100)); // opt-outs complete up to event time 100 (tick 10)
      assertThat(h.extractOutputValues()).as("ticks t with t + 4 + 1 <= 10").hasSize(6);
      h.processElement2(optOut(12, 14, 115)); // issued in tick 11: in time for ticks 12..14 and the 4 before
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      List<RedactedRecord> out = h.extractOutputValues();
      assertThat(out).hasSize(31);
      assertThat(ticksReleasedUnredacted(out)).doesNotContain(12L, 13L, 14L);
      assertThat(sideOutput(h)).isEmpty();
    }
  }

  @Test
  void anOptOutIssuedTooLateForItsFirstTicksIsClippedByItsIssueTimeWhateverTheWatermark() throws Exception {
    for (long watermark : new long[] {0, 60, 150, 199}) {
      try (var h = harness(live())) {
        h.open();
        for (long t = 0; t <= 40; t++) {
          h.processElement1(obs("a", t, 1));
        }
        h.processWatermark1(new Watermark(watermark));
        h.processWatermark2(new Watermark(watermark));
        h.processElement2(optOut(12, 25, 205)); // issued in tick 20; H = h = 4: it reaches back 0 ticks
        h.processWatermark1(new Watermark(Long.MAX_VALUE));
        h.processWatermark2(new Watermark(Long.MAX_VALUE));
        assertThat(sideOutput(h)).extracting(r -> r.getReasonCode() + ": " + r.getMessage()).as("watermark %s",
            watermark).containsExactly("OPT_OUT_TOO_LATE: opt-out [12, 25]: ticks 12..19 can no longer be protected"
                + " (issued in tick 20, it reaches back at most 0 tick(s): holdBackTicks 4 minus the plan's hold-back"
                + " 4; the first protectable tick is 20); ticks 20..25 protected");
        assertThat(ticksReleasedUnredacted(h.extractOutputValues())).doesNotContain(20L, 21L, 22L, 23L, 24L, 25L);
      }
    }
  }

  @Test
  void anOptOutReadAfterEventTimePassedItIsClippedByWhatWasDecidedAndReported() throws Exception {
    try (var h = harness(live())) {
      h.open();
      for (long t = 0; t <= 40; t++) {
        h.processElement1(obs("a", t, 1));
      }
      h.processWatermark1(new Watermark(300));
      h.processWatermark2(new Watermark(300)); // decided: t + 5 <= 30, ticks 0..25
      h.processElement2(optOut(24, 28, 205)); // issued in tick 20 but read at event time 300: late
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      List<RejectedObservation> rejected = sideOutput(h);
      assertThat(rejected).extracting(RejectedObservation::getMessage).containsExactly("opt-out [24, 28]: ticks"
          + " 24..28 can no longer be protected (records up to tick 25 were already decided; the first protectable"
          + " tick is 30); nothing protected");
      assertThat(ticksReleasedUnredacted(h.extractOutputValues())).contains(24L, 25L);
    }
  }
}
