package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NoiseApiBasicTest {

  @Test
  void sameContextSameStreamDifferentContextDifferentStream() {
    KeyedRandom a = TestKeys.random("dphmm", "subject-1", 7);
    KeyedRandom b = TestKeys.random("dphmm", "subject-1", 7);
    KeyedRandom c = TestKeys.random("dphmm", "subject-1", 8);
    long[] xa = new long[100];
    long[] xb = new long[100];
    long[] xc = new long[100];
    for (int i = 0; i < 100; i++) {
      xa[i] = a.nextLong();
      xb[i] = b.nextLong();
      xc[i] = c.nextLong();
    }
    assertThat(xa).isEqualTo(xb);
    assertThat(xa).isNotEqualTo(xc);
  }

  @Test
  void samplersProduceValuesInTheirSupport() {
    KeyedRandom r = TestKeys.random("test", "s", 0);
    double[] out = new double[3];
    for (int i = 0; i < 1000; i++) {
      double u = r.nextDouble();
      assertThat(u).isBetween(0.0, 1.0).isLessThan(1.0);
      assertThat(r.nextLong(10)).isBetween(0L, 9L);
      Bernoulli.sample(r, 0.3);
      assertThat(Exponential.sample(r, 2.0)).isGreaterThanOrEqualTo(0);
      assertThat(GammaSampler.sample(r, 3, 1.0)).isGreaterThanOrEqualTo(0);
      DiscreteLaplace.sample(r, 2.5);
      double lap = LaplaceNoise.sample(r, 1.0);
      assertThat(lap / LaplaceNoise.granularity(1.0)).isEqualTo(Math.rint(lap / LaplaceNoise.granularity(1.0)));
      new SegmentSampler(new double[] {-1, 0}, new double[] {1, 0}).sample(r, out);
      assertThat(out[0]).isBetween(-1.0, 1.0);
    }
  }

  @Test
  void badInputIsRejected() {
    KeyedRandom r = TestKeys.random("test", "s", 0);
    assertThatThrownBy(() -> GammaSampler.sample(r, 0, 1.0)).hasMessageContaining("gamma shape = 0");
    assertThatThrownBy(() -> NoiseKey.of(new byte[16])).hasMessageContaining("16 bytes");
    assertThatThrownBy(() -> new ConvexPolygonSampler(new double[][] {{0, 0}, {1, 1}, {2, 2}}))
        .hasMessageContaining("degenerate");
  }
}
