package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Exact Bernoulli draws: {@code sample(r, q)} is true with probability exactly q for every double q in [0, 1], and
 * {@code sample(r, n, d)} with probability exactly n/d for integers.
 *
 * <p>The double version compares a uniform real U with infinitely many random bits against the (finite) binary
 * expansion of q, generating only as many bits of U as needed: the leading zero bits of q in 64-bit words, then its
 * 53-bit significand. It returns U &lt; q, which has probability q exactly; it consumes one word unless
 * q &lt; 2^-64, so it costs about one {@link RandomStream#nextLong()}.
 */
public final class Bernoulli {

  private Bernoulli() {}

  /**
   * True with probability exactly {@code q}.
   *
   * @throws IllegalArgumentException if q is NaN or outside [0, 1]
   */
  public static boolean sample(RandomStream r, double q) {
    PufferPreconditions.checkProbability("Bernoulli probability q", q);
    if (q == 0) {
      return false;
    }
    if (q == 1) {
      return true;
    }
    long bits = Double.doubleToRawLongBits(q);
    long fraction = bits & ((1L << 52) - 1);
    int biasedExponent = (int) (bits >>> 52);
    long significand; // 53-bit window of q's expansion at positions k .. k+52 after the binary point
    int k;
    if (biasedExponent == 0) { // subnormal: q = fraction * 2^-1074
      significand = fraction;
      k = 1022;
    } else {
      significand = fraction | (1L << 52);
      k = 1023 - biasedExponent; // q = 1.f * 2^-k, k >= 1
    }
    int leadingZeros = k - 1; // bits 1 .. k-1 of q are 0: U < q needs them all 0 in U
    while (leadingZeros >= 64) {
      if (r.nextLong() != 0) {
        return false;
      }
      leadingZeros -= 64;
    }
    if (leadingZeros > 0) {
      long word = r.nextLong();
      if ((word >>> (64 - leadingZeros)) != 0) {
        return false;
      }
    }
    // remaining bits of q after the window are 0, so equality of the window means U >= q (with probability 1)
    return (r.nextLong() >>> 11) < significand;
  }

  /**
   * True with probability exactly {@code numerator / denominator}.
   *
   * @throws IllegalArgumentException unless 0 &lt;= numerator &lt;= denominator and denominator &gt; 0
   */
  public static boolean sample(RandomStream r, long numerator, long denominator) {
    PufferPreconditions.checkAtLeast("Bernoulli denominator", denominator, 1);
    PufferPreconditions.checkInRange("Bernoulli numerator", numerator, 0, denominator);
    return r.nextLong(denominator) < numerator;
  }
}
