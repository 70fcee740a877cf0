package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.TickOrder;

/**
 * The determinism of tick order (docs/configuration.md, 'Event time and lateness'): a partition whose records are in
 * order within the allowed lateness gives the same observations and the same rejections whatever watermarks arrive
 * in between, as long as they are watermarks of that partition (its newest event time minus the lateness) — also
 * with gaps, duplicates and records far behind their subject (rejected by the subject's own records).
 */
class TickOrderFunctionProperties {

  static final TickClock CLOCK = new TickClock(10, 0);

  @Property(tries = 200)
  void watermarksOfThePartitionChangeNothing(@ForAll @IntRange(min = 0, max = 3) int lateness,
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed, @ForAll @IntRange(min = 1, max = 6) int every)
      throws Exception {
    List<AcceptedRecord> partition = partition(lateness, new Random(seed));
    String quiet = run(lateness, partition, Integer.MAX_VALUE);
    String watermarked = run(lateness, partition, every);
    assertThat(watermarked).isEqualTo(quiet);
  }

  /** Three subjects of one partition, in tick order but for swaps within the lateness, duplicates and stragglers. */
  static List<AcceptedRecord> partition(int lateness, Random r) {
    List<AcceptedRecord> out = new ArrayList<>();
    long offset = 0;
    long[] pending = {-1, -1, -1};
    for (long t = 0; t < 40; t++) {
      for (int s = 0; s < 3; s++) {
        long tick = t;
        if (r.nextInt(15) == 0) {
          continue; // a gap
        }
        if (lateness > 0 && pending[s] < 0 && r.nextInt(4) == 0) {
          pending[s] = tick; // sent after the next one
          continue;
        }
        out.add(rec(s, tick, r.nextInt(3), offset++));
        if (pending[s] >= 0) {
          out.add(rec(s, pending[s], r.nextInt(3), offset++));
          pending[s] = -1;
        }
        if (r.nextInt(20) == 0) {
          out.add(rec(s, tick, r.nextInt(3), offset++)); // duplicate
        }
        if (tick > lateness + 3 && r.nextInt(25) == 0) {
          out.add(rec(s, tick - lateness - 2, 0, offset++)); // far behind its subject
        }
      }
    }
    return out;
  }

  static AcceptedRecord rec(int subject, long tick, int state, long offset) {
    AcceptedRecord a = new AcceptedRecord();
    a.subjectId = "s" + subject;
    a.tick = tick;
    a.state = state;
    a.eventTime = CLOCK.startOf(tick) + 3 + subject;
    a.topic = "t";
    a.offset = offset;
    a.payload = new byte[] {(byte) offset};
    return a;
  }

  /**
   * Runs the partition, with the partition's own watermark (bounded lateness) after every {@code every} records,
   * and +∞ at the end; returns every observation and rejection, per subject, in order.
   */
  static String run(int lateness, List<AcceptedRecord> partition, int every) throws Exception {
    TickOrderFunction fn = new TickOrderFunction(CLOCK, new TickOrder(lateness));
    try (var h = new KeyedOneInputStreamOperatorTestHarness<String, AcceptedRecord, StateObservation>(
        new KeyedProcessOperator<>(fn), r -> r.subjectId, Types.STRING)) {
      h.open();
      long newest = Long.MIN_VALUE;
      for (int i = 0; i < partition.size(); i++) {
        AcceptedRecord a = partition.get(i);
        h.processElement(new StreamRecord<>(a, a.eventTime));
        newest = Math.max(newest, a.eventTime);
        if ((i + 1) % every == 0) {
          h.processWatermark(new Watermark(newest - lateness * CLOCK.tickMillis() - 1));
        }
      }
      h.processWatermark(new Watermark(Long.MAX_VALUE));
      StringBuilder b = new StringBuilder();
      for (int s = 0; s < 3; s++) {
        String subject = "s" + s;
        h.extractOutputValues().stream().filter(o -> o.subjectId.equals(subject))
            .forEach(o -> b.append(subject).append('@').append(o.tick).append('=').append(o.state).append(' '));
      }
      var rejected = h.getSideOutput(Rejections.TAG);
      if (rejected != null) {
        rejected.stream().map(StreamRecord::getValue).map(TickOrderFunctionProperties::describe).sorted()
            .forEach(x -> b.append(x).append(' '));
      }
      return b.toString();
    }
  }

  private static String describe(RejectedObservation r) {
    return r.getSourceOffset() + ":" + r.getReasonCode() + ":" + r.getMessage();
  }
}
