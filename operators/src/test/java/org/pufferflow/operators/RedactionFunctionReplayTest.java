package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.RedactionFunctionTest.CLOCK;
import static org.pufferflow.operators.RedactionFunctionTest.SPEC;
import static org.pufferflow.operators.RedactionFunctionTest.harness;
import static org.pufferflow.operators.RedactionFunctionTest.obs;
import static org.pufferflow.operators.RedactionFunctionTest.sideOutput;
import static org.pufferflow.operators.RedactionFunctionTest.state;
import static org.pufferflow.operators.RedactionFunctionTest.watermark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.operators.NoiseKeySource;

/**
 * Replays of the redaction operator (docs/operators.md, 'Redaction function'): a snapshot + restore mid-stream gives
 * output byte-identical (Avro-encoded) to an uninterrupted run, with and without watermark timers; the same input
 * and key give the same bytes, another key other coins.
 */
class RedactionFunctionReplayTest {

  @TempDir Path dir;
  NoiseKeySource key;

  @BeforeEach
  void writeKey() throws IOException {
    Path keyFile = dir.resolve("noise.key");
    Files.writeString(keyFile, "0f1e2d3c4b5a69788796a5b4c3d2e1f000112233445566778899aabbccddeeff");
    key = NoiseKeySource.file(keyFile.toAbsolutePath().toString());
  }

  /**
   * A mixed input of 40 subjects: records with gaps, subjects going quiet after tick 30, opt-outs in time, late,
   * partly late; with {@code watermarks}, the watermark (a {@code Long}) after every tick's records.
   */
  private static List<Object> mixedInput(boolean watermarks) {
    List<Object> in = new ArrayList<>();
    for (long t = 0; t < 60; t++) {
      for (int s = 0; s < 40; s++) {
        String subject = "m" + s;
        if ((t + s) % 7 == 3 || (s % 8 == 0 && t > 30)) {
          continue; // gap, or a quiet subject
        }
        in.add(new StateObservation(subject, t, state(subject, t)));
        if (t == 10 + 3 * (s % 5)) {
          in.add(new OptOut(subject, t - 2 * (s % 5), t + 3, null));
        }
        if (t == 40 && s % 2 == 0) {
          in.add(new OptOut(subject, 38L, 44L, null));
        }
      }
      if (watermarks) {
        in.add(10 * t + 9);
      }
    }
    return in;
  }

  private static void feed(KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> h,
      List<Object> input, int from, int to) throws Exception {
    for (int i = from; i < to; i++) {
      Object o = input.get(i);
      if (o instanceof StateObservation s) {
        h.processElement1(obs(s.subjectId, s.tick, s.state));
      } else if (o instanceof Long w) {
        watermark(h, w);
      } else {
        h.processElement2(new StreamRecord<>((OptOut) o, 0));
      }
    }
  }

  private byte[] uninterrupted(NoiseKeySource source) throws Exception {
    return uninterrupted(source, null);
  }

  private static RedactionFunction function(NoiseKeySource source, TickClock clock) {
    return new RedactionFunction(SPEC, source, clock == null ? CLOCK : clock, OptOutPreload.NONE, false);
  }

  private byte[] uninterrupted(NoiseKeySource source, TickClock clock) throws Exception {
    List<Object> input = mixedInput(clock != null);
    try (var h = harness(function(source, clock))) {
      h.open();
      feed(h, input, 0, input.size());
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      return concat(bytes(h), sideBytes(h));
    }
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @Test
  void snapshotAndRestoreMidStreamGiveByteIdenticalOutput() throws Exception {
    snapshotAndRestore(null);
  }

  @Test
  void snapshotAndRestoreMidStreamGiveByteIdenticalOutputWithWatermarkTimers() throws Exception {
    TickClock clock = new TickClock(10, 0);
    assertThat(uninterrupted(key, clock)).as("the watermark decides earlier than the ticks alone")
        .isNotEqualTo(uninterrupted(key, null));
    snapshotAndRestore(clock);
  }

  private void snapshotAndRestore(TickClock clock) throws Exception {
    List<Object> input = mixedInput(clock != null);
    byte[] expected = uninterrupted(key, clock);
    int cut = input.size() / 2 + 3;
    OperatorSubtaskState snapshot;
    byte[] mainBefore;
    byte[] sideBefore;
    try (var h = harness(function(key, clock))) {
      h.open();
      feed(h, input, 0, cut);
      snapshot = h.snapshot(1L, 1L);
      mainBefore = bytes(h);
      sideBefore = sideBytes(h);
    }
    try (var h = harness(function(key, clock))) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      feed(h, input, cut, input.size());
      h.processWatermark1(new Watermark(Long.MAX_VALUE));
      h.processWatermark2(new Watermark(Long.MAX_VALUE));
      assertThat(concat(mainBefore, bytes(h), sideBefore, sideBytes(h))).isEqualTo(expected);
      assertThat(sideBefore).as("the cut lies after some rejections").isNotEmpty();
      assertThat(sideBytes(h)).as("and before others").isNotEmpty();
    }
  }

  @Test
  void theSameInputAndKeyGiveTheSameBytesAndAnotherKeyOtherCoins() throws Exception {
    byte[] first = uninterrupted(key);
    assertThat(uninterrupted(key)).isEqualTo(first);
    Path other = dir.resolve("other.key");
    Files.writeString(other, "ffeeddccbbaa99887766554433221100f0e1d2c3b4a5968778695a4b3c2d1e0f");
    assertThat(uninterrupted(NoiseKeySource.file(other.toAbsolutePath().toString()))).isNotEqualTo(first);
  }

  /** The main output, Avro-encoded in order. */
  private static byte[] bytes(
      KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> h) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (RedactedRecord r : h.extractOutputValues()) {
      write(r, bytes);
    }
    return bytes.toByteArray();
  }

  /** The rejections, Avro-encoded in order. */
  private static byte[] sideBytes(
      KeyedTwoInputStreamOperatorTestHarness<String, StateObservation, OptOut, RedactedRecord> h) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (RejectedObservation r : sideOutput(h)) {
      write(r, bytes);
    }
    return bytes.toByteArray();
  }

  @SuppressWarnings("unchecked")
  private static <T extends SpecificRecord> void write(T record, ByteArrayOutputStream bytes) throws IOException {
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
    new SpecificDatumWriter<T>((Class<T>) record.getClass()).write(record, encoder);
    encoder.flush();
  }
}
