package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.MqmTestSupport.harness;
import static org.pufferflow.operators.MqmTestSupport.keyFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * The operator does not change what the mechanism promises (docs/operators.md, 'MQM window function'; docs/mqm.md,
 * 'Releasing one window'): over many subjects, released counts minus true counts follow the discrete Laplace law
 * P(x) = (1−t)/(1+t)·t^|x|, t = e^{−1/β}, at the plan's scale β (chi-square against the exact pmf, fixed key).
 */
class MqmWindowFunctionCalibrationTest {

  private static final int SUBJECTS = 4000;
  private static final int WINDOW = 4;

  @TempDir Path dir;

  @Test
  void releasedMinusTrueCountsFollowTheDiscreteLaplaceLawAtThePlannedScale() throws Exception {
    MqmWindowPlan spec = MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.6, 0.4}, {0.3, 0.7}}))
        .window(WINDOW).slide(WINDOW).epsilon(1.0).build();
    double beta = spec.noiseScale(WINDOW);
    assertThat(beta).isBetween(1.0, 20.0);
    List<Long> noise = new ArrayList<>();
    try (var h = harness(spec, Budgets.total(10), keyFile(dir, 11))) {
      h.open();
      Map<String, int[]> truth = new HashMap<>();
      for (int s = 0; s < SUBJECTS; s++) {
        String subject = "subject-" + s;
        int[] counts = new int[2];
        for (int t = 1; t <= WINDOW; t++) {
          int state = ((s * 31 + t * 17) % 5) < 2 ? 1 : 0;
          counts[state]++;
          h.processElement(new StateObservation(subject, t + (s % 3), state), 0);
        }
        truth.put(subject, counts);
      }
      List<WindowHistogram> out = h.extractOutputValues();
      assertThat(out).hasSize(SUBJECTS);
      for (WindowHistogram w : out) {
        assertThat(w.getNoiseScale()).isEqualTo(beta);
        int[] counts = truth.get(w.getSubjectId());
        for (int c = 0; c < 2; c++) {
          noise.add(Math.round(w.getNoisyCounts().get(c)) - counts[c]);
        }
      }
    }
    assertThat(chiSquareExcess(noise, beta)).as("chi-square at the planned scale").isLessThan(0);
    // the test can fail: the same sample is rejected at a scale 30% off
    assertThat(chiSquareExcess(noise, beta * 1.3)).isGreaterThan(0);
    assertThat(chiSquareExcess(noise, beta / 1.3)).isGreaterThan(0);
  }

  /** Chi-square statistic minus its upper 10^-3 critical value (negative: consistent with the law). */
  static double chiSquareExcess(List<Long> sample, double beta) {
    double t = Math.exp(-1 / beta);
    double p0 = (1 - t) / (1 + t);
    int n = sample.size();
    int k = 0; // bins -k..k, tails pooled beyond
    while (n * p0 * Math.pow(t, k + 1) >= 5 && n * pTail(t, k + 2) >= 5) {
      k++;
    }
    long[] observed = new long[2 * k + 3];
    for (long x : sample) {
      int bin = x < -k ? 0 : x > k ? 2 * k + 2 : (int) x + k + 1;
      observed[bin]++;
    }
    double chi = 0;
    for (int bin = 0; bin < observed.length; bin++) {
      double p = bin == 0 || bin == observed.length - 1 ? pTail(t, k + 1) : p0 * Math.pow(t, Math.abs(bin - k - 1));
      double e = n * p;
      chi += (observed[bin] - e) * (observed[bin] - e) / e;
    }
    int df = observed.length - 1;
    double z = 3.090232; // upper 10^-3 normal quantile; Wilson–Hilferty
    double a = 2.0 / (9 * df);
    double critical = df * Math.pow(1 - a + z * Math.sqrt(a), 3);
    return chi - critical;
  }

  /** P(X ≥ m) for m ≥ 1: (1−t)/(1+t)·t^m/(1−t) = t^m/(1+t). */
  private static double pTail(double t, int m) {
    return Math.pow(t, m) / (1 + t);
  }
}
