package org.pufferflow.tools.learn;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pufferflow.common.PufferPreconditions;

/**
 * Collects timestamped states per subject and resamples them to a regular tick: tick k = ⌊time / tickMillis⌋ (floor,
 * also for times before 1970); the state of a tick is that of its latest record (ties: the later record read); a
 * tick with no record, or whose latest record has no state, is a {@link TraceSet#GAP}. Records need not be sorted.
 */
final class TickAccumulator {

  /** Longest span of one subject, in ticks: bounds the memory of one tick array. */
  static final long MAX_SPAN_TICKS = 50_000_000L;

  private final long tickMillis;
  private final Map<String, Series> series = new LinkedHashMap<>();
  private long points;
  private long unmapped;

  TickAccumulator(long tickMillis) {
    this.tickMillis = PufferPreconditions.checkAtLeast("tickMillis", tickMillis, 1);
  }

  /** Adds one record; {@code state} is a state index or {@link TraceSet#GAP} for a record that maps to no state. */
  void add(String subject, long timeMillis, int state) {
    points++;
    if (state == TraceSet.GAP) {
      unmapped++;
    }
    series.computeIfAbsent(subject, s -> new Series()).add(timeMillis, state);
  }

  /** Records added so far. */
  long points() {
    return points;
  }

  TraceSet build(java.util.List<String> labels, double[][] query) {
    Map<String, int[]> subjects = new LinkedHashMap<>();
    for (Map.Entry<String, Series> e : series.entrySet()) {
      subjects.put(e.getKey(), e.getValue().resample(e.getKey(), tickMillis));
    }
    return new TraceSet(labels, tickMillis, subjects, query, points, unmapped);
  }

  private static final class Series {
    private long[] times = new long[64];
    private int[] states = new int[64];
    private int size;

    void add(long time, int state) {
      if (size == times.length) {
        times = Arrays.copyOf(times, size * 2);
        states = Arrays.copyOf(states, size * 2);
      }
      times[size] = time;
      states[size] = state;
      size++;
    }

    int[] resample(String subject, long tickMillis) {
      long first = Long.MAX_VALUE;
      long last = Long.MIN_VALUE;
      for (int i = 0; i < size; i++) {
        long k = Math.floorDiv(times[i], tickMillis);
        first = Math.min(first, k);
        last = Math.max(last, k);
      }
      long span = last - first + 1;
      PufferPreconditions.checkArgument(
          span <= MAX_SPAN_TICKS,
          "subject %s: spans %s ticks of %s ms, more than %s; choose a larger tick",
          subject, span, tickMillis, MAX_SPAN_TICKS);
      int[] out = new int[(int) span];
      long[] latest = new long[(int) span];
      Arrays.fill(out, TraceSet.GAP);
      Arrays.fill(latest, Long.MIN_VALUE);
      for (int i = 0; i < size; i++) {
        int k = (int) (Math.floorDiv(times[i], tickMillis) - first);
        if (times[i] >= latest[k]) {
          latest[k] = times[i];
          out[k] = states[i];
        }
      }
      return out;
    }
  }
}
