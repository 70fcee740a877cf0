package org.pufferflow.noise;

/**
 * A sampler of uniform points in a fixed shape: {@link SegmentSampler}, {@link ConvexPolygonSampler},
 * {@link PolytopeSampler}. Lets a mechanism hold "the uniform sampler of K" whatever the rank of K (docs/dphmm.md,
 * 'Sensitivity hull').
 */
public interface ShapeSampler {

  /** Number of coordinates written by {@link #sample} (the ambient dimension). */
  int dimension();

  /** Dimension of the shape itself: 1 for a segment, 2 for a polygon, 3 for a polytope. */
  int rank();

  /** Writes a uniform point of the shape into {@code out[0 .. dimension())}; allocates nothing. */
  void sample(RandomStream r, double[] out);
}
