package org.pufferflow.mechanism.redaction;

import java.io.Serializable;
import java.util.Arrays;
import org.pufferflow.common.PufferPreconditions;

/**
 * One subject's private ticks, held as opt-out tick RANGES (the {@code OptOut} control record's
 * {@code [fromTick, toTick]}), for the streaming rule of {@link RedactionPlan} (docs/redaction.md, "Streaming
 * contract").
 *
 * <p><b>Structure.</b> A sorted array of disjoint, non-adjacent inclusive ranges: {@link #add} merges a new range
 * with every range it overlaps or touches ({@code [1, 3] + [4, 9] = [1, 9]}), so the held ranges are exactly the
 * maximal runs of private ticks. The band rule needs only the nearest private tick on each side of a record (the
 * redaction probability of a side never grows with the distance, which {@link RedactionPlan} guarantees), so a query
 * reads at most two range ends: {@link #lastPrivateAtOrBefore} and {@link #firstPrivateAfter}. Their cost does not
 * depend on the length of the ranges (a range of 10^12 ticks is two longs); a cursor makes queries at non-decreasing
 * ticks O(1) amortised, any other query is a binary search over the held ranges.
 *
 * <p><b>Memory.</b> 16 bytes per held range, at most {@link #capacity()} ranges; {@link #add} refuses (returns
 * false) a range that would need more. The operator keeps the count small by calling {@link #pruneBefore} with
 * {@link RedactionPlan#oldestRelevantTick} after each decided record: ranges wholly before it can no longer change a
 * decision and are dropped.
 *
 * <p><b>Caller's duties.</b> Before {@link #add}, ask {@link RedactionPlan#isTooLate} whether the opt-out can still
 * be honoured: records already released cannot be protected after the fact. Ticks are the chain-step indices of
 * the plan ({@code Long.MIN_VALUE} is reserved as "none"). Mutable, not thread-safe: one instance per subject
 * (keyed state); {@code Serializable} for that purpose. {@link #toString()} shows only the number of ranges, never
 * the ticks (which ticks a subject protects is itself sensitive).
 */
public final class OptOutRanges implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Returned by the queries when there is no such private tick. */
  public static final long NONE = Long.MIN_VALUE;

  /** Default {@link #capacity()}. */
  public static final int DEFAULT_CAPACITY = 1024;

  private final int capacity;
  private long[] from = new long[4];
  private long[] to = new long[4];
  private int size;
  /** Index of the first range with {@code to >= } the last queried tick (a hint; any value in [0, size] is valid). */
  private int cursor;

  /** Empty, with room for {@link #DEFAULT_CAPACITY} disjoint ranges. */
  public OptOutRanges() {
    this(DEFAULT_CAPACITY);
  }

  /** Empty, with room for at most {@code capacity >= 1} disjoint ranges. */
  public OptOutRanges(int capacity) {
    PufferPreconditions.checkAtLeast("capacity", capacity, 1);
    this.capacity = capacity;
  }

  /**
   * Marks ticks {@code fromTick..toTick} (inclusive) private, merging with overlapping or adjacent ranges. Returns
   * false, changing nothing, when the result would hold more than {@link #capacity()} disjoint ranges. O(number of
   * held ranges), independent of the range length.
   *
   * @throws IllegalArgumentException if {@code fromTick > toTick} or {@code fromTick == NONE}
   */
  public boolean add(long fromTick, long toTick) {
    PufferPreconditions.checkArgument(fromTick != NONE, "fromTick = %s: reserved", fromTick);
    PufferPreconditions.checkArgument(
        fromTick <= toTick, "opt-out range [%s, %s]: fromTick must not exceed toTick", fromTick, toTick);
    // first range that ends at or after fromTick - 1 (may touch or overlap), and the first that starts after
    // toTick + 1 (cannot touch); everything in between merges with the new range
    int lo = firstEndingAtOrAfter(fromTick - 1); // fromTick != NONE, so no overflow
    int hi = lo;
    while (hi < size && (toTick == Long.MAX_VALUE || from[hi] <= toTick + 1)) {
      hi++;
    }
    int merged = hi - lo;
    if (size - merged + 1 > capacity) {
      return false;
    }
    long f = merged > 0 ? Math.min(fromTick, from[lo]) : fromTick;
    long t = merged > 0 ? Math.max(toTick, to[hi - 1]) : toTick;
    if (merged == 0) {
      ensureRoom(size + 1);
      System.arraycopy(from, lo, from, lo + 1, size - lo);
      System.arraycopy(to, lo, to, lo + 1, size - lo);
      size++;
    } else if (merged > 1) {
      System.arraycopy(from, hi, from, lo + 1, size - hi);
      System.arraycopy(to, hi, to, lo + 1, size - hi);
      size -= merged - 1;
    }
    from[lo] = f;
    to[lo] = t;
    cursor = 0;
    return true;
  }

  /**
   * Drops every range that ends before {@code tick} (it can no longer change any decision of a record at or after
   * {@code tick + reach}, see {@link RedactionPlan#oldestRelevantTick}). Ranges that straddle {@code tick} are kept
   * whole.
   */
  public void pruneBefore(long tick) {
    int k = firstEndingAtOrAfter(tick);
    if (k > 0) {
      System.arraycopy(from, k, from, 0, size - k);
      System.arraycopy(to, k, to, 0, size - k);
      size -= k;
      cursor = Math.max(0, cursor - k);
    }
  }

  /** The largest private tick {@code <= t}, or {@link #NONE}. O(1) amortised for non-decreasing {@code t}. */
  public long lastPrivateAtOrBefore(long t) {
    int c = locate(t);
    if (c < size && from[c] <= t) {
      return t; // t lies inside range c
    }
    return c > 0 ? to[c - 1] : NONE;
  }

  /**
   * The smallest private tick {@code > t}, or {@link #NONE}. O(1) amortised for non-decreasing {@code t}.
   */
  public long firstPrivateAfter(long t) {
    int c = locate(t);
    if (c < size && from[c] <= t) {
      // inside range c: the next private tick is t + 1 if the range continues, else the next range's start
      if (to[c] > t) {
        return t + 1;
      }
      return c + 1 < size ? from[c + 1] : NONE;
    }
    return c < size ? from[c] : NONE;
  }

  /** Whether tick {@code t} is private. */
  public boolean contains(long t) {
    int c = locate(t);
    return c < size && from[c] <= t;
  }

  /** Number of disjoint ranges held. */
  public int size() {
    return size;
  }

  public int capacity() {
    return capacity;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** {@code {from, to}} of the {@code i}-th held range, in increasing order (for tests and state inspection). */
  public long[] range(int i) {
    PufferPreconditions.checkIndex("range index", i, size);
    return new long[] {from[i], to[i]};
  }

  /** Index of the first range with {@code to >= t}, moving the cursor. */
  private int locate(long t) {
    int c = cursor;
    if (c <= size && (c == size || to[c] >= t) && (c == 0 || to[c - 1] < t)) {
      return c;
    }
    if (c < size && to[c] < t && (c + 1 == size || to[c + 1] >= t)) {
      cursor = c + 1;
      return c + 1;
    }
    cursor = firstEndingAtOrAfter(t);
    return cursor;
  }

  /** Binary search: the first index whose range ends at or after {@code t} ({@code size} if none). */
  private int firstEndingAtOrAfter(long t) {
    int lo = 0;
    int hi = size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (to[mid] < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private void ensureRoom(int n) {
    if (n > from.length) {
      int len = Math.min(capacity, Math.max(n, 2 * from.length));
      from = Arrays.copyOf(from, len);
      to = Arrays.copyOf(to, len);
    }
  }

  @Override
  public String toString() {
    return "OptOutRanges{ranges=" + size + "}";
  }
}
