package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Gamma(k, θ) for integer shape k ≥ 1 (the Erlang distribution): density x^{k−1} e^{−x/θ} / (Γ(k) θ^k), mean kθ.
 *
 * <p>Used for the radius of the K-norm mechanism, R ~ Gamma(rank(K)+1, 1/ε) (docs/dphmm.md, 'What a release does';
 * Hardt and Talwar 2010). Drawn as a sum of k exponentials, −θ·ln ∏ (1 − U_i): the product is kept in a double and
 * folded into a logarithm whenever it falls below 2^-900, so it never underflows for any k. One uniform and about one
 * logarithm per unit of shape; with the small shapes of this project (d + 1 ≤ 4) that is faster than a rejection
 * sampler and consumes a fixed number of words per draw.
 *
 * <p><b>Admissible scales.</b> θ in [{@link #MIN_SCALE}, {@link #MAX_SCALE}] (the K-norm radius has θ = 1/ε). Each
 * factor 1 − U is ≥ 2^-53, so −ln ∏ ≤ 36.8·k; with θ ≤ 2^960 and any int k the result stays finite, and with
 * θ ≥ 2^-960 a nonzero result is a normal double. Mechanism builders check their scale with
 * {@code PufferPreconditions.checkNoiseScale(name, scale, GammaSampler.MIN_SCALE, GammaSampler.MAX_SCALE)}.
 */
public final class GammaSampler {

  /** Smallest admissible scale θ. */
  public static final double MIN_SCALE = 0x1.0p-960;

  /** Largest admissible scale θ: the draw cannot overflow for any shape. */
  public static final double MAX_SCALE = 0x1.0p960;

  private static final double FOLD_BELOW = 0x1.0p-900;

  private GammaSampler() {}

  /**
   * One draw of Gamma(shape, scale).
   *
   * @throws IllegalArgumentException if shape &lt; 1 or scale is not in [{@link #MIN_SCALE}, {@link #MAX_SCALE}]
   */
  public static double sample(RandomStream r, int shape, double scale) {
    PufferPreconditions.checkAtLeast("gamma shape", shape, 1);
    PufferPreconditions.checkNoiseScale("gamma scale", scale, MIN_SCALE, MAX_SCALE);
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
