package org.pufferflow.tools.learn;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * Public traces resampled to a regular tick (docs/learn.md, 'Inputs'): the state labels 0..N−1 and, per
 * subject, the state index of every tick from the subject's first observed tick to its last, with {@link #GAP}
 * (−1) for a tick with no observation. No transition is counted across a gap.
 *
 * <p>The traces are public prior knowledge used to fit the model; they are not the private data a job protects.
 * Arrays are copied on construction and on access, so the record is immutable.
 *
 * @param labels the N distinct state labels
 * @param tickMillis the tick length the traces were resampled to (ms)
 * @param subjects per subject (in input order) the state of each tick, {@link #GAP} for an unobserved tick
 * @param query per state its query value f(s) (e.g. a cell centre {lat, lon}), or {@code null} when none
 * @param points input records read (points or rows)
 * @param unmapped input records that fell in no state (e.g. outside the grid); their ticks are gaps unless another
 *     record of the same tick has a state
 */
@Internal
public record TraceSet(
    List<String> labels,
    long tickMillis,
    Map<String, int[]> subjects,
    double[][] query,
    long points,
    long unmapped) {

  /** The state of a tick with no observation. */
  public static final int GAP = -1;

  public TraceSet {
    labels = List.copyOf(labels);
    PufferPreconditions.checkAtLeast("labels.size", labels.size(), 1);
    PufferPreconditions.checkAtLeast("tickMillis", tickMillis, 1);
    Map<String, int[]> copy = new LinkedHashMap<>();
    for (Map.Entry<String, int[]> e : subjects.entrySet()) {
      int[] states = e.getValue().clone();
      for (int s : states) {
        PufferPreconditions.checkArgument(
            s >= GAP && s < labels.size(), "subjects[%s] state = %s: not in [-1, %s)", e.getKey(), s, labels.size());
      }
      copy.put(e.getKey(), states);
    }
    subjects = Collections.unmodifiableMap(copy);
    if (query != null) {
      PufferPreconditions.checkArgument(
          query.length == labels.size(), "query rows = %s: expected one per state (%s)", query.length, labels.size());
      query = Arrays.stream(query).map(double[]::clone).toArray(double[][]::new);
    }
  }

  /** N, the number of states. */
  public int numStates() {
    return labels.size();
  }

  /** A copy of the per-subject tick arrays. */
  @Override
  public Map<String, int[]> subjects() {
    Map<String, int[]> copy = new LinkedHashMap<>();
    subjects.forEach((k, v) -> copy.put(k, v.clone()));
    return copy;
  }

  /** The tick array of one subject (a copy); fails for an unknown subject. */
  public int[] states(String subject) {
    int[] s = subjects.get(subject);
    PufferPreconditions.checkArgument(s != null, "subject = %s: not in the traces", subject);
    return s.clone();
  }

  @Override
  public double[][] query() {
    return query == null ? null : Arrays.stream(query).map(double[]::clone).toArray(double[][]::new);
  }

  /** Total ticks over all subjects, gaps included. */
  public long ticks() {
    long n = 0;
    for (int[] s : subjects.values()) {
      n += s.length;
    }
    return n;
  }

  /** Ticks with an observed state. */
  public long observedTicks() {
    long n = 0;
    for (int[] s : subjects.values()) {
      for (int x : s) {
        if (x != GAP) {
          n++;
        }
      }
    }
    return n;
  }

  /** Pairs of consecutive observed ticks (the transitions a fit counts). */
  public long transitions() {
    long n = 0;
    for (int[] s : subjects.values()) {
      for (int t = 1; t < s.length; t++) {
        if (s[t - 1] != GAP && s[t] != GAP) {
          n++;
        }
      }
    }
    return n;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TraceSet t) || !labels.equals(t.labels) || tickMillis != t.tickMillis
        || points != t.points || unmapped != t.unmapped || !Arrays.deepEquals(query, t.query)
        || !subjects.keySet().equals(t.subjects.keySet())) {
      return false;
    }
    for (Map.Entry<String, int[]> e : subjects.entrySet()) {
      if (!Arrays.equals(e.getValue(), t.subjects.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return labels.hashCode() * 31 + subjects.keySet().hashCode();
  }

  /** A summary without any trace content. */
  @Override
  public String toString() {
    return "TraceSet[states=" + labels.size() + ", subjects=" + subjects.size() + ", tickMillis=" + tickMillis
        + ", points=" + points + ", unmapped=" + unmapped + "]";
  }
}
