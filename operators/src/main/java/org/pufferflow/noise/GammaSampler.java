package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Gamma(k, θ) for integer shape k ≥ 1 (the Erlang distribution): density x^{k−1} e^{−x/θ} / (Γ(k) θ^k), mean kθ.
 *
 * <p>Used for the radius of the K-norm mechanism, R ~ Gamma(rank(K)+1, 1/ε) (dphmm.md §2 step 8; Hardt and Talwar
 * 2010). Drawn as a sum of k exponentials, −θ·ln ∏ (1 − U_i): the product is kept in a double and folded into a
 * logarithm whenever it falls below 2^-900, so it never underflows for any k. One uniform and about one logarithm
 * per unit of shape; with the small shapes of this project (d + 1 ≤ 4) that is faster than a rejection sampler and
 * consumes a fixed number of words per draw.
 */
public final class GammaSampler {

  private static final double FOLD_BELOW = 0x1.0p-900;

  private GammaSampler() {}

  /**
   * One draw of Gamma(shape, scale).
   *
   * @throws IllegalArgumentException if shape &lt; 1 or scale is not finite and &gt; 0
   */
  public static double sample(RandomStream r, int shape, double scale) {
    PufferPreconditions.checkAtLeast("gamma shape", shape, 1);
    PufferPreconditions.checkPositive("gamma scale", scale);
    double product = 1.0;
    double logSum = 0.0;
    for (int i = 0; i < shape; i++) {
      product *= 1.0 - r.nextDouble(); // in (0, 1]
      if (product < FOLD_BELOW) {
        logSum += Math.log(product);
        product = 1.0;
      }
    }
    return 0.0 - scale * (logSum + Math.log(product)); // 0.0 - x: never -0.0
  }
}
