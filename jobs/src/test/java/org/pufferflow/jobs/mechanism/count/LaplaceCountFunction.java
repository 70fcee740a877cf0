package org.pufferflow.jobs.mechanism.count;

import java.time.Instant;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.noise.DiscreteLaplace;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.StateObservation;

/**
 * The keyed function of {@link LaplaceCountUnit}: per subject, the count of the current tumbling window (explicit
 * {@code long} state), released when the watermark passes the window's end, with noise drawn from the project's
 * keyed generator at (mechanism, subject, window end tick), so a replay draws the same noise.
 */
final class LaplaceCountFunction extends KeyedProcessFunction<String, StateObservation, WindowHistogram> {

  private final LaplaceCount count;
  private final NoiseKeySource key;
  private final TickClock clock;
  private transient ValueState<Long> window;
  private transient ValueState<Long> hits;
  private transient KeyedRandom random;

  LaplaceCountFunction(LaplaceCount count, NoiseKeySource key, TickClock clock) {
    this.count = count;
    this.key = key;
    this.clock = clock;
  }

  @Override
  public void open(OpenContext context) {
    window = getRuntimeContext().getState(new ValueStateDescriptor<>("laplace-count-window", Types.LONG));
    hits = getRuntimeContext().getState(new ValueStateDescriptor<>("laplace-count-hits", Types.LONG));
    random = new KeyedRandom(key.load());
  }

  @Override
  public void processElement(StateObservation o, Context ctx, Collector<WindowHistogram> out) throws Exception {
    long w = o.tick / count.window();
    Long current = window.value();
    if (current != null && current != w) {
      release(ctx.getCurrentKey(), current, out);
    }
    if (current == null || current != w) {
      window.update(w);
      hits.update(0L);
      ctx.timerService().registerEventTimeTimer(clock.endOf((w + 1) * count.window() - 1) - 1);
    }
    if (o.state == count.state()) {
      hits.update(hits.value() + 1);
    }
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<WindowHistogram> out) throws Exception {
    Long current = window.value();
    if (current != null && clock.endOf((current + 1) * count.window() - 1) - 1 == timestamp) {
      release(ctx.getCurrentKey(), current, out);
    }
  }

  private void release(String subject, long w, Collector<WindowHistogram> out) throws Exception {
    long start = w * count.window();
    long end = start + count.window() - 1;
    random.reset(LaplaceCountUnit.SECTION, subject, end);
    double noisy = hits.value() + DiscreteLaplace.sample(random, 1 / count.epsilon());
    out.collect(WindowHistogram.newBuilder().setSubjectId(subject).setWindowStartTick(start).setWindowEndTick(end)
        .setWindowStartTime(Instant.ofEpochMilli(clock.startOf(start)))
        .setWindowEndTime(Instant.ofEpochMilli(clock.endOf(end))).setReleaseSeq(w)
        .setStateLabels(List.of(count.label())).setNoisyCounts(List.of(noisy)).setNoiseScale(1 / count.epsilon())
        .setPerPointEpsilon(count.epsilon()).setMode("laplace-count").build());
    window.clear();
    hits.clear();
  }
}
