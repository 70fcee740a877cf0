package org.pufferflow.operators.state;

import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.redaction.OptOutRanges;

/**
 * One subject's keyed state for streaming redaction (docs/operators.md, 'Redaction function'; docs/redaction.md,
 * 'Streaming contract'): the records held back and not yet decided, the tick of the last decided record, and the
 * subject's opt-out ranges.
 *
 * <p><b>Hold-back buffer.</b> The held records are binary values at strictly increasing ticks
 * {@code first <= ... <= last}; a tick in between without a record is a gap (a missing step, which the design
 * treats as a redacted record, so nothing is ever emitted for it). They are kept as two bit sets in a ring indexed
 * by {@code tick mod capacity} (capacity a power of two, at least 64 ticks): a presence bit and a value bit per
 * tick, so W held ticks take about W/4 bytes. The ring grows only when the held span exceeds it; the operator
 * keeps the span at most {@code holdBackTicks + 1}, so the buffer is bounded by the hold-back.
 *
 * <p>{@link RedactionBufferSerializer} writes it in a canonical form (independent of the ring's capacity and
 * offset), so a snapshot of equal content is byte-identical.
 *
 * <p>Private data: the held values are true states of the subject and the opt-out ranges say which ticks it
 * protects. {@link #toString()} shows only counts. Mutable, not thread-safe: one instance per subject.
 */
@Internal
public final class RedactionBuffer {

  /** "No tick": nothing decided yet, or nothing held. */
  public static final long NONE = OptOutRanges.NONE;

  private static final int MIN_CAPACITY = 64;

  private final OptOutRanges optOuts;
  private long lastDecided = NONE;
  private long first;
  private long last;
  private int count;
  private long[] present;
  private long[] values;

  /** Empty: nothing held or decided, no opt-outs (room for {@code optOutCapacity} disjoint ranges). */
  public RedactionBuffer(int optOutCapacity) {
    this(new OptOutRanges(optOutCapacity));
  }

  RedactionBuffer(OptOutRanges optOuts) {
    this.optOuts = optOuts;
    this.present = new long[MIN_CAPACITY / 64];
    this.values = new long[MIN_CAPACITY / 64];
  }

  /** The subject's opt-out ranges (mutable; the caller adds and prunes). */
  public OptOutRanges optOuts() {
    return optOuts;
  }

  /** Number of records held. */
  public int size() {
    return count;
  }

  public boolean isEmpty() {
    return count == 0;
  }

  /** Tick of the oldest held record; only when not {@link #isEmpty()}. */
  public long firstTick() {
    checkNotEmpty();
    return first;
  }

  /** Value (0 or 1) of the oldest held record; only when not {@link #isEmpty()}. */
  public int firstValue() {
    checkNotEmpty();
    return bit(values, first);
  }

  /** Tick of the newest held record; only when not {@link #isEmpty()}. */
  public long lastTick() {
    checkNotEmpty();
    return last;
  }

  /** Tick of the last record decided (released or redacted), or {@link #NONE}. */
  public long lastDecided() {
    return lastDecided;
  }

  /** The newest tick the subject's stream has reached: the newest held record, else the last decided, else NONE. */
  public long newestTick() {
    return count > 0 ? last : lastDecided;
  }

  /**
   * Holds the record {@code (tick, value)}. O(1) unless the ring must grow.
   *
   * @throws IllegalArgumentException if {@code tick} is not after {@link #newestTick()} or value is not 0 or 1
   */
  public void add(long tick, int value) {
    PufferPreconditions.checkArgument(value == 0 || value == 1, "value: must be 0 or 1 (value not shown)");
    long newest = newestTick();
    PufferPreconditions.checkArgument(newest == NONE || tick > newest,
        "tick = %s: not after the subject's newest tick %s", tick, newest);
    PufferPreconditions.checkArgument(tick != NONE, "tick = %s: reserved", tick);
    if (count == 0) {
      first = tick;
    } else {
      long span = tick - first + 1; // > 0: tick > last >= first
      if (span > capacity()) {
        grow(span);
      }
    }
    set(present, tick, true);
    set(values, tick, value == 1);
    last = tick;
    count++;
  }

  /**
   * Removes the oldest held record, which becomes {@link #lastDecided()}; the caller has emitted its decision.
   * O(gap to the next held record / 64).
   */
  public void removeFirst() {
    checkNotEmpty();
    set(present, first, false);
    set(values, first, false);
    lastDecided = first;
    count--;
    if (count > 0) {
      long t = first + 1;
      while (bit(present, t) == 0) {
        t++;
      }
      first = t;
    }
  }

  /** Whether tick {@code t} (within [firstTick, lastTick]) holds a record. */
  public boolean holds(long t) {
    return count > 0 && t >= first && t <= last && bit(present, t) == 1;
  }

  /** Value of the held record at tick {@code t} (see {@link #holds}). */
  int valueAt(long t) {
    return bit(values, t);
  }

  /**
   * Continues the subject after {@code tick}, the last tick the deployment's durable ledger says was decided (by an
   * earlier run): held records at or before it are dropped undecided — that run published them — and the decided
   * frontier moves to it, so opt-outs for those ticks are too late and records for them out of order.
   */
  public void continueAfter(long tick) {
    while (count > 0 && first <= tick) {
      removeFirst();
    }
    if (tick > lastDecided) {
      lastDecided = tick;
    }
  }

  /** Restores the decided frontier (serializer only). */
  void setLastDecided(long tick) {
    lastDecided = tick;
  }

  /** Ticks the ring can hold without growing. */
  int capacity() {
    return present.length * 64;
  }

  /** A deep copy. */
  public RedactionBuffer copy() {
    OptOutRanges ranges = new OptOutRanges(optOuts.capacity());
    for (int i = 0; i < optOuts.size(); i++) {
      long[] r = optOuts.range(i);
      ranges.add(r[0], r[1]);
    }
    RedactionBuffer c = new RedactionBuffer(ranges);
    c.present = present.clone();
    c.values = values.clone();
    c.first = first;
    c.last = last;
    c.count = count;
    c.lastDecided = lastDecided;
    return c;
  }

  private void grow(long span) {
    PufferPreconditions.checkArgument(span <= (1L << 30),
        "held span = %s ticks: more than 2^30 ticks held back", span);
    int cap = Integer.highestOneBit((int) span - 1) << 1;
    long[] p = new long[cap / 64];
    long[] v = new long[cap / 64];
    for (long t = first; t <= last; t++) {
      if (bit(present, t) == 1) {
        set(p, t, true);
        if (bit(values, t) == 1) {
          set(v, t, true);
        }
      }
    }
    present = p;
    values = v;
  }

  private static int bit(long[] words, long t) {
    int i = (int) (t & ((long) words.length * 64 - 1));
    return (int) (words[i >>> 6] >>> (i & 63)) & 1;
  }

  private static void set(long[] words, long t, boolean on) {
    int i = (int) (t & ((long) words.length * 64 - 1));
    if (on) {
      words[i >>> 6] |= 1L << (i & 63);
    } else {
      words[i >>> 6] &= ~(1L << (i & 63));
    }
  }

  private void checkNotEmpty() {
    if (count == 0) {
      throw new IllegalStateException("no record held");
    }
  }

  /** Counts only: never a tick, a value or a range. */
  @Override
  public String toString() {
    return "RedactionBuffer{held=" + count + ", optOutRanges=" + optOuts.size() + "}";
  }
}
