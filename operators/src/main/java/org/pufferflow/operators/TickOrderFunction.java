package org.pufferflow.operators;

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
 * (docs/ingestion.md, 'Event time and lateness'). A record of tick t is rejected by {@link TickOrder}
 * ({@code DUPLICATE_TICK}, {@code TOO_LATE}, to the {@link Rejections#TAG} side output) or buffered, and a buffered
 * tick is emitted
 * <ul>
 *   <li>by the subject's own data, as soon as a record of tick t + L + 1 or later arrives (L = the allowed lateness):
 *       the {@code TOO_LATE} rule then refuses any record of tick ≤ t, so nothing can come before it any more. This
 *       depends on the subject's records only, so it is the same in every run;</li>
 *   <li>or by event time, when the watermark passes the end of tick t (the subject's stream is quiet, or the input
 *       ended: the final watermark +∞ flushes every buffer). One event-time timer per subject is pending at or
 *       before the end of its first buffered tick.</li>
 * </ul>
 * A record of a tick the watermark has already passed is emitted at once: every buffered tick of the subject ends
 * after the watermark, hence after it, so tick order is kept.
 *
 * <p>Keyed state per subject: one {@code long[]} ({@value #STATE_NAME}): the last tick emitted, the newest tick
 * seen, the pending timer, and the buffered (tick, state) pairs in tick order — at most L + 1 of them, since a tick
 * L + 1 behind the newest is emitted. Downstream functions order by ticks, not by Flink timestamps: an emitted
 * observation carries the timestamp of the record or timer that released it.
 */
public final class TickOrderFunction extends KeyedProcessFunction<String, AcceptedRecord, StateObservation> {
  private static final long serialVersionUID = 1L;

  /** Name of the keyed state (stable: savepoints refer to it). */
  static final String STATE_NAME = "tick-order";

  private static final int LAST = 0;
  private static final int MAX = 1;
  private static final int TIMER = 2;
  private static final int HEADER = 3;
  private static final long NO_TIMER = Long.MIN_VALUE;

  private final TickClock clock;
  private final TickOrder order;

  private transient ValueState<long[]> state;
  private transient RejectCounters rejects;
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
    rejects = new RejectCounters(getRuntimeContext(), ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE);
    acceptedMetric = getRuntimeContext().getMetricGroup().addGroup("pufferflow").counter(RejectCounters.ACCEPTED);
    acceptedAccumulator = getRuntimeContext().getLongCounter(RejectCounters.ACCEPTED);
  }

  @Override
  public void processElement(AcceptedRecord r, Context ctx, Collector<StateObservation> out) throws Exception {
    long[] s = state.value();
    if (s == null) {
      s = new long[] {TickOrder.NONE, TickOrder.NONE, NO_TIMER};
    }
    long last = s[LAST];
    long max = s[MAX];
    ReasonCode reason = order.check(r.tick, indexOf(s, r.tick) >= 0, last, max);
    if (reason != null) {
      rejects.count(reason);
      ctx.output(Rejections.TAG,
          Rejections.of(r.topic, r.partition, r.offset, r.payload, reason, order.explain(reason, r.tick, last, max)));
      return;
    }
    if (max == TickOrder.NONE || r.tick > max) {
      s[MAX] = r.tick;
    }
    long watermark = ctx.timerService().currentWatermark();
    if (clock.endOf(r.tick) <= watermark) {
      emit(r.subjectId, r.tick, r.state, out);
      s[LAST] = r.tick;
    } else {
      s = insert(s, r.tick, r.state);
    }
    s = releaseThrough(s, s[MAX] - order.allowedLateness() - 1, r.subjectId, out);
    state.update(armTimer(s, ctx.timerService()));
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
    int n = 0;
    while (HEADER + 2 * n < s.length && clock.endOf(s[HEADER + 2 * n]) <= watermark) {
      n++;
    }
    if (n > 0) {
      s = releaseFirst(s, n, ctx.getCurrentKey(), out);
    }
    state.update(armTimer(s, ctx.timerService()));
  }

  /** Emits, in order, every buffered tick ≤ {@code through}. */
  private long[] releaseThrough(long[] s, long through, String subject, Collector<StateObservation> out) {
    int n = 0;
    while (HEADER + 2 * n < s.length && s[HEADER + 2 * n] <= through) {
      n++;
    }
    return n == 0 ? s : releaseFirst(s, n, subject, out);
  }

  /** Emits the first {@code n} buffered ticks and removes them. */
  private long[] releaseFirst(long[] s, int n, String subject, Collector<StateObservation> out) {
    for (int i = 0; i < n; i++) {
      emit(subject, s[HEADER + 2 * i], (int) s[HEADER + 2 * i + 1], out);
    }
    long[] rest = new long[s.length - 2 * n];
    System.arraycopy(s, 0, rest, 0, HEADER);
    System.arraycopy(s, HEADER + 2 * n, rest, HEADER, rest.length - HEADER);
    rest[LAST] = s[HEADER + 2 * (n - 1)];
    return rest;
  }

  /** Keeps a timer pending at or before the end of the first buffered tick. */
  private long[] armTimer(long[] s, org.apache.flink.streaming.api.TimerService timers) {
    if (s.length > HEADER) {
      long due = clock.endOf(s[HEADER]);
      if (s[TIMER] == NO_TIMER || s[TIMER] > due) {
        timers.registerEventTimeTimer(due);
        s[TIMER] = due;
      }
    }
    return s;
  }

  private void emit(String subject, long tick, int state, Collector<StateObservation> out) {
    out.collect(new StateObservation(subject, tick, state));
    acceptedMetric.inc();
    acceptedAccumulator.add(1L);
  }

  /** Index of {@code tick}'s pair in the buffer, or -1. */
  private static int indexOf(long[] s, long tick) {
    for (int i = HEADER; i < s.length; i += 2) {
      if (s[i] == tick) {
        return i;
      }
    }
    return -1;
  }

  /** The buffer with (tick, state) inserted in tick order ({@code tick} is not buffered). */
  private static long[] insert(long[] s, long tick, int state) {
    int at = HEADER;
    while (at < s.length && s[at] < tick) {
      at += 2;
    }
    long[] b = new long[s.length + 2];
    System.arraycopy(s, 0, b, 0, at);
    b[at] = tick;
    b[at + 1] = state;
    System.arraycopy(s, at, b, at + 2, s.length - at);
    return b;
  }
}
