package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.clock.ManualClock;
import org.apache.flink.util.clock.RelativeClock;
import org.junit.jupiter.api.Test;
import org.pufferflow.ingest.EventTimes;
import org.pufferflow.ingest.TickClock;

/**
 * {@link TickWatermarks}, one generator per split of a source subtask (docs/configuration.md, 'Event time and
 * lateness'): bounded lateness per split, nothing before a split's first record, idleness of a quiet split, and the
 * flush to the end of the newest tick read once every split of the subtask is quiet.
 */
class TickWatermarksTest {

  /** Ticks of 10 ms: tick t spans 10t .. 10t + 9. */
  static final TickClock CLOCK = new TickClock(10, 0);
  static final long IDLE = 1_000;

  final ManualClock time = new ManualClock();
  final TickWatermarks strategy = new TickWatermarks(CLOCK, 2, Duration.ofMillis(IDLE));
  /** The reader's main output: Flink creates its generator before those of the splits; it sees no record. */
  final WatermarkGenerator<RawRecord> mainOutput = split();

  /** What one split's generator emitted: watermarks, and "idle" for each markIdle. */
  static final class Recorder implements WatermarkOutput {
    final List<Object> events = new ArrayList<>();

    @Override
    public void emitWatermark(Watermark watermark) {
      events.add(watermark.getTimestamp());
    }

    @Override
    public void markIdle() {
      events.add("idle");
    }

    @Override
    public void markActive() {}

    List<Object> take() {
      List<Object> out = new ArrayList<>(events);
      events.clear();
      return out;
    }
  }

  WatermarkGenerator<RawRecord> split() {
    return strategy.createWatermarkGenerator(new WatermarkGeneratorSupplier.Context() {
      @Override
      public MetricGroup getMetricGroup() {
        return new UnregisteredMetricsGroup();
      }

      @Override
      public RelativeClock getInputActivityClock() {
        return time;
      }
    });
  }

  static void event(WatermarkGenerator<RawRecord> g, long eventTime, Recorder out) {
    RawRecord r = new RawRecord("t", 0, 0, new byte[0], eventTime);
    g.onEvent(r, eventTime, out);
  }

  void advance(long millis) {
    time.advanceTime(Duration.ofMillis(millis));
  }

  @Test
  void anActiveSplitTrailsItsNewestRecordByTheLatenessAndASplitWithoutRecordsHoldsBack() {
    WatermarkGenerator<RawRecord> a = split();
    WatermarkGenerator<RawRecord> b = split();
    Recorder outA = new Recorder();
    Recorder outB = new Recorder();
    event(a, 95, outA); // tick 9
    event(a, 71, outA); // out of order: the newest stays 95
    event(a, EventTimes.NONE, outA); // an undecodable record: activity, no time
    a.onPeriodicEmit(outA);
    b.onPeriodicEmit(outB);
    assertThat(outA.take()).containsExactly(95L - 2 * 10 - 1); // tick 7 complete (ends at 79... 74 < 79)
    assertThat(outB.take()).as("no record yet: nothing, so the split holds the subtask back").isEmpty();
  }

  @Test
  void aQuietSplitGoesIdleWhileAnotherIsActiveAndEverySplitFlushesToTheNewestTickOnceAllAreQuiet() {
    WatermarkGenerator<RawRecord> a = split();
    WatermarkGenerator<RawRecord> b = split();
    Recorder outA = new Recorder();
    Recorder outB = new Recorder();
    event(a, 95, outA);
    event(b, 203, outB);
    advance(600);
    event(b, 204, outB);
    advance(IDLE - 600);
    a.onPeriodicEmit(outA);
    b.onPeriodicEmit(outB);
    assertThat(outA.take()).as("a is quiet, b is not").containsExactly("idle");
    assertThat(outB.take()).containsExactly(204L - 21);
    advance(600);
    a.onPeriodicEmit(outA);
    b.onPeriodicEmit(outB);
    // every split quiet: each emits the end of the newest tick the subtask read (204 is in tick 20: ends at 209)
    assertThat(outA.take()).containsExactly(209L);
    assertThat(outB.take()).containsExactly(209L);
    advance(200);
    a.onPeriodicEmit(outA);
    b.onPeriodicEmit(outB);
    assertThat(outA.take()).containsExactly("idle");
    assertThat(outB.take()).containsExactly("idle");
    // a record wakes b up; when all are quiet again, only a newer tick is flushed again
    event(b, 206, outB);
    b.onPeriodicEmit(outB);
    assertThat(outB.take()).containsExactly(206L - 21);
    advance(IDLE);
    a.onPeriodicEmit(outA);
    b.onPeriodicEmit(outB);
    assertThat(outA.take()).as("tick 20 was flushed already").containsExactly("idle");
    assertThat(outB.take()).containsExactly("idle");
    event(a, 215, outA);
    advance(IDLE);
    a.onPeriodicEmit(outA);
    b.onPeriodicEmit(outB);
    assertThat(outA.take()).containsExactly(219L);
    assertThat(outB.take()).containsExactly(219L);
  }

  @Test
  void theReadersMainOutputDoesNotKeepTheSplitsFromFlushing() {
    WatermarkGenerator<RawRecord> a = split();
    Recorder outA = new Recorder();
    Recorder outMain = new Recorder();
    event(a, 95, outA);
    advance(IDLE);
    a.onPeriodicEmit(outA);
    mainOutput.onPeriodicEmit(outMain);
    assertThat(outA.take()).as("the one split is quiet: flush, long before the startup timeout").containsExactly(99L);
    assertThat(outMain.take()).as("the main output emits nothing, ever").isEmpty();
  }

  @Test
  void aSplitThatDeliveredNothingSinceTheStartIsWaitedForTheStartupTimeoutThenOnlyGoesIdle() {
    WatermarkGenerator<RawRecord> a = split();
    Recorder out = new Recorder();
    advance(IDLE);
    a.onPeriodicEmit(out);
    assertThat(out.take()).as("a consumer slow to start still holds event time back").isEmpty();
    advance(TickWatermarks.STARTUP_TIMEOUT.toMillis() - IDLE);
    a.onPeriodicEmit(out);
    assertThat(out.take()).containsExactly("idle");
  }

  @Test
  void eachSourceSubtaskHasItsOwnSplitsAfterDeserialization() throws Exception {
    TickWatermarks copy = org.apache.flink.util.InstantiationUtil.clone(strategy);
    WatermarkGenerator<RawRecord> a = split();
    Recorder outA = new Recorder();
    event(a, 95, outA);
    // a generator of another subtask (another copy of the strategy) that is active does not keep a from flushing
    WatermarkGenerator<RawRecord> other = copy.createWatermarkGenerator(new WatermarkGeneratorSupplier.Context() {
      @Override
      public MetricGroup getMetricGroup() {
        return new UnregisteredMetricsGroup();
      }

      @Override
      public RelativeClock getInputActivityClock() {
        return new ManualClock();
      }
    });
    event(other, 500, new Recorder());
    advance(IDLE);
    a.onPeriodicEmit(outA);
    assertThat(outA.take()).containsExactly(99L);
  }
}
