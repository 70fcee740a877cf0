package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A bounded LRU cache of {@link ReleaseGeometry} keyed by the bitset of the constraint C (dphmm.md §5). A lookup
 * fills a reusable probe key, so a hit allocates nothing. Not thread-safe: one per operator instance.
 */
final class HullCache {

  private static final class Key {
    final long[] words;
    int hash;

    Key(int n) {
      words = new long[(n + 63) >>> 6];
    }

    Key(long[] words, int hash) {
      this.words = words;
      this.hash = hash;
    }

    void set(int[] c, int count) {
      Arrays.fill(words, 0L);
      for (int k = 0; k < count; k++) {
        words[c[k] >>> 6] |= 1L << c[k];
      }
      hash = Arrays.hashCode(words);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).hash == hash && Arrays.equals(((Key) o).words, words);
    }
  }

  private final int capacity;
  /** Builds the geometry of a constraint on a miss. */
  @FunctionalInterface
  interface Builder {
    /**
     * @param c the constraint C (first {@code count} entries, sorted; the array is the caller's scratch, copy it to
     *     keep it)
     * @param members the bitset of C over all N states (scratch, valid during the call)
     */
    ReleaseGeometry build(int[] c, int count, long[] members);
  }

  private final Builder builder;
  private final Key probe;
  private final LinkedHashMap<Key, ReleaseGeometry> map;
  private long hits;
  private long misses;

  /** {@code builder} maps a constraint (sorted state indices, exact length: a copy) to its geometry on a miss. */
  HullCache(int states, int capacity, Function<int[], ReleaseGeometry> builder) {
    this(states, capacity, (c, count, members) -> builder.apply(Arrays.copyOf(c, count)));
  }

  /** {@code builder} maps a constraint to its geometry on a miss. */
  HullCache(int states, int capacity, Builder builder) {
    this.capacity = capacity;
    this.builder = builder;
    this.probe = new Key(states);
    this.map = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, ReleaseGeometry> eldest) {
        return size() > HullCache.this.capacity;
      }
    };
  }

  /** The geometry for C = {@code c[0..count)}, built on a miss. */
  ReleaseGeometry get(int[] c, int count) {
    probe.set(c, count);
    ReleaseGeometry g = map.get(probe);
    if (g != null) {
      hits++;
      return g;
    }
    misses++;
    g = builder.build(c, count, probe.words);
    map.put(new Key(probe.words.clone(), probe.hash), g);
    return g;
  }

  long hits() {
    return hits;
  }

  long misses() {
    return misses;
  }

  int size() {
    return map.size();
  }
}
