package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/** The window release (docs/mqm.md, 'Releasing one window') and the Monte Carlo acceptance checks of docs/test-vectors.md, 'MQM' and docs/experiments.md. */
class WindowHistogramReleaseTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};

  static KeyedRandom random() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) i;
    }
    return new KeyedRandom(NoiseKey.of(key));
  }

  static MqmCalibration calibration(int w) {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(P1)).mode(MqmMode.EXACT).epsilon(1)
        .windowLength(w).build();
  }

  @Test
  void scaleIsAtLeastLTimesSigmaAndCached() {
    MqmCalibration c = calibration(100);
    WindowHistogramRelease r = WindowHistogramRelease.of(c);
    assertThat(r.noiseScale(100)).isGreaterThanOrEqualTo(2 * c.sigmaMax()).isCloseTo(44.5967212734, within(1e-9));
    // partial window at the stream start: σ for its own length (σ(10) = 10 for P1, EXACT, ε = 1)
    assertThat(r.noiseScale(10)).isGreaterThanOrEqualTo(20.0).isCloseTo(20.0, within(1e-9));
    assertThat(r.calibration(10)).isSameAs(r.calibration(10));
    assertThat(calibration(100)).isEqualTo(c).isNotSameAs(c); // no static cache: equal, rebuilt
  }

  @Test
  void replayIsIdenticalAndContextsDiffer() {
    WindowHistogramRelease r = WindowHistogramRelease.of(calibration(100));
    int[] counts = {60, 40};
    long[] a = new long[2];
    long[] b = new long[2];
    long[] c = new long[2];
    KeyedRandom rnd = random();
    r.release(counts, 100, rnd.reset("mqm", "s1", 7), a);
    r.release(counts, 100, rnd.reset("mqm", "s1", 7), b);
    r.release(counts, 100, rnd.reset("mqm", "s1", 8), c);
    assertThat(a).containsExactly(b);
    assertThat(a).isNotEqualTo(c);
  }

  @Test
  void meanAbsoluteNoiseIsTheScale() {
    WindowHistogramRelease r = WindowHistogramRelease.of(calibration(100));
    double beta = r.noiseScale(100);
    KeyedRandom rnd = random();
    int[] counts = {70, 30};
    long[] noisy = new long[2];
    double sum = 0;
    int n = 20000;
    for (int i = 0; i < n; i++) {
      r.release(counts, 100, rnd.reset("mqm-test", "mc", i), noisy);
      sum += Math.abs(noisy[0] - 70) + Math.abs(noisy[1] - 30);
    }
    // discrete Laplace E|X| = 2p/(1−p²)·... ≈ β for β ≫ 1; the sample mean of 2n draws is within 3 %.
    assertThat(sum / (2.0 * n)).isCloseTo(beta, within(0.03 * beta));
  }

  @Test
  void relativeFrequencyL1ErrorMatchesPrediction() {
    // docs/experiments.md: mean L1 error of the relative-frequency histogram within ±15 % of k·2σ/T (here T = 1000, k = 2).
    MqmCalibration c = calibration(1000);
    WindowHistogramRelease r = WindowHistogramRelease.of(c);
    KeyedRandom rnd = random();
    int[] counts = {667, 333};
    long[] noisy = new long[2];
    double err = 0;
    int reps = 400;
    for (int i = 0; i < reps; i++) {
      r.release(counts, 1000, rnd.reset("mqm-test", "l1", i), noisy);
      err += (Math.abs(noisy[0] - 667) + Math.abs(noisy[1] - 333)) / 1000.0;
    }
    double expected = 2 * 2 * c.sigmaMax() / 1000;
    assertThat(err / reps).isCloseTo(expected, within(0.15 * expected));
  }

  @Test
  void postProcessingClamps() {
    long[] noisy = {-5, 40, 130};
    double[] f = new double[3];
    WindowHistogramRelease.toFrequencies(noisy, 100, f);
    assertThat(f).containsExactly(0.0, 0.4, 1.0);
    WindowHistogramRelease.clampCounts(noisy, 100);
    assertThat(noisy).containsExactly(0, 40, 100);
  }

  @Test
  void badInputIsRejected() {
    WindowHistogramRelease r = WindowHistogramRelease.of(calibration(100));
    KeyedRandom rnd = random().reset("mqm", "x", 1);
    assertThatThrownBy(() -> r.release(new int[] {60, 30}, 100, rnd, new long[2])).hasMessageContaining("sum to 90");
    assertThatThrownBy(() -> r.release(new int[] {60, 40}, 101, rnd, new long[2]))
        .hasMessageContaining("window length = 101");
    assertThatThrownBy(() -> r.release(new int[] {60, 40}, 100, rnd, new long[3])).hasMessageContaining("bins");
  }
}
