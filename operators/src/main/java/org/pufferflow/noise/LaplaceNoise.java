package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * The Laplace mechanism for real-valued releases, on a power-of-two grid as in Google's differential-privacy library
 * (its {@code LaplaceNoise}; Mironov, "On significance of the least significant bits for differential privacy", CCS
 * 2012), so that the released value carries no information in its low-order floating-point bits, and calibrated so
 * that the release is exactly ε-DP for the ε the caller charges (docs/privacy-noise.md, 'The power-of-two
 * granularity, and what it guarantees').
 *
 * <p><b>Mechanism.</b> {@link #addNoise(RandomStream, double, double, double) addNoise(r, x, Δ, ε)} with L1
 * sensitivity Δ: the scale is λ = Δ/ε; the grid step g is the smallest power of two ≥ λ/2^40; x is rounded to the
 * nearest multiple of g (ties to even) and g·N is added, with N drawn exactly by {@link DiscreteLaplace} with
 * parameter s = K/ε (rounded up to a double), where K = ⌊Δ/g⌋ + 1. So P(g·n) ∝ exp(−|n|/s).
 *
 * <p><b>Guarantee.</b> For neighbouring inputs |x − y| ≤ Δ, the rounded values differ by a multiple of g of size at
 * most Δ + g, hence at most K·g. The worst-case ratio of output probabilities is exp(K/s) ≤ e^ε: the release is
 * exactly ε-DP, with no additive slack (the previous calibration, s = λ/g, gave ε·(1 + g/Δ) ≤ ε + 2^-39). The price
 * is a noise scale K·g/ε larger than Δ/ε by the factor K·g/Δ ≤ 1 + g/Δ ≤ 1 + 2^-39/ε. The sum is exact while
 * |result| &lt; 2^53·g; beyond that the double sum is the correctly rounded exact sum, a post-processing. No
 * floating-point sampling is involved. The caller must compute the query exactly enough that its sensitivity bound
 * holds.
 *
 * <p><b>Admissible parameters.</b> ε ≥ {@link PufferPreconditions#MIN_EPSILON}, finite; Δ finite and &gt; 0; the
 * scale Δ/ε in [{@link #MIN_SCALE}, {@link #MAX_SCALE}] (below, the grid would be subnormal; above, the noise could
 * overflow). Mechanism builders check their scale with {@code PufferPreconditions.checkNoiseScale(name, scale,
 * LaplaceNoise.MIN_SCALE, LaplaceNoise.MAX_SCALE)} so that a built mechanism never throws on a release.
 */
public final class LaplaceNoise {

  /** Ratio between the scale and the grid step (up to a factor of two), as in Google's library. */
  public static final double GRANULARITY_PARAMETER = 0x1.0p40;

  /** Smallest admissible scale Δ/ε: below it the grid step scale/2^40 would be subnormal. */
  public static final double MIN_SCALE = 0x1.0p-980;

  /** Largest admissible scale Δ/ε: the grid step stays ≤ 2^921, so g·N cannot overflow for any drawable N. */
  public static final double MAX_SCALE = 0x1.0p960;

  private LaplaceNoise() {}

  /**
   * {@code value} rounded to the grid plus noise calibrated for L1 sensitivity Δ and privacy ε: the value to
   * release, exactly ε-DP (see the class comment). Allocates nothing.
   *
   * @throws IllegalArgumentException if value is not finite, Δ is not finite and &gt; 0, ε is not finite and ≥
   *     {@link PufferPreconditions#MIN_EPSILON}, or Δ/ε lies outside [{@link #MIN_SCALE}, {@link #MAX_SCALE}]
   */
  public static double addNoise(RandomStream r, double value, double l1Sensitivity, double epsilon) {
    PufferPreconditions.checkFinite("value", value);
    double g = granularity(checkedScale(l1Sensitivity, epsilon));
    return roundToMultiple(value, g) + g * DiscreteLaplace.sample(r, gridScale(l1Sensitivity, epsilon, g));
  }

  /**
   * The noise alone of {@link #addNoise(RandomStream, double, double, double)}: a multiple of
   * {@code granularity(Δ/ε)}. It is the mechanism only when added to a value already rounded to that grid.
   */
  public static double sample(RandomStream r, double l1Sensitivity, double epsilon) {
    double g = granularity(checkedScale(l1Sensitivity, epsilon));
    return g * DiscreteLaplace.sample(r, gridScale(l1Sensitivity, epsilon, g));
  }

  /**
   * Noise with P(g·n) ∝ exp(−|g·n|/scale) on the grid of {@link #granularity(double) granularity(scale)}: the
   * discretised Laplace distribution of the given scale. A distribution, not a calibrated mechanism: for a release
   * use {@link #addNoise(RandomStream, double, double, double)}, which needs the sensitivity to be exactly ε-DP.
   *
   * @throws IllegalArgumentException if scale is not finite and in [{@link #MIN_SCALE}, {@link #MAX_SCALE}]
   */
  public static double sample(RandomStream r, double scale) {
    double g = granularity(scale);
    return g * DiscreteLaplace.sample(r, scale / g);
  }

  /**
   * The old calibration by scale alone, kept so that existing callers compile: equivalent to
   * {@code addNoise(r, value, scale, 1.0)}, i.e. exactly 1-DP for L1 sensitivity {@code scale}. For a query of
   * sensitivity Δ and ε = Δ/scale it guarantees ε·(1 + g/Δ) ≤ ε + 2^-39 only.
   *
   * @deprecated pass the sensitivity and ε: {@link #addNoise(RandomStream, double, double, double)}
   */
  @Deprecated
  public static double addNoise(RandomStream r, double value, double scale) {
    return addNoise(r, value, scale, 1.0);
  }

  /**
   * The grid step for a scale: the smallest power of two ≥ scale / 2^40.
   *
   * @throws IllegalArgumentException if scale is not finite and in [{@link #MIN_SCALE}, {@link #MAX_SCALE}]
   */
  public static double granularity(double scale) {
    PufferPreconditions.checkNoiseScale("Laplace scale", scale, MIN_SCALE, MAX_SCALE);
    double x = scale / GRANULARITY_PARAMETER;
    double power = Math.scalb(1.0, Math.getExponent(x));
    return power == x ? x : 2 * power;
  }

  /**
   * The discrete Laplace parameter, in grid steps, that makes the grid mechanism exactly ε-DP: K/ε rounded up,
   * where K = ⌊Δ/g⌋ + 1 bounds the distance, in steps, between the rounded values of two inputs at distance ≤ Δ.
   */
  static double gridScale(double l1Sensitivity, double epsilon, double g) {
    return gridScale(l1Sensitivity, epsilon, g, 1);
  }

  /**
   * As {@link #gridScale(double, double, double)} for a vector of {@code coordinates} values, each rounded to the
   * grid: K = ⌊Δ/g⌋ + d, since two inputs at L1 distance ≤ Δ have rounded coordinates n_a steps apart with
   * Σ n_a ≤ Σ (⌊Δ_a/g⌋ + 1) ≤ ⌊Δ/g⌋ + d.
   */
  static double gridScale(double l1Sensitivity, double epsilon, double g, int coordinates) {
    double q = l1Sensitivity / g; // exact: g is a power of two and q ≈ ε·2^40 is a normal double
    // ≥ ⌊q⌋ + d: exact below 2^52; from 2^52 on q is whole and the sum is rounded up
    double k = q < 0x1.0p52 ? Math.floor(q) + coordinates : Math.nextUp(q + coordinates);
    double s = k / epsilon;
    return Math.fma(s, epsilon, -k) < 0 ? Math.nextUp(s) : s; // s·ε ≥ k exactly
  }

  /**
   * The vector Laplace mechanism on the grid: each of {@code values[0..d)} is rounded to the grid of
   * {@code granularity(Δ/ε)} and gets independent discrete Laplace noise, with the parameter (⌊Δ/g⌋ + d)/ε so that
   * the vector release is exactly ε-DP for an L1 sensitivity Δ over the d coordinates (docs/privacy-noise.md,
   * 'The power-of-two granularity, and what it guarantees'). In place; allocates nothing.
   *
   * @throws IllegalArgumentException if d is not in [1, values.length], a value is not finite, or Δ, ε are
   *     refused as by {@link #addNoise(RandomStream, double, double, double)}
   */
  public static void addNoise(RandomStream r, double[] values, int d, double l1Sensitivity, double epsilon) {
    PufferPreconditions.checkInRange("coordinates", d, 1, values.length);
    double g = granularity(checkedScale(l1Sensitivity, epsilon));
    double s = gridScale(l1Sensitivity, epsilon, g, d);
    for (int a = 0; a < d; a++) {
      PufferPreconditions.checkFinite("value", values[a]);
      values[a] = roundToMultiple(values[a], g) + g * DiscreteLaplace.sample(r, s);
    }
  }

  private static double checkedScale(double l1Sensitivity, double epsilon) {
    PufferPreconditions.checkPositive("l1Sensitivity", l1Sensitivity);
    PufferPreconditions.checkEpsilon("epsilon", epsilon);
    return l1Sensitivity / epsilon;
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
