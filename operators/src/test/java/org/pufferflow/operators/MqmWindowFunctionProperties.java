package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.NoiseKeySource;

/**
 * Invariants of {@link MqmWindowFunction} over random schedules and gap patterns (docs/operators.md, 'MQM window
 * function'; docs/mqm.md, 'Windows over gaps'): the operator releases exactly the windows of the plan, with the
 * boundaries of the observed ticks of each window, and its output equals the bare mechanism's release of the same
 * window's true histogram in the same noise context — the operator adds nothing to and takes nothing from the
 * mechanism.
 */
class MqmWindowFunctionProperties {

  private static final NoiseKeySource KEY = key();

  private static NoiseKeySource key() {
    try {
      Path dir = Files.createTempDirectory("mqm-props");
      dir.toFile().deleteOnExit();
      NoiseKeySource k = MqmTestSupport.keyFile(dir, 42);
      dir.resolve("noise-42.key").toFile().deleteOnExit();
      return k;
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Property(tries = 40)
  void releasesExactlyThePlannedWindowsWithTheMechanismsOwnNoise(
      @ForAll @IntRange(min = 1, max = 6) int window, @ForAll @IntRange(min = 1, max = 6) int slideRaw,
      @ForAll boolean partial, @ForAll boolean frequencies,
      @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 1) Integer> states,
      @ForAll @Size(min = 30, max = 30) List<@IntRange(min = 0, max = 6) Integer> gaps) throws Exception {
    int slide = Math.min(slideRaw, window);
    MqmWindowPlan spec = MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.7, 0.3}, {0.4, 0.6}}))
        .window(window).slide(slide).epsilon(2.0).partialWindows(partial)
        .output(frequencies ? MqmOutput.FREQUENCIES : MqmOutput.COUNTS).build();
    MqmWindowPlan plan = spec;
    long[] ticks = new long[states.size()];
    long t = 3;
    for (int i = 0; i < ticks.length; i++) {
      int g = gaps.get(i);
      t += g == 6 ? 1_000_000_000L : g; // 6 stands for a gap of 10^9 ticks
      ticks[i] = t++;
    }
    List<WindowHistogram> out;
    try (var h = MqmTestSupport.harness(spec, Budgets.total(1e9), KEY)) {
      h.open();
      for (int i = 0; i < ticks.length; i++) {
        h.processElement(new StateObservation("p", ticks[i], states.get(i)), 0);
      }
      out = new ArrayList<>(h.extractOutputValues());
    }
    WindowHistogramRelease release = WindowHistogramRelease.of(plan);
    KeyedRandom random = new KeyedRandom(KEY.load());
    int seq = 0;
    for (int n = 1; n <= ticks.length; n++) {
      int length = plan.windowLengthAt(n);
      if (length == 0) {
        continue;
      }
      assertThat(seq).isLessThan(out.size());
      WindowHistogram w = out.get(seq);
      assertThat(w.getReleaseSeq()).isEqualTo(seq);
      assertThat(w.getWindowStartTick()).isEqualTo(ticks[n - length]);
      assertThat(w.getWindowEndTick()).isEqualTo(ticks[n - 1]);
      assertThat(w.getNoiseScale()).isEqualTo(plan.noiseScale(length));
      int[] counts = new int[2];
      for (int i = n - length; i < n; i++) {
        counts[states.get(i)]++;
      }
      long[] noisy = new long[2];
      // the context is the window's end tick
      release.release(counts, length, NoiseContext.position(random, "mqm", "p", ticks[n - 1]), noisy);
      for (int c = 0; c < 2; c++) {
        double expected = frequencies ? noisy[c] / (double) length : noisy[c];
        assertThat(w.getNoisyCounts().get(c)).isEqualTo(expected);
      }
      seq++;
    }
    assertThat(out).hasSize(seq);
  }
}
