package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.policy.HullFactory;

/**
 * Second-level cache behind {@link HullCache} (dphmm.md §5): hulls and their uniform samplers keyed by the canonical
 * Δf point set, so that different constraints with the same distinct differences (the usual case on grids, where
 * the utility graph has eight difference vectors) share one K and one sampler. Bounded LRU; not thread-safe.
 */
final class HullMemo implements HullFactory {

  private static final class Key {
    final int d;
    final double[] points;
    final int hash;

    Key(int d, double[] points) {
      this.d = d;
      this.points = points;
      this.hash = 31 * d + Arrays.hashCode(points);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).d == d && Arrays.equals(((Key) o).points, points);
    }
  }

  private final LinkedHashMap<Key, SensitivityHull> hulls;
  private final LinkedHashMap<SensitivityHull, UniformKSampler> samplers; // identity keys

  HullMemo(int capacity) {
    this.hulls = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, SensitivityHull> e) {
        return size() > capacity;
      }
    };
    this.samplers = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<SensitivityHull, UniformKSampler> e) {
        return size() > capacity;
      }
    };
  }

  @Override
  public SensitivityHull hull(int d, double[] canonicalPoints, int m) {
    return hulls.computeIfAbsent(new Key(d, canonicalPoints), k -> SensitivityHull.ofFlat(d, canonicalPoints, m));
  }

  UniformKSampler sampler(SensitivityHull hull) {
    return samplers.computeIfAbsent(hull, UniformKSampler::new);
  }
}
