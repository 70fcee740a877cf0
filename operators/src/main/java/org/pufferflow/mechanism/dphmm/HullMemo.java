package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.policy.DeltaFIndex;
import org.pufferflow.policy.HullFactory;

/**
 * Second-level cache behind {@link HullCache} (docs/dphmm.md, 'Making it fast'): hulls and their uniform samplers keyed
 * by the canonical Δf point set, so that different constraints with the same distinct differences (the usual case on
 * grids, where the utility graph has eight difference vectors) share one K and one sampler. A third map keys the same
 * hulls by a {@link DeltaFIndex} difference mask, so that the release's fast path finds K without building the point
 * set (a lookup with a reused probe key allocates nothing). Bounded LRU; not thread-safe.
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

  /** A difference mask of a {@link DeltaFIndex}. */
  private static final class MaskKey {
    long[] words;
    int hash;

    MaskKey(long[] words, int hash) {
      this.words = words;
      this.hash = hash;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof MaskKey && ((MaskKey) o).hash == hash && Arrays.equals(((MaskKey) o).words, words);
    }
  }

  private final LinkedHashMap<Key, SensitivityHull> hulls;
  private final LinkedHashMap<MaskKey, SensitivityHull> byMask;
  private final MaskKey probe = new MaskKey(null, 0);
  private final LinkedHashMap<SensitivityHull, UniformKSampler> samplers; // identity keys

  HullMemo(int capacity) {
    this.hulls = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, SensitivityHull> e) {
        return size() > capacity;
      }
    };
    this.byMask = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<MaskKey, SensitivityHull> e) {
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

  /**
   * K = conv of the differences in {@code mask} (a mask of {@code index}, which must be the same index on every call):
   * the same hull object {@link #hull} returns for {@code index.points(mask)}.
   */
  SensitivityHull hull(DeltaFIndex index, long[] mask, int d) {
    int words = index.maskWords();
    probe.words = mask.length == words ? mask : Arrays.copyOf(mask, words);
    probe.hash = Arrays.hashCode(probe.words);
    SensitivityHull h = byMask.get(probe);
    if (h == null) {
      double[] points = index.points(mask);
      h = hull(d, points, points.length / d);
      byMask.put(new MaskKey(probe.words.clone(), probe.hash), h);
    }
    return h;
  }

  UniformKSampler sampler(SensitivityHull hull) {
    return samplers.computeIfAbsent(hull, UniformKSampler::new);
  }
}
