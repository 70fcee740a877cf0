package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.pufferflow.common.PufferPreconditions;

/**
 * Every sampler publishes its admissible scale range (docs/privacy-noise.md, 'Samplers') and enforces it, so that a
 * mechanism builder that checks its scale with {@link PufferPreconditions#checkNoiseScale} never meets a throw or an
 * infinite draw at release time.
 */
class SamplerLimitsTest {

  /** A stream whose uniforms are as small as possible: 1 − U = 2^-53, the longest Exponential/Gamma draw. */
  private static final class Extreme implements RandomStream {
    @Override
    public long nextLong() {
      return -1L; // (nextLong >>> 11)·2^-53 = 1 − 2^-53
    }
  }

  @Test
  void gammaAndExponentialStayFiniteUpToTheirMaximumScale() {
    assertThat(GammaSampler.sample(new Extreme(), 1000, GammaSampler.MAX_SCALE)).isFinite().isPositive();
    assertThat(Exponential.sample(new Extreme(), Exponential.MAX_SCALE)).isFinite().isPositive();
    assertThat(GammaSampler.sample(new Extreme(), 4, GammaSampler.MIN_SCALE)).isGreaterThanOrEqualTo(Double.MIN_NORMAL);
    // before: a scale of 1e308 was accepted and the draw overflowed to +Infinity
    assertThatThrownBy(() -> GammaSampler.sample(new Extreme(), 4, 1e308))
        .hasMessageStartingWith("gamma scale = 1.0E308: outside the sampler's range");
    assertThatThrownBy(() -> Exponential.sample(new Extreme(), 1e308))
        .hasMessageStartingWith("exponential scale = 1.0E308: outside the sampler's range");
    assertThatThrownBy(() -> GammaSampler.sample(new Extreme(), 4, Math.nextDown(GammaSampler.MIN_SCALE)))
        .hasMessageContaining("outside the sampler's range");
  }

  @Test
  void laplaceRangesAreTheOnesEnforced() {
    RandomStream r = TestKeys.random("limits", "laplace", 1);
    assertThat(LaplaceNoise.sample(r, LaplaceNoise.MAX_SCALE)).isFinite();
    assertThat(LaplaceNoise.sample(r, LaplaceNoise.MIN_SCALE)).isFinite();
    assertThatThrownBy(() -> LaplaceNoise.sample(r, Math.nextUp(LaplaceNoise.MAX_SCALE)))
        .hasMessageContaining("outside the sampler's range");
    assertThatThrownBy(() -> LaplaceNoise.sample(r, Math.nextDown(LaplaceNoise.MIN_SCALE)))
        .hasMessageContaining("outside the sampler's range");
    assertThat(DiscreteLaplace.sample(r, DiscreteLaplace.MAX_SCALE)).isNotNull();
    assertThat(DiscreteLaplace.sample(r, DiscreteLaplace.MIN_SCALE)).isZero();
    assertThatThrownBy(() -> DiscreteLaplace.sample(r, Math.nextUp(DiscreteLaplace.MAX_SCALE)))
        .hasMessageContaining("must be <= 2^50");
  }

  @Test
  void theLaplaceGridParameterOfEveryAdmissibleMechanismIsInTheDiscreteLaplaceRange() {
    double[] epsilons = {PufferPreconditions.MIN_EPSILON, 1e-6, 0.1, 1, 10, 1e6};
    double[] sensitivities = {1e-9, 1, 3.7, 1e9};
    for (double eps : epsilons) {
      for (double delta : sensitivities) {
        double g = LaplaceNoise.granularity(delta / eps);
        assertThat(LaplaceNoise.gridScale(delta, eps, g))
            .isBetween(DiscreteLaplace.MIN_SCALE, DiscreteLaplace.MAX_SCALE);
      }
    }
  }
}
