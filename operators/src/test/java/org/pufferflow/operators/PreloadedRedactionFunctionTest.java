package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.RedactionFunctionTest.CLOCK;
import static org.pufferflow.operators.RedactionFunctionTest.SPEC;
import static org.pufferflow.operators.RedactionFunctionTest.obs;
import static org.pufferflow.operators.RedactionFunctionTest.state;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;

/**
 * The one-input redaction function (docs/operators.md, 'Redaction function'): for the same observations and preloaded
 * opt-outs it emits byte-identical records and rejections, and counts the same metrics, as the two-input
 * {@link RedactionFunction} without an opt-out stream; and a snapshot of either, taken with records held and
 * event-time timers pending, restores into the other (same keyed state {@code redaction-buffer}, same serializer,
 * same timer service), giving the bytes of an uninterrupted run.
 */
class PreloadedRedactionFunctionTest {

  /** Opt-outs known before the job starts: in time for some subjects, spanning a quiet subject's last ticks. */
  static final OptOutPreload PRELOAD = OptOutPreload.of(List.of(new OptOut("m1", 12L, 15L, null),
      new OptOut("m6", 20L, 22L, null), new OptOut("m6", 40L, 41L, null), new OptOut("m8", 28L, 30L, null),
      new OptOut("m13", 0L, 3L, null)));

  /** Watermark after which the input is cut: the end of tick 32, while quiet subjects still hold ticks 26..30. */
  static final long CUT_WATERMARK = 329;

  @TempDir Path dir;
  NoiseKeySource key;

  @BeforeEach
  void writeKey() throws IOException {
    key = MqmTestSupport.keyFile(dir, 0x5a);
  }

  /**
   * 40 subjects over 60 ticks: gaps, subjects {@code s % 8 == 0} quiet after tick 30, a duplicate tick, a late tick
   * and a state outside the model; with {@code watermarks}, the watermark (a {@code Long}) after every tick's records.
   */
  static List<Object> input(boolean watermarks) {
    List<Object> in = new ArrayList<>();
    for (long t = 0; t < 60; t++) {
      for (int s = 0; s < 40; s++) {
        String subject = "m" + s;
        if ((t + s) % 7 == 3 || (s % 8 == 0 && t > 30)) {
          continue;
        }
        in.add(new StateObservation(subject, t, state(subject, t)));
        if (s == 3 && t == 20) {
          in.add(new StateObservation(subject, t, 1)); // DUPLICATE_TICK
        } else if (s == 9 && t == 25) {
          in.add(new StateObservation(subject, t - 1, 0)); // TOO_LATE
        } else if (s == 5 && t == 7) {
          in.add(new StateObservation(subject, t + 1, 2)); // UNKNOWN_LABEL
        }
      }
      if (watermarks) {
        in.add(10 * t + 9);
      }
    }
    return in;
  }

  static RedactionFunction twoInput(NoiseKeySource key) {
    return new RedactionFunction(SPEC, key, CLOCK, PRELOAD, false, List.of("off", "on"));
  }

  static PreloadedRedactionFunction oneInput(NoiseKeySource key) {
    return new PreloadedRedactionFunction(SPEC, key, CLOCK, PRELOAD, List.of("off", "on"));
  }

  static KeyedOneInputStreamOperatorTestHarness<String, StateObservation, RedactedRecord> harness(
      PreloadedRedactionFunction fn) throws Exception {
    return new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), o -> o.subjectId,
        Types.STRING);
  }

  /** Feeds {@code in[from, to)} to either harness (the two-input one gets no opt-out, its watermark follows). */
  static void feed(AbstractStreamOperatorTestHarness<RedactedRecord> h, List<Object> in, int from, int to)
      throws Exception {
    for (int i = from; i < to; i++) {
      Object o = in.get(i);
      if (o instanceof StateObservation s) {
        if (h instanceof KeyedOneInputStreamOperatorTestHarness<?, ?, ?>) {
          one(h).processElement(obs(s.subjectId, s.tick, s.state));
        } else {
          two(h).processElement1(obs(s.subjectId, s.tick, s.state));
        }
      } else {
        watermark(h, (Long) o);
      }
    }
  }

  static void watermark(AbstractStreamOperatorTestHarness<RedactedRecord> h, long w) throws Exception {
    if (h instanceof KeyedOneInputStreamOperatorTestHarness<?, ?, ?>) {
      one(h).processWatermark(new Watermark(w));
    } else {
      two(h).processWatermark1(new Watermark(w));
      two(h).processWatermark2(new Watermark(w));
    }
  }

  @SuppressWarnings("unchecked")
  private static KeyedOneInputStreamOperatorTestHarness<String, StateObservation, RedactedRecord> one(
      AbstractStreamOperatorTestHarness<RedactedRecord> h) {
    return (KeyedOneInputStreamOperatorTestHarness<String, StateObservation, RedactedRecord>) h;
  }

  @SuppressWarnings("unchecked")
  private static KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> two(
      AbstractStreamOperatorTestHarness<RedactedRecord> h) {
    return (KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord>) h;
  }

  /** The records, then the rejections, Avro-encoded in the order emitted. */
  static byte[] bytes(AbstractStreamOperatorTestHarness<RedactedRecord> h) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(MqmTestSupport.avroBytes(h.extractOutputValues()));
    out.writeBytes(MqmTestSupport.avroBytes(MqmTestSupport.values(h.getSideOutput(MechanismOutputs.REJECTED))));
    return out.toByteArray();
  }

  private static String counts(OperatorMetrics m) {
    return String.join(",", "released=" + m.count(OperatorMetrics.RELEASED),
        "redacted=" + m.count(OperatorMetrics.REDACTED), "subjects=" + m.count(OperatorMetrics.SUBJECTS),
        "optOuts=" + m.count(OperatorMetrics.OPT_OUTS), "dup=" + m.rejects(ReasonCode.DUPLICATE_TICK),
        "late=" + m.rejects(ReasonCode.TOO_LATE), "unknown=" + m.rejects(ReasonCode.UNKNOWN_LABEL));
  }

  @Test
  void theSameBytesAndMetricsAsTheTwoInputFunctionWithoutAnOptOutStream() throws Exception {
    for (boolean watermarks : new boolean[] {false, true}) {
      List<Object> in = input(watermarks);
      RedactionFunction two = twoInput(key);
      PreloadedRedactionFunction one = oneInput(key);
      try (var h2 = RedactionFunctionTest.harness(two); var h1 = harness(one)) {
        h2.open();
        h1.open();
        feed(h2, in, 0, in.size());
        feed(h1, in, 0, in.size());
        assertThat(bytes(h1)).as("before the end, watermarks %s", watermarks).isEqualTo(bytes(h2));
        watermark(h2, Long.MAX_VALUE);
        watermark(h1, Long.MAX_VALUE);
        assertThat(bytes(h1)).as("watermarks %s", watermarks).isEqualTo(bytes(h2));
        assertThat(counts(one.metrics())).isEqualTo(counts(two.metrics()));
        List<RedactedRecord> out = h1.extractOutputValues();
        assertThat(out).as("one record per accepted observation").hasSize(
            (int) in.stream().filter(o -> o instanceof StateObservation).count() - 3);
        assertThat(out).filteredOn(r -> r.getSubjectId().equals("m6") && r.getTick() >= 20 && r.getTick() <= 22)
            .as("a preloaded opt-out redacts its ticks").hasSize(3).allSatisfy(r -> assertThat(r.getValue()).isNull());
        assertThat(one.metrics().rejects(ReasonCode.DUPLICATE_TICK) + one.metrics().rejects(ReasonCode.TOO_LATE)
            + one.metrics().rejects(ReasonCode.UNKNOWN_LABEL)).isEqualTo(3);
      }
    }
  }

  @Test
  void aSnapshotOfTheTwoInputFunctionRestoresIntoTheOneInputFunction() throws Exception {
    restoreAcross(true);
  }

  @Test
  void aSnapshotOfTheOneInputFunctionRestoresIntoTheTwoInputFunction() throws Exception {
    restoreAcross(false);
  }

  /**
   * Runs the input to {@link #CUT_WATERMARK} on one function, snapshots, restores the snapshot into the other and runs
   * the rest: the output must be that of an uninterrupted run. The quiet subjects' last records are held at the cut
   * and only a restored timer decides them (no record of theirs comes later), so the timers must survive too.
   */
  private void restoreAcross(boolean fromTwoInput) throws Exception {
    List<Object> in = input(true);
    int cut = in.indexOf(CUT_WATERMARK) + 1;
    byte[] expected;
    try (var h = harness(oneInput(key))) {
      h.open();
      feed(h, in, 0, in.size());
      watermark(h, Long.MAX_VALUE);
      expected = bytes(h);
    }
    OperatorSubtaskState snapshot;
    List<RedactedRecord> mainBefore;
    List<RejectedObservation> sideBefore;
    int timers;
    try (AbstractStreamOperatorTestHarness<RedactedRecord> h =
        fromTwoInput ? RedactionFunctionTest.harness(twoInput(key)) : harness(oneInput(key))) {
      h.open();
      feed(h, in, 0, cut);
      snapshot = h.snapshot(1L, 1L);
      mainBefore = h.extractOutputValues();
      sideBefore = new ArrayList<>(MqmTestSupport.values(h.getSideOutput(MechanismOutputs.REJECTED)));
      timers = h.numEventTimeTimers();
    }
    assertThat(mainBefore).as("a quiet subject's tick 30 is still held at the cut")
        .noneMatch(r -> r.getSubjectId().equals("m0") && r.getTick() == 30);
    assertThat(timers).as("timers pending at the cut").isPositive();
    try (AbstractStreamOperatorTestHarness<RedactedRecord> h =
        fromTwoInput ? harness(oneInput(key)) : RedactionFunctionTest.harness(twoInput(key))) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      assertThat(h.numEventTimeTimers()).as("the timers are restored").isEqualTo(timers);
      feed(h, in, cut, in.size());
      watermark(h, Long.MAX_VALUE);
      assertThat(h.extractOutputValues()).as("decided by a restored timer")
          .anyMatch(r -> r.getSubjectId().equals("m0") && r.getTick() == 30);
      ByteArrayOutputStream joined = new ByteArrayOutputStream();
      List<RedactedRecord> main = new ArrayList<>(mainBefore);
      main.addAll(h.extractOutputValues());
      List<RejectedObservation> side = new ArrayList<>(sideBefore);
      side.addAll(MqmTestSupport.values(h.getSideOutput(MechanismOutputs.REJECTED)));
      joined.writeBytes(MqmTestSupport.avroBytes(main));
      joined.writeBytes(MqmTestSupport.avroBytes(side));
      assertThat(joined.toByteArray()).isEqualTo(expected);
      assertThat(sideBefore).as("the cut lies after some rejections").isNotEmpty();
    }
  }

  @Test
  void toStringNamesTheConfigurationOnly() {
    assertThat(oneInput(key).toString()).startsWith("PreloadedRedactionFunction[").contains("holdBackTicks=4")
        .doesNotContain(dir.toString());
    assertThat(PreloadedRedactionFunction.STATE_NAME).isEqualTo(RedactionFunction.STATE_NAME)
        .isEqualTo("redaction-buffer");
  }
}
