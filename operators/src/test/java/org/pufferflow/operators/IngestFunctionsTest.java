package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.BinsDiscretizer;
import org.pufferflow.ingest.ObservationEncoder;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.TickOrder;

class IngestFunctionsTest {

  private static final TickClock CLOCK = new TickClock(10, 0);

  static byte[] encode(Observation o) {
    return new ObservationEncoder().encode(o);
  }

  @Test
  void validateEmitsAcceptedRecordsAndRejectsTheRestWithTheirOrigin() throws Exception {
    ValidateObservations fn =
        new ValidateObservations(new ObservationValidator(new BinsDiscretizer(new double[] {1}, 0, 5), CLOCK));
    try (OneInputStreamOperatorTestHarness<RawRecord, AcceptedRecord> h = ProcessFunctionTestHarnesses.forProcessFunction(fn)) {
      byte[] good = encode(Observation.newBuilder().setSubjectId("m").setEventTime(Instant.ofEpochMilli(25)).setReading(2.0).build());
      byte[] bad = encode(Observation.newBuilder().setSubjectId("m").setEventTime(Instant.ofEpochMilli(25)).setReading(9.0).build());
      byte[] garbage = "garbage".getBytes(StandardCharsets.UTF_8);
      h.processElement(new RawRecord("in", 0, 0, good), 0);
      h.processElement(new RawRecord("in", 0, 1, bad), 0);
      h.processElement(new RawRecord("in", 1, 7, garbage), 0);
      List<AcceptedRecord> out = h.extractOutputValues();
      assertThat(out).hasSize(1);
      assertThat(out.get(0).subjectId).isEqualTo("m");
      assertThat(out.get(0).tick).isEqualTo(2);
      assertThat(out.get(0).state).isEqualTo(1);
      assertThat(out.get(0).eventTime).isEqualTo(25);
      assertThat(out.get(0).offset).isZero();
      List<RejectedObservation> rejected = values(h.getSideOutput(Rejections.TAG));
      assertThat(rejected).extracting(RejectedObservation::getReasonCode).containsExactly("READING_OUT_OF_RANGE", "UNDECODABLE");
      assertThat(rejected.get(1).getSourcePartition()).isEqualTo(1);
      assertThat(rejected.get(1).getSourceOffset()).isEqualTo(7);
      assertThat(rejected.get(1).getRawPayload().array()).isEqualTo(garbage);
      assertThat(rejected.get(0).getMessage()).isEqualTo("reading = 9.0: outside the configured range [0.0, 5.0]");
    }
  }

  @Test
  void aDiagnosisWordsTheRejectionOfUndecodableBytesItRecognisesOnly() throws Exception {
    UndecodableDiagnosis words = raw -> raw.payload.length > 0 && raw.payload[0] == 'g' ? "g at " + raw.offset : null;
    ValidateObservations fn = new ValidateObservations(
        new ObservationValidator(new BinsDiscretizer(new double[] {1}, 0, 5), CLOCK), words);
    try (OneInputStreamOperatorTestHarness<RawRecord, AcceptedRecord> h = ProcessFunctionTestHarnesses.forProcessFunction(fn)) {
      h.processElement(new RawRecord("in", 0, 4, "garbage".getBytes(StandardCharsets.UTF_8)), 0);
      h.processElement(new RawRecord("in", 0, 5, "other".getBytes(StandardCharsets.UTF_8)), 0);
      byte[] good = encode(Observation.newBuilder().setSubjectId("m").setEventTime(Instant.ofEpochMilli(25)).setReading(2.0).build());
      h.processElement(new RawRecord("in", 0, 6, good), 0); // decodes: the diagnosis is never asked
      assertThat(h.extractOutputValues()).hasSize(1);
      List<RejectedObservation> rejected = values(h.getSideOutput(Rejections.TAG));
      assertThat(rejected).extracting(RejectedObservation::getReasonCode).containsExactly("UNDECODABLE", "UNDECODABLE");
      assertThat(rejected.get(0).getMessage()).isEqualTo("g at 4");
      assertThat(rejected.get(1).getMessage()).startsWith("not an Avro Observation (5 bytes)");
    }
  }

  private static AcceptedRecord rec(String subject, long tick, int state, long offset) {
    AcceptedRecord r = new AcceptedRecord();
    r.subjectId = subject;
    r.tick = tick;
    r.state = state;
    r.eventTime = CLOCK.startOf(tick) + 3;
    r.topic = "in";
    r.offset = offset;
    r.payload = new byte[] {(byte) offset};
    return r;
  }

  @Test
  void releasesTicksInOrderOnTheWatermarkAndRejectsDuplicatesAndLateRecords() throws Exception {
    TickOrderFunction fn = new TickOrderFunction(CLOCK, new TickOrder(2));
    try (KeyedOneInputStreamOperatorTestHarness<String, AcceptedRecord, StateObservation> h =
        new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), r -> r.subjectId, Types.STRING)) {
      h.open();
      h.processElement(rec("a", 5, 1, 0), 53);
      h.processElement(rec("a", 3, 0, 1), 33); // out of order, within 2 ticks
      h.processElement(rec("b", 4, 2, 2), 43);
      h.processElement(rec("a", 5, 2, 3), 53); // duplicate of a buffered tick
      h.processElement(rec("a", 2, 0, 4), 23); // 3 ticks behind a's newest tick 5
      h.processWatermark(new Watermark(49)); // end of tick 4 is 49: releases a@3, b@4
      assertThat(h.extractOutputValues())
          .containsExactlyInAnyOrder(new StateObservation("a", 3, 0), new StateObservation("b", 4, 2));
      h.processElement(rec("a", 3, 1, 5), 60); // tick 3 already processed: duplicate
      h.processElement(rec("a", 4, 1, 6), 60); // after processed tick 3, before buffered 5: in order, accepted
      h.processWatermark(new Watermark(Long.MAX_VALUE));
      List<StateObservation> a = new ArrayList<>();
      for (StateObservation s : h.extractOutputValues()) {
        if (s.subjectId.equals("a")) {
          a.add(s);
        }
      }
      assertThat(a).containsExactly(new StateObservation("a", 3, 0), new StateObservation("a", 4, 1), new StateObservation("a", 5, 1));
      h.processElement(rec("a", 4, 0, 7), Long.MAX_VALUE); // behind the last processed tick 5
      List<RejectedObservation> rejected = values(h.getSideOutput(Rejections.TAG));
      assertThat(rejected).extracting(x -> x.getSourceOffset() + ":" + x.getReasonCode() + ":" + x.getMessage())
          .containsExactly(
              "3:DUPLICATE_TICK:tick 5: the subject already has a record for this tick",
              "4:TOO_LATE:tick 2: more than 2 tick(s) behind the subject's newest tick 5",
              "5:DUPLICATE_TICK:tick 3: the subject already has a record for this tick",
              "7:TOO_LATE:tick 4: before the subject's last processed tick 5");
      assertThat(h.numKeyedStateEntries()).as("one state per key (last, newest tick, no buffer)").isEqualTo(2);
    }
  }

  @Test
  void aRecordBehindTheWatermarkIsReleasedAtOnceInsteadOfWaitingForTheNextWatermark() throws Exception {
    TickOrderFunction fn = new TickOrderFunction(CLOCK, new TickOrder(2));
    try (KeyedOneInputStreamOperatorTestHarness<String, AcceptedRecord, StateObservation> h =
        new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), r -> r.subjectId, Types.STRING)) {
      h.open();
      h.processElement(rec("far", 1_000_000, 0, 0), 10_000_003); // a record far in the future moves the watermark
      h.processWatermark(new Watermark(10_000_000 - 21));
      h.processElement(rec("a", 7, 1, 1), 73);
      h.processElement(rec("a", 8, 2, 2), 83);
      h.processElement(rec("a", 6, 0, 3), 63); // behind a's released tick 8, within its lateness
      assertThat(h.extractOutputValues()).containsExactly(
          new StateObservation("a", 7, 1), new StateObservation("a", 8, 2));
      assertThat(values(h.getSideOutput(Rejections.TAG))).extracting(x -> x.getReasonCode() + ":" + x.getMessage())
          .containsExactly("TOO_LATE:tick 6: before the subject's last processed tick 8");
    }
  }

  /**
   * A subject's own data releases its ticks L ticks later, in tick order, before any watermark (the same in
   * every run); the watermark releases the last L (a quiet subject, the end of the input); the two ticks whose
   * ends saturate at {@code Long.MAX_VALUE} are both released, in order, by the final watermark.
   */
  @Test
  void ticksAreReleasedByTheSubjectsOwnLaterTicksAndTheLastOnesByTheWatermark() throws Exception {
    TickOrderFunction fn = new TickOrderFunction(CLOCK, new TickOrder(3));
    try (KeyedOneInputStreamOperatorTestHarness<String, AcceptedRecord, StateObservation> h =
        new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), r -> r.subjectId, Types.STRING)) {
      h.open();
      long offset = 0;
      for (long t = 0; t < 40; t++) {
        for (String s : new String[] {"a", "b", "c"}) {
          // within a subject, each pair of ticks arrives swapped (within the lateness of 3 ticks)
          long tick = t % 2 == 0 ? t + 1 : t - 1;
          h.processElement(rec(s, tick, (int) (tick % 3), offset++), CLOCK.startOf(tick) + 3);
        }
      }
      assertThat(h.extractOutputValues()).as("ticks 0..36: tick 39 arrived, L = 3").hasSize(3 * 37);
      h.processWatermark(new Watermark(CLOCK.endOf(29)));
      assertThat(h.extractOutputValues()).hasSize(3 * 37);
      h.processWatermark(new Watermark(CLOCK.endOf(37)));
      assertThat(h.extractOutputValues()).hasSize(3 * 38);
      h.processWatermark(new Watermark(CLOCK.endOf(39)));
      List<StateObservation> all = h.extractOutputValues();
      assertThat(all).hasSize(3 * 40);
      for (String s : new String[] {"a", "b", "c"}) {
        assertThat(all).filteredOn(o -> o.subjectId.equals(s)).extracting(o -> o.tick)
            .containsExactlyElementsOf(java.util.stream.LongStream.range(0, 40).boxed().toList());
      }
      long last = Long.MAX_VALUE / 10; // ticks last and last + 1 both end at Long.MAX_VALUE (saturated)
      assertThat(CLOCK.endOf(last)).isEqualTo(Long.MAX_VALUE);
      assertThat(CLOCK.endOf(last - 1)).isLessThan(Long.MAX_VALUE);
      h.processElement(rec("a", last + 1, 1, offset++), Long.MAX_VALUE - 1);
      h.processElement(rec("a", last, 2, offset++), Long.MAX_VALUE - 2);
      h.processWatermark(new Watermark(Long.MAX_VALUE));
      List<StateObservation> out = h.extractOutputValues();
      assertThat(out.subList(3 * 40, out.size())).containsExactly(
          new StateObservation("a", last, 2), new StateObservation("a", last + 1, 1));
      assertThat(values(h.getSideOutput(Rejections.TAG))).isEmpty();
      assertThat(h.numKeyedStateEntries()).as("buffers are empty, one state per key remains").isEqualTo(3);
    }
  }

  /**
   * With L = 0 nothing can come before an accepted record any more, so it is emitted as it arrives: no buffer, no
   * event-time timer (docs/configuration.md, 'Event time and lateness').
   */
  @Test
  void zeroLatenessEmitsEachAcceptedRecordAtOnceWithoutATimer() throws Exception {
    TickOrderFunction fn = new TickOrderFunction(CLOCK, new TickOrder(0));
    try (KeyedOneInputStreamOperatorTestHarness<String, AcceptedRecord, StateObservation> h =
        new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), r -> r.subjectId, Types.STRING)) {
      h.open();
      long offset = 0;
      for (long t : new long[] {0, 1, 3, 3, 2, 7}) {
        h.processElement(rec("a", t, (int) (t % 3), offset++), CLOCK.startOf(t) + 3);
        h.processElement(rec("b", 2 * t, 1, offset++), CLOCK.startOf(2 * t) + 3);
      }
      assertThat(h.extractOutputValues()).filteredOn(o -> o.subjectId.equals("a")).extracting(o -> o.tick)
          .containsExactly(0L, 1L, 3L, 7L);
      assertThat(h.extractOutputValues()).filteredOn(o -> o.subjectId.equals("b")).extracting(o -> o.tick)
          .containsExactly(0L, 2L, 6L, 14L);
      assertThat(h.numEventTimeTimers()).isZero();
      assertThat(values(h.getSideOutput(Rejections.TAG))).extracting(x -> x.getReasonCode().toString())
          .containsExactlyInAnyOrder("DUPLICATE_TICK", "TOO_LATE", "DUPLICATE_TICK", "TOO_LATE");
    }
  }

  @Test
  void streamRecordsAreFlinkPojosOrExplicitTypesNotKryoTypes() {
    assertThat(org.apache.flink.api.common.typeinfo.TypeInformation.of(AcceptedRecord.class).createSerializer(
        new org.apache.flink.api.common.serialization.SerializerConfigImpl())).isInstanceOf(AcceptedRecordSerializer.class);
    assertThat(org.apache.flink.api.common.typeinfo.TypeInformation.of(StateObservation.class).createSerializer(
        new org.apache.flink.api.common.serialization.SerializerConfigImpl()))
        .isSameAs(StateObservationSerializer.INSTANCE);
    for (Class<?> c : new Class<?>[] {RawRecord.class}) {
      assertThat(org.apache.flink.api.common.typeinfo.TypeInformation.of(c))
          .as(c.getSimpleName()).isInstanceOf(org.apache.flink.api.java.typeutils.PojoTypeInfo.class);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> List<T> values(ConcurrentLinkedQueue<StreamRecord<T>> q) {
    List<T> out = new ArrayList<>();
    if (q != null) {
      for (StreamRecord<T> r : q) {
        out.add(r.getValue());
      }
    }
    return out;
  }
}
