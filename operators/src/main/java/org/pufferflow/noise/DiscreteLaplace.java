package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * The discrete Laplace (two-sided geometric) distribution on the integers: P(x) ∝ exp(−|x|/scale), sampled exactly.
 *
 * <p>Algorithm: Canonne, Kamath and Steinke, "The Discrete Gaussian for Differential Privacy" (NeurIPS 2020),
 * Algorithm 2, on the dyadic rational form of the scale. Every finite double is scale = t/s with t an odd integer
 * below 2^53 (or an integer, when scale ≥ 1 is whole) and s = 2^b; then P(x) ∝ exp(−|x|·s/t), the distribution
 * their algorithm samples from integer parameters s and t. All its coins are exact:
 * <ul>
 *   <li>U uniform on {0, …, t−1} by rejection ({@link RandomStream#nextLong(long)}), accepted with probability
 *       exp(−U/t);</li>
 *   <li>Bernoulli(exp(−γ)) for rational γ = n/d ∈ [0, 1] by their Algorithm 1 (K ← 1; while Bernoulli(γ/K): K++;
 *       return K odd), with Bernoulli(n/(d·K)) drawn as Bernoulli(n/d) ∧ Bernoulli(1/K), two exact rational coins,
 *       so no product can overflow;</li>
 *   <li>V geometric with P(V = v) = (1 − e^{−1}) e^{−v} from Bernoulli(exp(−1)) coins;</li>
 *   <li>X = U + t·V, Y = ⌊X / s⌋ (a shift), a fair sign, rejecting "−0".</li>
 * </ul>
 * No floating-point arithmetic touches the distribution: the output distribution is exactly the discrete Laplace
 * of the double {@code scale}, assuming uniformly random input bits. The only departure is an
 * {@link ArithmeticException} when t·V overflows a long, which needs V &gt; 2^13 (scale ≤ 2^50), an event of
 * probability below e^{−8192}. Expected cost: a handful of words per draw.
 *
 * <p><b>Admissible scales.</b> (0, {@link #MAX_SCALE}]: every positive double down to {@link #MIN_SCALE} (the
 * smallest subnormal) is sampled exactly; above 2^50 the sum U + t·V could overflow a long. MQM's β and the
 * Laplace grid parameter are checked against this range by their builders
 * ({@code PufferPreconditions.checkNoiseScale(name, scale, DiscreteLaplace.MIN_SCALE, DiscreteLaplace.MAX_SCALE)}).
 */
public final class DiscreteLaplace {

  /** Smallest accepted scale: any positive double. */
  public static final double MIN_SCALE = Double.MIN_VALUE;

  /** Largest accepted scale. */
  public static final double MAX_SCALE = 0x1.0p50;

  private DiscreteLaplace() {}

  /**
   * One draw with P(x) ∝ exp(−|x|/scale).
   *
   * @throws IllegalArgumentException if scale is not finite, &gt; 0 and ≤ 2^50
   */
  public static long sample(RandomStream r, double scale) {
    PufferPreconditions.checkPositive("discrete Laplace scale", scale);
    PufferPreconditions.checkArgument(
        scale <= MAX_SCALE, "discrete Laplace scale = %s: must be <= 2^50", scale);
    long bits = Double.doubleToRawLongBits(scale);
    int biasedExponent = (int) (bits >>> 52);
    long m = bits & ((1L << 52) - 1);
    int e;
    if (biasedExponent == 0) {
      e = -1074;
    } else {
      m |= 1L << 52;
      e = biasedExponent - 1075;
    }
    int tz = Long.numberOfTrailingZeros(m);
    m >>>= tz;
    e += tz;
    long t = e >= 0 ? m << e : m; // scale = t / 2^shift
    int shift = e >= 0 ? 0 : -e;
    return sample(r, t, shift);
  }

  /** CKS Algorithm 2 with s = 2^shift: P(x) ∝ exp(−|x|·2^shift / t). */
  private static long sample(RandomStream r, long t, int shift) {
    while (true) {
      long u = t == 1 ? 0 : r.nextLong(t);
      if (!bernoulliExpMinus(r, u, t)) {
        continue;
      }
      long v = 0;
      while (bernoulliExpMinus(r, 1, 1)) {
        v++;
      }
      long x = Math.addExact(u, Math.multiplyExact(t, v));
      long y = shift >= 63 ? 0 : x >>> shift;
      boolean negative = r.nextLong() < 0;
      if (negative && y == 0) {
        continue;
      }
      return negative ? -y : y;
    }
  }

  /** Bernoulli(exp(−n/d)) for 0 ≤ n ≤ d, exactly (CKS Algorithm 1). */
  static boolean bernoulliExpMinus(RandomStream r, long n, long d) {
    long k = 1;
    while (n != 0 && r.nextLong(d) < n && r.nextLong(k) == 0) {
      k++;
    }
    return (k & 1) == 1;
  }
}
