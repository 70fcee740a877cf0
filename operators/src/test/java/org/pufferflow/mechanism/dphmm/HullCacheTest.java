package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/** The preallocated LRU of {@link HullCache} behaves as an access-ordered LinkedHashMap with bounded size. */
class HullCacheTest {

  private static GeometrySlot someGeometry() {
    ProtectableGraph pg = ProtectableGraph.repair(StateQuery.of(new double[][] {{0, 0}, {1, 0}, {0, 1}}),
        PolicyGraph.complete(3), new int[] {0, 1, 2}, RepairMode.STRICT, true);
    return new GeometrySlot(pg, new UniformKSampler(pg.hull()));
  }

  @Test
  void matchesAReferenceLruOnRandomSequences() {
    GeometrySlot proto = someGeometry();
    Random r = new Random(3);
    for (int capacity : new int[] {1, 2, 5, 17}) {
      int states = 130; // three words per key
      Map<String, GeometrySlot> built = new HashMap<>();
      List<GeometrySlot> evictedSeen = new ArrayList<>();
      HullCache cache = new HullCache(states, capacity, (c, count, members, evicted) -> {
        if (evicted != null) {
          evictedSeen.add(evicted);
        }
        GeometrySlot g = new GeometrySlot(proto.graph, proto.hull,
            new UniformKSampler(proto.hull), count, 1, 1);
        built.put(key(c, count), g);
        return g;
      });
      LinkedHashMap<String, Boolean> ref = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> e) {
          return size() > capacity;
        }
      };
      long hits = 0;
      for (int step = 0; step < 5000; step++) {
        int pool = 2 * capacity + 3;
        int which = r.nextInt(pool);
        int[] c = {which, 64 + which % 7, 128 + which % 2};
        java.util.Arrays.sort(c);
        String k = key(c, c.length);
        boolean hit = ref.get(k) != null;
        if (!hit) {
          ref.put(k, true);
        } else {
          hits++;
        }
        GeometrySlot g = cache.get(c, c.length);
        assertThat(cache.hits()).as("step %d", step).isEqualTo(hits);
        assertThat(g).isSameAs(built.get(k));
        assertThat(cache.size()).isEqualTo(ref.size());
      }
      assertThat(evictedSeen).isNotEmpty();
    }
  }

  @Test
  void aBuilderThatThrowsLeavesTheCacheUsable() {
    GeometrySlot proto = someGeometry();
    boolean[] fail = {false};
    HullCache cache = new HullCache(10, 2, (c, count, members, evicted) -> {
      if (fail[0]) {
        throw new IllegalStateException("boom");
      }
      return proto;
    });
    cache.get(new int[] {0, 1}, 2);
    cache.get(new int[] {1, 2}, 2);
    fail[0] = true;
    assertThatThrownBy(() -> cache.get(new int[] {2, 3}, 2)).isInstanceOf(IllegalStateException.class);
    fail[0] = false;
    for (int i = 0; i < 20; i++) {
      cache.get(new int[] {i % 5, 5 + i % 3}, 2);
    }
    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.get(new int[] {4, 5}, 2)).isSameAs(proto);
  }

  private static String key(int[] c, int count) {
    return java.util.Arrays.toString(java.util.Arrays.copyOf(c, count));
  }
}
