package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.pufferflow.common.PufferPreconditions;

/**
 * The grid Laplace mechanism is exactly ε-DP for the ε charged (docs/privacy-noise.md, 'The power-of-two
 * granularity, and what it guarantees').
 *
 * <p>Exact reasoning on the discrete Laplace pmf: with noise g·N, P(N = n) = c·exp(−|n|/s), the output z has
 * P(z | x) / P(z | y) = exp((|z − r(y)| − |z − r(x)|) / (g·s)), whose maximum over z is exp(|r(x) − r(y)| / (g·s))
 * (reached for z beyond both), r the rounding to the grid. So the mechanism is ε-DP iff D/g ≤ s·ε, with D the
 * largest |r(x) − r(y)| over |x − y| ≤ Δ. D is found here by the mechanism's own rounding on adversarial pairs
 * (ties and their neighbours), checked to be at distance ≤ Δ, and the inequality is decided in BigDecimal.
 */
class LaplaceExactEpsilonTest {

  /** (Δ, ε) pairs: a non-dyadic sensitivity, a non-dyadic ε, an odd number of grid steps, tiny and large ε. */
  private static final double[][] PAIRS = {
      {1.3, 1.0}, {1.0, 0.3}, {0.7, 0.1}, {5.0, 2.5}, {3.0, 1e-3}, {1 - 0x1.0p-40, 1.0}, {2.0, 7.0}, {1.0, 1.0},
      {1e-5, 0.05}, {123.456, 0x1.0p-20}};

  @Test
  void theWorstCaseProbabilityRatioIsAtMostExpEpsilon() {
    for (double[] p : PAIRS) {
      double delta = p[0];
      double eps = p[1];
      double g = LaplaceNoise.granularity(delta / eps);
      double s = LaplaceNoise.gridScale(delta, eps, g);
      BigDecimal steps = worstCaseSteps(delta, g);
      assertThat(steps).as("D/g for (%s, %s) is at most floor(Δ/g) + 1", delta, eps)
          .isLessThanOrEqualTo(BigDecimal.valueOf(Math.floor(delta / g) + 1));
      assertThat(steps).as("D/g = %s <= s·ε for (Δ, ε) = (%s, %s)", steps, delta, eps)
          .isLessThanOrEqualTo(new BigDecimal(s).multiply(new BigDecimal(eps)));
      // and the noise is barely larger than Δ/ε: the scale g·s exceeds it by at most 1 + 2^-39/ε
      assertThat(g * s / (delta / eps)).isLessThanOrEqualTo(1 + 0x1.0p-38 / eps);
    }
  }

  /** The calibration before this fix (parameter λ/g) exceeds e^ε for most pairs: the check above can fail. */
  @Test
  void theOldCalibrationExceedsEpsilon() {
    java.util.List<String> failures = new java.util.ArrayList<>();
    for (double[] p : PAIRS) {
      double delta = p[0];
      double eps = p[1];
      double g = LaplaceNoise.granularity(delta / eps);
      double oldS = (delta / eps) / g;
      if (worstCaseSteps(delta, g).compareTo(new BigDecimal(oldS).multiply(new BigDecimal(eps))) > 0) {
        failures.add(delta + "/" + eps);
      }
    }
    // it was exact only when Δ is an even number of grid steps (1/0.3, 5/2.5, 3/0.001, 1/1 here)
    assertThat(failures).containsExactly(
        "1.3/1.0", "0.7/0.1", "0.9999999999990905/1.0", "2.0/7.0", "1.0E-5/0.05", "123.456/9.5367431640625E-7");
  }

  /**
   * ⌈Δ/g⌉ steps do not suffice: with ties rounded to even, Δ = (2^40 − 1)·g (odd) moves g/2 to Δ + g/2, which
   * rounds to 0 and to 2^40·g, one step more than ⌈Δ/g⌉.
   */
  @Test
  void roundingUpTheSensitivityToTheGridIsNotEnoughWhenItIsAnOddNumberOfSteps() {
    double delta = 1 - 0x1.0p-40;
    double g = LaplaceNoise.granularity(delta);
    assertThat(g).isEqualTo(0x1.0p-40);
    double x = g / 2;
    double y = x + delta;
    assertThat(new BigDecimal(y).subtract(new BigDecimal(x))).isEqualByComparingTo(new BigDecimal(delta));
    double d = LaplaceNoise.roundToMultiple(y, g) - LaplaceNoise.roundToMultiple(x, g);
    assertThat(d / g).isEqualTo(Math.ceil(delta / g) + 1);
    assertThat(LaplaceNoise.gridScale(delta, 1.0, g)).isEqualTo(d / g); // K = ⌊Δ/g⌋ + 1 covers it
  }

  @Test
  void theMechanismDrawsWithTheCalibratedParameterAndTheOldOverloadDelegates() {
    KeyedRandom r1 = TestKeys.random("laplace-exact", "s", 1);
    KeyedRandom r2 = TestKeys.random("laplace-exact", "s", 1);
    double g = LaplaceNoise.granularity(1.3);
    for (int i = 0; i < 200; i++) {
      double v = LaplaceNoise.addNoise(r1, 0.1, 1.3, 1.0);
      double expected = LaplaceNoise.roundToMultiple(0.1, g) + g * DiscreteLaplace.sample(r2,
          LaplaceNoise.gridScale(1.3, 1.0, g));
      assertThat(v).isEqualTo(expected);
    }
    KeyedRandom r3 = TestKeys.random("laplace-exact", "s", 2);
    KeyedRandom r4 = TestKeys.random("laplace-exact", "s", 2);
    for (int i = 0; i < 50; i++) {
      @SuppressWarnings("deprecation")
      double old = LaplaceNoise.addNoise(r3, 2.5, 4.0);
      assertThat(old).isEqualTo(LaplaceNoise.addNoise(r4, 2.5, 4.0, 1.0));
    }
  }

  /**
   * A vector of d coordinates rounded separately can move d steps beyond ⌊Δ/g⌋: with Δ split in two pieces whose
   * fractional parts (in steps) add up to less than one, each piece gains a step, ⌊Δ/g⌋ + 2 in all, which the
   * one-coordinate parameter does not cover and the d-coordinate one does.
   */
  @Test
  void aVectorNeedsOneExtraStepPerCoordinate() {
    double delta = 1.3;
    double g = LaplaceNoise.granularity(delta);
    double q = delta / g;
    double frac = q - Math.floor(q);
    assertThat(frac).isGreaterThan(0);
    double d1 = (Math.floor(q / 2) + frac / 2) * g;
    double d2 = delta - d1;
    assertThat(new BigDecimal(d1).add(new BigDecimal(d2))).isLessThanOrEqualTo(new BigDecimal(delta));
    BigDecimal steps = worstCaseSteps(d1, g).add(worstCaseSteps(d2, g));
    assertThat(steps).isEqualByComparingTo(BigDecimal.valueOf(Math.floor(q) + 2));
    assertThat(steps).isGreaterThan(new BigDecimal(LaplaceNoise.gridScale(delta, 1.0, g)));
    assertThat(steps).isLessThanOrEqualTo(new BigDecimal(LaplaceNoise.gridScale(delta, 1.0, g, 2)));
    for (int d = 1; d <= 3; d++) {
      for (double[] p : PAIRS) {
        double gg = LaplaceNoise.granularity(p[0] / p[1]);
        assertThat(new BigDecimal(LaplaceNoise.gridScale(p[0], p[1], gg, d)).multiply(new BigDecimal(p[1])))
            .isGreaterThanOrEqualTo(BigDecimal.valueOf(Math.floor(p[0] / gg) + d));
      }
    }
  }

  @Test
  void theVectorMechanismDrawsEachCoordinateWithTheVectorParameter() {
    KeyedRandom r1 = TestKeys.random("laplace-vector", "s", 1);
    KeyedRandom r2 = TestKeys.random("laplace-vector", "s", 1);
    double g = LaplaceNoise.granularity(1.3 / 0.5);
    double s = LaplaceNoise.gridScale(1.3, 0.5, g, 3);
    double[] v = {0.1, -2.7, 5.0, 99};
    LaplaceNoise.addNoise(r1, v, 3, 1.3, 0.5);
    assertThat(v[3]).isEqualTo(99);
    double[] in = {0.1, -2.7, 5.0};
    for (int a = 0; a < 3; a++) {
      assertThat(v[a]).isEqualTo(LaplaceNoise.roundToMultiple(in[a], g) + g * DiscreteLaplace.sample(r2, s));
    }
    assertThatThrownBy(() -> LaplaceNoise.addNoise(r1, new double[2], 3, 1, 1)).hasMessageStartingWith("coordinates");
  }

  @Test
  void badParametersAreRefusedWithTheirNames() {
    RandomStream r = new ScriptedStream();
    assertThatThrownBy(() -> LaplaceNoise.addNoise(r, 1, 0, 1)).hasMessageStartingWith("l1Sensitivity = 0.0");
    assertThatThrownBy(() -> LaplaceNoise.addNoise(r, 1, 1, 0x1.0p-41)).hasMessageStartingWith("epsilon = ");
    assertThatThrownBy(() -> LaplaceNoise.addNoise(r, Double.NaN, 1, 1)).hasMessageStartingWith("value = NaN");
    assertThatThrownBy(() -> LaplaceNoise.sample(r, 0x1.0p970)).hasMessageStartingWith("Laplace scale = ")
        .hasMessageContaining("outside the sampler's range");
    assertThatThrownBy(() -> LaplaceNoise.sample(r, 0x1.0p-990)).hasMessageStartingWith("Laplace scale = ");
    assertThat(PufferPreconditions.checkNoiseScale("s", 1.0, LaplaceNoise.MIN_SCALE, LaplaceNoise.MAX_SCALE))
        .isEqualTo(1.0);
  }

  /** max |r(x) − r(y)| / g over adversarial pairs with |x − y| ≤ Δ exactly. */
  private static BigDecimal worstCaseSteps(double delta, double g) {
    BigDecimal exactDelta = new BigDecimal(delta);
    double best = 0;
    for (long m : new long[] {0, 1, 2, 3, 7, 1L << 20, (1L << 20) + 1, -5, -6}) {
      double tie = (m + 0.5) * g;
      for (double x : new double[] {tie, Math.nextDown(tie), Math.nextUp(tie), m * g}) {
        double sum = x + delta;
        for (double y : new double[] {sum, Math.nextDown(sum), Math.nextUp(sum), Math.nextDown(Math.nextDown(sum))}) {
          if (new BigDecimal(y).subtract(new BigDecimal(x)).abs().compareTo(exactDelta) > 0) {
            continue;
          }
          double d = Math.abs(LaplaceNoise.roundToMultiple(y, g) - LaplaceNoise.roundToMultiple(x, g));
          best = Math.max(best, d / g);
        }
      }
    }
    return new BigDecimal(best);
  }
}
