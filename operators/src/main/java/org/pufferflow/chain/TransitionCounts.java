package org.pufferflow.chain;

import java.util.Arrays;

/**
 * The non-zero transition counts n_ij of a {@link TransitionEstimator}, held sparsely: an open-addressing hash table
 * keyed by i·N + j, so memory is O(number of distinct observed transitions), never N × N. Package-private and
 * mutable; {@link #rows} hands the counts out in row-major order (compressed sparse rows).
 */
final class TransitionCounts {

  private static final long EMPTY = -1L;

  private final int states;
  private long[] keys;
  private long[] counts;
  private int size;

  TransitionCounts(int states) {
    this.states = states;
    this.keys = new long[16];
    this.counts = new long[16];
    Arrays.fill(keys, EMPTY);
  }

  /** Adds one transition i → j. */
  void add(int i, int j) {
    long key = (long) i * states + j;
    int slot = find(keys, key);
    if (keys[slot] == EMPTY) {
      keys[slot] = key;
      size++;
      if (2L * size > keys.length) {
        grow();
        slot = find(keys, key);
      }
    }
    counts[slot]++;
  }

  /** n_ij (0 when never observed). */
  long get(int i, int j) {
    int slot = find(keys, (long) i * states + j);
    return keys[slot] == EMPTY ? 0 : counts[slot];
  }

  /** Number of distinct observed transitions (non-zero n_ij). */
  int size() {
    return size;
  }

  /**
   * The counts in compressed sparse rows: row i holds columns {@code col[start[i]..start[i+1])}, increasing, with
   * their counts in {@code count}.
   */
  Rows rows() {
    long[] present = new long[size];
    int k = 0;
    for (long key : keys) {
      if (key != EMPTY) {
        present[k++] = key;
      }
    }
    Arrays.sort(present);
    int[] start = new int[states + 1];
    int[] col = new int[size];
    long[] count = new long[size];
    for (int e = 0; e < size; e++) {
      int i = (int) (present[e] / states);
      col[e] = (int) (present[e] % states);
      count[e] = counts[find(keys, present[e])];
      start[i + 1]++;
    }
    for (int i = 0; i < states; i++) {
      start[i + 1] += start[i];
    }
    return new Rows(start, col, count);
  }

  /** Compressed sparse rows of counts (see {@link #rows()}). */
  record Rows(int[] start, int[] col, long[] count) {}

  private void grow() {
    long[] oldKeys = keys;
    long[] oldCounts = counts;
    keys = new long[oldKeys.length * 2];
    counts = new long[oldKeys.length * 2];
    Arrays.fill(keys, EMPTY);
    for (int s = 0; s < oldKeys.length; s++) {
      if (oldKeys[s] != EMPTY) {
        int slot = find(keys, oldKeys[s]);
        keys[slot] = oldKeys[s];
        counts[slot] = oldCounts[s];
      }
    }
  }

  /** The slot holding {@code key}, or the empty slot where it would go (linear probing; the table is never full). */
  private static int find(long[] table, long key) {
    int mask = table.length - 1;
    int slot = (int) mix(key) & mask;
    while (table[slot] != EMPTY && table[slot] != key) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private static long mix(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 32);
  }
}
