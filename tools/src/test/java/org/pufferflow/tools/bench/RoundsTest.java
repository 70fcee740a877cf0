package org.pufferflow.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Rounds#warmUp}: a short run, then runs of half the timed length until the rate stops rising (2 to 4 of
 * them), unless they would be no larger than the short run.
 */
class RoundsTest {

  /** A job at {@code rate} records/s that records the size of every run asked of it. */
  private static Rounds.Job job(double rate, List<Long> sizes) {
    return records -> {
      sizes.add(records);
      return new BenchCluster.JobRun(records, (long) (records / rate * 1e9), -1, Map.of());
    };
  }

  @Test
  void aSteadyJobGetsTwoWarmUpRunsOfHalfTheTimedLength() throws Exception {
    List<Long> sizes = new ArrayList<>();
    double rate = new Rounds(2, 20_000, Long.MAX_VALUE).warmUp(job(1e6, sizes));
    assertThat(sizes).hasSize(3).first().isEqualTo(20_000L);
    assertThat(sizes.get(1)).isBetween(1_049_999L, 1_050_001L); // 1e6/s · 2 s · 0.5 · 1.05
    assertThat(sizes.get(2)).isEqualTo(sizes.get(1));
    assertThat(rate).isCloseTo(1e6, org.assertj.core.data.Offset.offset(1.0));
  }

  @Test
  void aJobThatKeepsSpeedingUpIsWarmedUpUntilItSettlesOrFourHalfRuns() throws Exception {
    // 10% faster in each run: never settles, so 4 half-length runs after the short one
    List<Long> sizes = new ArrayList<>();
    double rate = new Rounds(2, 20_000, Long.MAX_VALUE).warmUp(speedingUp(1e6, 1.10, 100, sizes));
    assertThat(sizes).hasSize(1 + Rounds.MAX_HALF_RUNS);
    assertThat(rate).isCloseTo(1e6 * Math.pow(1.10, Rounds.MAX_HALF_RUNS), org.assertj.core.data.Offset.offset(1.0));
    // 10% faster in the first two runs only: settles at the third half-length run
    sizes.clear();
    rate = new Rounds(2, 20_000, Long.MAX_VALUE).warmUp(speedingUp(1e6, 1.10, 2, sizes));
    assertThat(sizes).hasSize(4);
    assertThat(rate).isCloseTo(1e6 * 1.10 * 1.10, org.assertj.core.data.Offset.offset(1.0));
  }

  /** A job at {@code rate}, {@code factor} times as fast after each of its first {@code speedUps} runs. */
  private static Rounds.Job speedingUp(double rate, double factor, int speedUps, List<Long> sizes) {
    return records -> {
      double r = rate * Math.pow(factor, Math.min(sizes.size(), speedUps));
      sizes.add(records);
      return new BenchCluster.JobRun(records, (long) (records / r * 1e9), -1, Map.of());
    };
  }

  @Test
  void aSlowJobWhoseShortestRunIsAlreadyLongerIsWarmedUpOnce() throws Exception {
    List<Long> sizes = new ArrayList<>();
    // 2·10⁶ records at 10,000 records/s: 200 s, far more than half of 2 s
    double rate = new Rounds(2, 2_000_000, Long.MAX_VALUE).warmUp(job(10_000, sizes));
    assertThat(sizes).containsExactly(2_000_000L);
    assertThat(rate).isCloseTo(10_000, org.assertj.core.data.Offset.offset(0.01));
  }
}
