package org.pufferflow.operators;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.util.clock.RelativeClock;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.EventTimes;
import org.pufferflow.ingest.TickClock;

/**
 * The event time of the job's Kafka sources (docs/configuration.md, 'Event time and lateness'), given to
 * {@code env.fromSource}, so that Flink keeps one watermark per split (per Kafka partition) and the source's
 * watermark is the minimum over its partitions: a partition that is behind holds event time back, whatever the
 * other partitions a source subtask reads.
 *
 * <ul>
 *   <li><b>Timestamp</b>: the record's event time, {@link RawRecord#eventTime} (read by the deserializer from the
 *       Avro value without decoding it); {@link EventTimes#NONE} for a record without one, which does not move
 *       the watermark (validation rejects it).</li>
 *   <li><b>Bounded lateness</b>: an active partition's watermark is its newest event time minus
 *       {@code allowedLatenessTicks} ticks, minus 1 ms: the tick t is complete in that partition once a record of
 *       tick t + L + 1 has been read.</li>
 *   <li><b>Quiet</b>: a partition that delivered no record for {@code idleTimeout} (of Flink's input-activity
 *       clock, which stands still while the source is back-pressured or paused for alignment) stops holding the
 *       others back (idle). One that has delivered nothing since the source (re)started is waited for at least
 *       {@link #STARTUP_TIMEOUT}: a consumer that is slow to start (a restore, a loaded machine) must not let the
 *       other partitions make its records late, while an empty partition still stops holding the job back. When every
 *       partition of a source subtask is quiet, each first emits the end of the newest tick the subtask has read, then
 *       goes idle: everything read is taken as complete, so the last ticks of a stream that went quiet are released
 *       (and, once every subtask is idle, Flink forwards the largest of their watermarks). A record that arrives later
 *       for a tick that is already complete is late.</li>
 * </ul>
 *
 * <p>Watermark alignment (one source running ahead of another by more than a drift) is added by the caller with
 * {@link #withWatermarkAlignment}. Instances are serializable configuration; the per-subtask bookkeeping of quiet
 * partitions is created on the task ({@code transient}) and shared by the generators of one source subtask, which
 * all run in the task's thread. Flink's source reader creates the generator of its main output first, then one per
 * split; a Kafka reader emits every record through a split's output, so the first generator never sees a record:
 * it emits nothing and is not waited for.
 */
@PublicEvolving
public final class TickWatermarks implements WatermarkStrategy<RawRecord> {
  private static final long serialVersionUID = 1L;

  /** How long a partition that has delivered nothing since the source (re)started holds event time back, at least. */
  public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

  private final TickClock clock;
  private final long latenessMillis;
  private final long idleTimeoutMillis;
  private final long startupTimeoutMillis;
  private transient Subtask subtask;

  /**
   * @param clock the job's tick clock
   * @param allowedLatenessTicks L ≥ 0
   * @param idleTimeout how long a partition without records still holds event time back, ≥ 1 ms
   */
  public TickWatermarks(TickClock clock, int allowedLatenessTicks, Duration idleTimeout) {
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
    PufferPreconditions.checkAtLeast("allowedLatenessTicks", allowedLatenessTicks, 0);
    this.latenessMillis = Math.multiplyExact(clock.tickMillis(), (long) allowedLatenessTicks);
    PufferPreconditions.checkNotNull("idleTimeout", idleTimeout);
    this.idleTimeoutMillis = PufferPreconditions.checkAtLeast("idleTimeoutMillis", idleTimeout.toMillis(), 1);
    this.startupTimeoutMillis = Math.max(idleTimeoutMillis, STARTUP_TIMEOUT.toMillis());
  }

  @Override
  public TimestampAssigner<RawRecord> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
    return (record, kafkaTimestamp) -> record.eventTime;
  }

  @Override
  public WatermarkGenerator<RawRecord> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
    if (subtask == null) {
      subtask = new Subtask();
    }
    // Flink's source reader creates its main output's generator first, then one per split; a Kafka reader emits every
    // record through a split's output, so the main one never sees a record and is left out of the quiet check
    Split split = new Split(subtask, context.getInputActivityClock(), subtask.splits.isEmpty());
    subtask.splits.add(split);
    return split;
  }

  /** The watermark of an active partition whose newest event time is {@code newest}. */
  long boundedWatermark(long newest) {
    long w = newest - latenessMillis - 1;
    return w > newest ? Long.MIN_VALUE : w; // no wrap-around below Long.MIN_VALUE
  }

  /** The end of the tick of {@code newest} (or {@code newest} itself before the epoch). */
  long completeWatermark(long newest) {
    return clock.hasTick(newest) ? clock.endOf(clock.tickOf(newest)) : newest;
  }

  @Override
  public String toString() {
    return "TickWatermarks[lateness " + latenessMillis + " ms, idle after " + idleTimeoutMillis + " ms]";
  }

  /** The splits (and the reader's main output) of one source subtask. */
  private final class Subtask {
    final List<Split> splits = new ArrayList<>();

    /** The watermark every quiet split emits once all are quiet; {@link EventTimes#NONE} while one is active. */
    long completeWatermark() {
      long newest = EventTimes.NONE;
      for (Split s : splits) {
        if (!s.main && !s.quiet()) {
          return EventTimes.NONE;
        }
        newest = Math.max(newest, s.newest);
      }
      return newest == EventTimes.NONE ? EventTimes.NONE : TickWatermarks.this.completeWatermark(newest);
    }
  }

  /** One split's generator. */
  private final class Split implements WatermarkGenerator<RawRecord> {
    private final Subtask owner;
    private final RelativeClock activity;
    /** The reader's main output (no records), not a split. */
    private final boolean main;
    private long lastActivity;
    private long newest = EventTimes.NONE;
    private long completed = EventTimes.NONE;
    private boolean delivered;

    Split(Subtask owner, RelativeClock activity, boolean main) {
      this.owner = owner;
      this.activity = activity;
      this.main = main;
      this.lastActivity = activity.relativeTimeMillis();
    }

    boolean quiet() {
      long timeout = delivered ? idleTimeoutMillis : startupTimeoutMillis;
      return activity.relativeTimeMillis() - lastActivity >= timeout;
    }

    @Override
    public void onEvent(RawRecord event, long eventTimestamp, WatermarkOutput output) {
      lastActivity = activity.relativeTimeMillis();
      delivered = true;
      if (eventTimestamp != EventTimes.NONE && eventTimestamp > newest) {
        newest = eventTimestamp;
      }
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
      if (main) {
        return; // without records it stays as Flink starts it: idle, leaving event time to the splits
      }
      if (!quiet()) {
        if (newest != EventTimes.NONE) {
          output.emitWatermark(new Watermark(boundedWatermark(newest)));
        }
        return; // no record yet: hold event time back until the partition delivers or goes quiet
      }
      long complete = owner.completeWatermark();
      if (complete != EventTimes.NONE && complete > completed) {
        completed = complete;
        output.emitWatermark(new Watermark(complete)); // idle from the next period on
        return;
      }
      output.markIdle();
    }
  }
}
