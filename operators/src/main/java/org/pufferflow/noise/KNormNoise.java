package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Noise of the K-norm mechanism (Hardt and Talwar 2010; docs/dphmm.md, 'What a release does'): X = R·U with R ~ Gamma(r
 * + 1, 1/ε) and U uniform in K, where r is the rank of K. A rank-1 K is a segment [−p, p] in the output space; a rank-2
 * or rank-3 K is sampled in coordinates where it is full-dimensional, and the caller maps U back when K is degenerate.
 * X has density ∝ exp(−ε‖x‖_K) on span(K), so ‖X‖_K ~ Gamma(r, 1/ε) (docs/privacy-noise.md, 'Samplers'). The release is
 * f(s') + X.
 *
 * <p>Continuous mechanism computed in floating point; see docs/privacy-noise.md, 'Samplers', for what that implies.
 */
public final class KNormNoise {

  private KNormNoise() {}

  /**
   * Writes one noise vector into {@code out[0 .. k.dimension())}: R ~ Gamma(k.rank() + 1, 1/ε), then U, then R·U.
   *
   * @param k the uniform sampler of K (a segment for rank 1, in any ambient dimension; a polygon or a polytope in
   *     coordinates where K is full-dimensional)
   * @param epsilon the privacy parameter ε, finite and &gt; 0
   * @throws IllegalArgumentException if ε is not finite and &gt; 0
   */
  public static void sample(RandomStream r, ShapeSampler k, double epsilon, double[] out) {
    PufferPreconditions.checkEpsilon("epsilon", epsilon);
    double radius = GammaSampler.sample(r, k.rank() + 1, 1 / epsilon);
    k.sample(r, out);
    for (int i = 0, d = k.dimension(); i < d; i++) {
      out[i] *= radius;
    }
  }
}
