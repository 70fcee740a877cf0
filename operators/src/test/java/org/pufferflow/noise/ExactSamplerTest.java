package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Bit-level checks of the exact samplers: which input bits give which output. */
class ExactSamplerTest {

  @Test
  void bernoulliOneHalfIsTheTopBit() {
    assertThat(Bernoulli.sample(new ScriptedStream(0x7fffffffffffffffL), 0.5)).isTrue();
    assertThat(Bernoulli.sample(new ScriptedStream(0x8000000000000000L), 0.5)).isFalse();
  }

  @Test
  void bernoulliThreeQuartersIsNotBothTopBits() {
    assertThat(Bernoulli.sample(new ScriptedStream(0xbfffffffffffffffL), 0.75)).isTrue();
    assertThat(Bernoulli.sample(new ScriptedStream(0xc000000000000000L), 0.75)).isFalse();
  }

  @Test
  void bernoulliOfATinyProbabilityReadsItsLeadingZeroBits() {
    double q = 0x1.0p-70; // 69 zero bits, then a 1
    ScriptedStream hit = new ScriptedStream(0L, 0x07ffffffffffffffL, 0x7fffffffffffffffL);
    assertThat(Bernoulli.sample(hit, q)).isTrue();
    assertThat(hit.consumed()).isEqualTo(3);
    ScriptedStream missEarly = new ScriptedStream(1L);
    assertThat(Bernoulli.sample(missEarly, q)).isFalse();
    assertThat(missEarly.consumed()).isEqualTo(1);
    assertThat(Bernoulli.sample(new ScriptedStream(0L, 0x0800000000000000L), q)).isFalse();
    long[] zeros = new long[17];
    assertThat(Bernoulli.sample(new ScriptedStream(zeros), Double.MIN_VALUE)).isTrue(); // U = 0 < 2^-1074
  }

  /** For q ≥ 2^-11 one word decides: U < q exactly, as a comparison of rationals. */
  @Property(tries = 2000)
  void bernoulliIsTheExactComparisonOfUniformAndQ(
      @ForAll @IntRange(min = 1, max = 11) int k, @ForAll long fraction, @ForAll long leading, @ForAll long word) {
    double q = Double.longBitsToDouble(((long) (1023 - k) << 52) | (fraction >>> 12)); // in [2^-k, 2^-k+1)
    int zeros = -Math.getExponent(q) - 1;
    ScriptedStream s = zeros == 0 ? new ScriptedStream(word) : new ScriptedStream(leading, word);
    boolean result = Bernoulli.sample(s, q);
    // U's bits: the top `zeros` bits of `leading`, then the 53 top bits of `word` (later bits cannot tie)
    BigDecimal u = zeros == 0
        ? new BigDecimal(word >>> 11).multiply(new BigDecimal(0x1.0p-53))
        : new BigDecimal(leading >>> (64 - zeros)).multiply(new BigDecimal(Math.scalb(1.0, -zeros)))
            .add(new BigDecimal(word >>> 11).multiply(new BigDecimal(Math.scalb(1.0, -zeros - 53))));
    assertThat(result).as("k=%d", k).isEqualTo(u.compareTo(new BigDecimal(q)) < 0);
  }

  @Test
  void discreteLaplaceRejectsBadScales() {
    RandomStream r = new ScriptedStream();
    assertThatThrownBy(() -> DiscreteLaplace.sample(r, 0)).hasMessage("discrete Laplace scale = 0.0: must be finite and > 0");
    assertThatThrownBy(() -> DiscreteLaplace.sample(r, Double.NaN)).hasMessageContaining("= NaN");
    assertThatThrownBy(() -> DiscreteLaplace.sample(r, 0x1.0p51)).hasMessageContaining("must be <= 2^50");
    assertThatThrownBy(() -> LaplaceNoise.sample(r, -1)).hasMessageContaining("Laplace scale = -1.0");
    assertThatThrownBy(() -> Exponential.sample(r, 0)).hasMessageContaining("exponential scale = 0.0");
    assertThatThrownBy(() -> GammaSampler.sample(r, 3, Double.POSITIVE_INFINITY)).hasMessageContaining("gamma scale");
    assertThatThrownBy(() -> GammaSampler.sample(r, -2, 1)).hasMessage("gamma shape = -2: must be >= 1");
    assertThatThrownBy(() -> Bernoulli.sample(r, 1.5)).hasMessageContaining("q = 1.5");
    assertThatThrownBy(() -> Bernoulli.sample(r, Double.NaN)).hasMessageContaining("q = NaN");
    assertThatThrownBy(() -> r.nextLong(0)).hasMessageContaining("boundExclusive = 0");
  }

  @Test
  void laplaceGranularityIsTheSmallestPowerOfTwoAtLeastScaleOver2To40() {
    assertThat(LaplaceNoise.granularity(1.0)).isEqualTo(0x1.0p-40);
    assertThat(LaplaceNoise.granularity(3.0)).isEqualTo(0x1.0p-38);
    assertThat(LaplaceNoise.granularity(0x1.0p10)).isEqualTo(0x1.0p-30);
    assertThat(LaplaceNoise.granularity(Math.nextUp(0x1.0p10))).isEqualTo(0x1.0p-29);
    assertThat(LaplaceNoise.roundToMultiple(1.3, 0.5)).isEqualTo(1.5);
    assertThat(LaplaceNoise.roundToMultiple(-1.3, 0.5)).isEqualTo(-1.5);
    assertThat(LaplaceNoise.roundToMultiple(1e300, 0x1.0p-40)).isEqualTo(1e300); // no overflow of 1e300 / 2^-40
    assertThat(LaplaceNoise.addNoise(TestKeys.random("exact-test", "huge", 1), 1e300, 1.0, 1.0)).isEqualTo(1e300);
    KeyedRandom r = TestKeys.random("exact-test", "laplace", 1);
    double g = LaplaceNoise.granularity(2.0);
    for (int i = 0; i < 1000; i++) {
      double v = LaplaceNoise.addNoise(r, Math.PI, 1.0, 0.5);
      assertThat(v / g).isEqualTo(Math.rint(v / g));
    }
  }
}
