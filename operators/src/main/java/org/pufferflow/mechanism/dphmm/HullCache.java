package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import java.util.function.Function;

/**
 * A bounded LRU cache of {@link GeometrySlot} keyed by the bitset of the constraint C (docs/dphmm.md, 'Making it
 * fast').
 *
 * <p>All storage is preallocated: {@code capacity} key slots of ⌈N/64⌉ words, an open-addressing index (linear
 * probing, backward-shift deletion) and an intrusive LRU list over the slots. A lookup fills a reusable probe key;
 * a miss copies the probe into the least recently used slot and hands the builder that slot's old value to reuse.
 * So neither a hit nor a miss allocates anything here (the builder decides for the value). Not thread-safe: one
 * per operator instance.
 */
final class HullCache {

  /** Builds the geometry of a constraint on a miss. */
  @FunctionalInterface
  interface Builder {
    /**
     * @param c the constraint C (first {@code count} entries, sorted; the array is the caller's scratch, copy it to
     *     keep it)
     * @param members the bitset of C over all N states (scratch, valid during the call; do not modify)
     * @param evicted the value evicted to make room (no longer reachable through the cache), or null
     */
    GeometrySlot build(int[] c, int count, long[] members, GeometrySlot evicted);
  }

  private static final int NONE = -1;

  private final int capacity;
  private final int words;
  private final Builder builder;
  private final long[] probe;
  private final long[] keys; // capacity × words
  private final int[] hashes;
  private final GeometrySlot[] values;
  private final int[] newer; // LRU list: towards the most recently used
  private final int[] older;
  private final int[] table; // slot + 1, 0 = empty
  private final int tableMask;
  private int size;
  private int free = NONE; // an unused slot below size, or NONE
  private int head = NONE; // most recently used
  private int tail = NONE; // least recently used
  private long hits;
  private long misses;

  /** {@code builder} maps a constraint (sorted state indices, exact length: a copy) to its geometry on a miss. */
  HullCache(int states, int capacity, Function<int[], GeometrySlot> builder) {
    this(states, capacity, (c, count, members, evicted) -> builder.apply(Arrays.copyOf(c, count)));
  }

  /** {@code builder} maps a constraint to its geometry on a miss. */
  HullCache(int states, int capacity, Builder builder) {
    this.capacity = capacity;
    this.builder = builder;
    this.words = (states + 63) >>> 6;
    this.probe = new long[words];
    this.keys = new long[capacity * words];
    this.hashes = new int[capacity];
    this.values = new GeometrySlot[capacity];
    this.newer = new int[capacity];
    this.older = new int[capacity];
    int t = Integer.highestOneBit(Math.max(2, 2 * capacity - 1)) << 1;
    this.table = new int[t];
    this.tableMask = t - 1;
  }

  /** The geometry for C = {@code c[0..count)}, built on a miss. */
  GeometrySlot get(int[] c, int count) {
    Arrays.fill(probe, 0L);
    for (int k = 0; k < count; ) {
      // runs of indices in one word (C is sorted) are gathered in a register: one store per word
      int w = c[k] >>> 6;
      long bits = 0;
      for (; k < count && c[k] >>> 6 == w; k++) {
        bits |= 1L << c[k];
      }
      probe[w] |= bits;
    }
    int hash = Arrays.hashCode(probe);
    for (int i = home(hash); table[i] != 0; i = (i + 1) & tableMask) {
      int s = table[i] - 1;
      if (hashes[s] == hash && sameKey(s)) {
        hits++;
        touch(s);
        return values[s];
      }
    }
    misses++;
    int s;
    GeometrySlot evicted = null;
    if (free != NONE) {
      s = free; // a slot whose build threw
    } else if (size < capacity) {
      s = size++;
    } else {
      s = tail;
      evicted = values[s];
      removeFromTable(s);
      unlink(s);
      values[s] = null;
    }
    free = s; // stays free if the builder throws
    GeometrySlot g = builder.build(c, count, probe, evicted);
    free = NONE;
    System.arraycopy(probe, 0, keys, s * words, words);
    hashes[s] = hash;
    values[s] = g;
    int i = home(hash);
    while (table[i] != 0) {
      i = (i + 1) & tableMask;
    }
    table[i] = s + 1;
    linkFirst(s);
    return g;
  }

  private int home(int hash) {
    int h = hash * 0x9E3779B9;
    return (h ^ (h >>> 16)) & tableMask;
  }

  private boolean sameKey(int s) {
    int o = s * words;
    for (int w = 0; w < words; w++) {
      if (keys[o + w] != probe[w]) {
        return false;
      }
    }
    return true;
  }

  /** Deletes slot s from the index, shifting later entries of its probe run back (linear probing). */
  private void removeFromTable(int s) {
    int i = home(hashes[s]);
    while (table[i] != s + 1) {
      i = (i + 1) & tableMask;
    }
    int j = i;
    while (true) {
      j = (j + 1) & tableMask;
      if (table[j] == 0) {
        break;
      }
      int k = home(hashes[table[j] - 1]);
      boolean stays = i <= j ? i < k && k <= j : i < k || k <= j;
      if (!stays) {
        table[i] = table[j];
        i = j;
      }
    }
    table[i] = 0;
  }

  private void touch(int s) {
    if (head != s) {
      unlink(s);
      linkFirst(s);
    }
  }

  private void unlink(int s) {
    int n = newer[s];
    int o = older[s];
    if (n != NONE) {
      older[n] = o;
    } else {
      head = o;
    }
    if (o != NONE) {
      newer[o] = n;
    } else {
      tail = n;
    }
  }

  private void linkFirst(int s) {
    newer[s] = NONE;
    older[s] = head;
    if (head != NONE) {
      newer[head] = s;
    }
    head = s;
    if (tail == NONE) {
      tail = s;
    }
  }

  long hits() {
    return hits;
  }

  long misses() {
    return misses;
  }

  int size() {
    return size;
  }
}
