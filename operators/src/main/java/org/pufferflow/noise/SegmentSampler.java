package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Uniform points on a line segment [a, b] in any dimension: a + U·(b − a), U uniform on [0, 1) with 53 bits.
 *
 * <p>Used for the uniform draw in a rank-1 sensitivity hull K = [−p, p] (docs/dphmm.md, 'Sensitivity hull'). Immutable;
 * built once from public geometry; {@link #sample} allocates nothing.
 */
public final class SegmentSampler implements ShapeSampler {

  private final double[] start;
  private final double[] direction;

  /**
   * The segment from {@code a} to {@code b} (copied).
   *
   * @throws IllegalArgumentException if the endpoints are null, empty, of different dimensions, not finite, or equal
   *     (a degenerate segment)
   */
  public SegmentSampler(double[] a, double[] b) {
    PufferPreconditions.checkNotNull("segment endpoint a", a);
    PufferPreconditions.checkNotNull("segment endpoint b", b);
    PufferPreconditions.checkArgument(a.length > 0, "segment endpoints: dimension 0: must be >= 1");
    PufferPreconditions.checkArgument(
        a.length == b.length, "segment endpoints: dimensions %d and %d: must agree", a.length, b.length);
    start = a.clone();
    direction = new double[a.length];
    boolean degenerate = true;
    for (int i = 0; i < a.length; i++) {
      PufferPreconditions.checkFinite("segment endpoint a[" + i + "]", a[i]);
      PufferPreconditions.checkFinite("segment endpoint b[" + i + "]", b[i]);
      direction[i] = b[i] - a[i];
      degenerate &= direction[i] == 0;
    }
    PufferPreconditions.checkArgument(
        !degenerate, "segment endpoints a = b = %s: degenerate segment", java.util.Arrays.toString(a));
  }

  /** Dimension of the points. */
  @Override
  public int dimension() {
    return start.length;
  }

  /** A segment has rank 1. */
  @Override
  public int rank() {
    return 1;
  }

  /** Writes a uniform point of the segment into {@code out[0 .. dimension)}. */
  @Override
  public void sample(RandomStream r, double[] out) {
    double u = r.nextDouble();
    for (int i = 0; i < start.length; i++) {
      out[i] = start[i] + u * direction[i];
    }
  }
}
