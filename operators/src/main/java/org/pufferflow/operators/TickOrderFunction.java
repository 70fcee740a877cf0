package org.pufferflow.operators;

import java.util.Arrays;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.TickOrder;

/**
 * Keyed by subject: emits each subject's accepted records as {@link StateObservation}s in tick order
 * (docs/configuration.md, 'Event time and lateness'). A record of tick t is rejected by {@link TickOrder}
 * ({@code DUPLICATE_TICK}, {@code TOO_LATE}, to the {@link Rejections#TAG} side output) or buffered, and a buffered
 * tick is emitted
 * <ul>
 *   <li>by the subject's own data, as soon as a record of tick t + L or later arrives (L = the allowed lateness):
 *       the {@code TOO_LATE} rule then refuses any record of tick &lt; t and {@code DUPLICATE_TICK} one of tick t, so
 *       nothing can come before it any more. This depends on the subject's records only, so it is the same in every
 *       run. With L = 0 a record is emitted as it arrives, without touching the buffer or a timer;</li>
 *   <li>or by event time, when the watermark passes the end of tick t (the subject's stream is quiet, or the input
 *       ended: the final watermark +∞ flushes every buffer). One event-time timer per subject is pending at or
 *       before the end of its first buffered tick.</li>
 * </ul>
 * A record of a tick the watermark has already passed is emitted at once: every buffered tick of the subject ends
 * after the watermark, hence after it, so tick order is kept.
 *
 * <p>Keyed state per subject: one {@code long[]} ({@value #STATE_NAME}): the last tick emitted, the newest tick
 * seen, the pending timer, the number of buffered ticks and the buffered (tick, state) pairs in tick order — at most
 * L of them after each record, since a tick L behind the newest is emitted (with L = 0 the array is the header
 * alone). The array is changed in place and grows (doubling) only when the buffer outgrows it: no allocation per
 * record. One state read per record and one state write per accepted record: the last tick changes with every
 * accepted record, so the write cannot be skipped, not even with L = 0. Downstream functions order by ticks, not
 * by Flink timestamps: an emitted observation carries the timestamp of the record or timer that released it.
 */
@PublicEvolving
public final class TickOrderFunction extends KeyedProcessFunction<String, AcceptedRecord, StateObservation> {
  private static final long serialVersionUID = 1L;

  /** Name of the keyed state (stable: savepoints refer to it). */
  static final String STATE_NAME = "tick-order";

  private static final int LAST = 0;
  private static final int MAX = 1;
  private static final int TIMER = 2;
  private static final int COUNT = 3;
  private static final int HEADER = 4;
  /** Buffered pairs a new subject's array has room for. */
  private static final int INITIAL_PAIRS = 4;
  private static final long NO_TIMER = Long.MIN_VALUE;

  private final TickClock clock;
  private final TickOrder order;

  private transient ValueState<long[]> state;
  private transient OperatorMetrics metrics;
  private transient Counter acceptedMetric;
  private transient LongCounter acceptedAccumulator;

  public TickOrderFunction(TickClock clock, TickOrder order) {
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
    this.order = PufferPreconditions.checkNotNull("order", order);
  }

  @Override
  public void open(OpenContext openContext) {
    state = getRuntimeContext().getState(
        new ValueStateDescriptor<>(STATE_NAME, PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO));
    metrics = OperatorMetrics.forIngestion(getRuntimeContext(), ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE);
    acceptedMetric = metrics.counter(OperatorMetrics.ACCEPTED);
    acceptedAccumulator = metrics.accumulator(OperatorMetrics.ACCEPTED);
  }

  @Override
  public void processElement(AcceptedRecord r, Context ctx, Collector<StateObservation> out) throws Exception {
    long[] s = state.value();
    if (s == null) {
      // with L = 0 nothing is ever buffered (see the class comment): the header alone, 4 longs per subject
      s = new long[order.allowedLateness() == 0 ? HEADER : HEADER + 2 * INITIAL_PAIRS];
      s[LAST] = TickOrder.NONE;
      s[MAX] = TickOrder.NONE;
      s[TIMER] = NO_TIMER;
    }
    long last = s[LAST];
    long max = s[MAX];
    ReasonCode reason = order.check(r.tick, indexOf(s, r.tick) >= 0, last, max);
    if (reason != null) {
      metrics.reject(reason);
      ctx.output(Rejections.TAG,
          Rejections.of(r.topic, r.partition, r.offset, r.payload, reason, order.explain(reason, r.tick, last, max)));
      return;
    }
    if (max == TickOrder.NONE || r.tick > max) {
      s[MAX] = r.tick;
    }
    long through = s[MAX] - order.allowedLateness();
    if ((s[COUNT] == 0 && r.tick <= through) || clock.endOf(r.tick) <= ctx.timerService().currentWatermark()) {
      // final already (nothing buffered before it, and rule 1 refuses every tick before `through`), or behind the
      // watermark: emitted without passing through the buffer; with L = 0 every accepted record takes this path
      emit(r.subjectId, r.tick, r.state, out);
      s[LAST] = r.tick;
    } else {
      s = insert(s, r.tick, r.state);
    }
    releaseWhile(s, through, Long.MIN_VALUE, r.subjectId, out);
    armTimer(s, ctx.timerService());
    state.update(s);
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<StateObservation> out) throws Exception {
    long[] s = state.value();
    if (s == null) {
      return;
    }
    long watermark = ctx.timerService().currentWatermark();
    if (s[TIMER] <= watermark) {
      s[TIMER] = NO_TIMER; // this one fired (or an earlier one that a later timer replaced)
    }
    releaseWhile(s, Long.MIN_VALUE, watermark, ctx.getCurrentKey(), out);
    armTimer(s, ctx.timerService());
    state.update(s);
  }

  /**
   * Emits, in order, and removes every buffered tick that is at most {@code throughTick} or ends at or before
   * {@code watermark}.
   */
  private void releaseWhile(long[] s, long throughTick, long watermark, String subject,
      Collector<StateObservation> out) {
    int count = (int) s[COUNT];
    int n = 0;
    while (n < count && (s[HEADER + 2 * n] <= throughTick || clock.endOf(s[HEADER + 2 * n]) <= watermark)) {
      emit(subject, s[HEADER + 2 * n], (int) s[HEADER + 2 * n + 1], out);
      n++;
    }
    if (n > 0) {
      s[LAST] = s[HEADER + 2 * (n - 1)];
      System.arraycopy(s, HEADER + 2 * n, s, HEADER, 2 * (count - n));
      s[COUNT] = count - n;
    }
  }

  /** Keeps a timer pending at or before the end of the first buffered tick. */
  private void armTimer(long[] s, org.apache.flink.streaming.api.TimerService timers) {
    if (s[COUNT] > 0) {
      long due = clock.endOf(s[HEADER]);
      if (s[TIMER] == NO_TIMER || s[TIMER] > due) {
        timers.registerEventTimeTimer(due);
        s[TIMER] = due;
      }
    }
  }

  private void emit(String subject, long tick, int state, Collector<StateObservation> out) {
    out.collect(new StateObservation(subject, tick, state));
    acceptedMetric.inc();
    acceptedAccumulator.add(1L);
  }

  /** Index of {@code tick}'s pair in the buffer, or -1. */
  private static int indexOf(long[] s, long tick) {
    int end = HEADER + 2 * (int) s[COUNT];
    for (int i = HEADER; i < end; i += 2) {
      if (s[i] == tick) {
        return i;
      }
    }
    return -1;
  }

  /** The buffer with (tick, state) inserted in tick order ({@code tick} is not buffered); grown if full. */
  private static long[] insert(long[] s, long tick, int state) {
    int count = (int) s[COUNT];
    long[] b = HEADER + 2 * (count + 1) <= s.length ? s : Arrays.copyOf(s, HEADER + 4 * (count + 1));
    int at = HEADER;
    while (at < HEADER + 2 * count && b[at] < tick) {
      at += 2;
    }
    System.arraycopy(b, at, b, at + 2, HEADER + 2 * count - at);
    b[at] = tick;
    b[at + 1] = state;
    b[COUNT] = count + 1;
    return b;
  }
}
