package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Exponential distribution with mean {@code scale}, density (1/scale)·exp(−x/scale) on x ≥ 0, by inversion:
 * −scale·ln(1 − U) with U uniform on the 2^-53 grid of [0, 1), so 1 − U ∈ (0, 1] and the logarithm is finite.
 *
 * <p>Floating-point: the result is exact up to the rounding of {@code Math.log} and one multiplication, and its tail
 * is truncated at scale·53·ln 2 ≈ 36.7·scale (probability 2^-53). It is used for the K-norm radius (through
 * {@link GammaSampler}), where the privacy analysis is of the continuous mechanism; integer-valued releases use
 * {@link DiscreteLaplace}, which is exact.
 *
 * <p><b>Admissible scales.</b> [{@link #MIN_SCALE}, {@link #MAX_SCALE}], the same range as {@link GammaSampler}.
 */
final class Exponential {

  /** Smallest admissible scale. */
  public static final double MIN_SCALE = GammaSampler.MIN_SCALE;

  /** Largest admissible scale: the draw (at most 36.8·scale) cannot overflow. */
  public static final double MAX_SCALE = GammaSampler.MAX_SCALE;

  private Exponential() {}

  /**
   * One draw with mean {@code scale}.
   *
   * @throws IllegalArgumentException if scale is not in [{@link #MIN_SCALE}, {@link #MAX_SCALE}]
   */
  public static double sample(RandomStream r, double scale) {
    PufferPreconditions.checkNoiseScale("exponential scale", scale, MIN_SCALE, MAX_SCALE);
    return 0.0 - scale * Math.log(1.0 - r.nextDouble()); // 0.0 - x: never -0.0
  }
}
