package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Laplace noise for real-valued releases, snapped to a power-of-two grid as Google's differential-privacy library
 * does (its {@code LaplaceNoise}; Mironov, "On significance of the least significant bits for differential privacy",
 * CCS 2012), so that the released value carries no information in its low-order floating-point bits.
 *
 * <p>The granularity g is the smallest power of two ≥ scale / 2^40. The noise is g·N with N drawn exactly from the
 * discrete Laplace distribution with scale/g (which lies in (2^39, 2^40], an exact dyadic rational), by
 * {@link DiscreteLaplace}. So the noise has exactly the distribution P(g·n) ∝ exp(−|g·n|/scale) on the grid gℤ:
 * the Laplace density discretised at step g.
 *
 * <p><b>What that guarantees.</b> With {@link #addNoise}, the true value is first rounded to the nearest multiple
 * of g and the noise added; both are multiples of g, so the sum is exact while |result| &lt; 2^53·g and the output
 * lies on gℤ. Beyond that the double sum is the correctly rounded exact sum: a deterministic function of it
 * (post-processing), so the guarantee below still holds and only the output grid is coarser. Rounding changes a query of L1 sensitivity Δ into one of sensitivity at most Δ + g, and the
 * discrete Laplace mechanism with scale λ = Δ/ε on gℤ is then (ε·(Δ + g)/Δ)-DP. Since g ≤ 2λ/2^40 = 2Δ/(ε·2^40), the
 * loss is at most ε + 2^-39: exact ε up to an additive 1.8·10^-12, and no floating-point attack applies because no
 * floating-point sampling is involved. The caller must still compute the query exactly enough that its sensitivity
 * bound holds, and must add the noise only through {@link #addNoise} (or round to {@link #granularity} itself).
 */
public final class LaplaceNoise {

  /** Ratio between the scale and the grid step (up to a factor of two), as in Google's library. */
  public static final double GRANULARITY_PARAMETER = 0x1.0p40;

  private LaplaceNoise() {}

  /**
   * Laplace noise with the given scale, a multiple of {@link #granularity(double) granularity(scale)}.
   *
   * @throws IllegalArgumentException if scale is not finite and &gt; 0, or is below 2^-980
   */
  public static double sample(RandomStream r, double scale) {
    double g = granularity(scale);
    return g * DiscreteLaplace.sample(r, scale / g);
  }

  /** {@code value} rounded to the grid of this scale plus {@link #sample noise}: the value to release. */
  public static double addNoise(RandomStream r, double value, double scale) {
    PufferPreconditions.checkFinite("value", value);
    double g = granularity(scale);
    return roundToMultiple(value, g) + g * DiscreteLaplace.sample(r, scale / g);
  }

  /**
   * The grid step for a scale: the smallest power of two ≥ scale / 2^40.
   *
   * @throws IllegalArgumentException if scale is not finite and &gt; 0, or is below 2^-980
   */
  public static double granularity(double scale) {
    PufferPreconditions.checkPositive("Laplace scale", scale);
    PufferPreconditions.checkArgument(
        scale >= 0x1.0p-980, "Laplace scale = %s: must be >= 2^-980 (the grid would be subnormal)", scale);
    double x = scale / GRANULARITY_PARAMETER;
    double power = Math.scalb(1.0, Math.getExponent(x));
    return power == x ? x : 2 * power;
  }

  /**
   * {@code value} rounded to the nearest multiple of the power of two {@code granularity} (ties to even). A value of
   * magnitude ≥ 2^52·granularity is already a multiple (its ulp is at least the granularity) and is returned as is,
   * which also avoids overflowing value / granularity.
   */
  public static double roundToMultiple(double value, double granularity) {
    if (Math.abs(value) >= 0x1.0p52 * granularity) {
      return value;
    }
    return Math.rint(value / granularity) * granularity;
  }
}
