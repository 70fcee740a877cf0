package org.pufferflow.jobs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Rounds#warmUp}: a short run, then one of half the timed length unless it would be no larger. */
class RoundsTest {

  /** A job at {@code rate} records/s that records the size of every run asked of it. */
  private static Rounds.Job job(double rate, List<Long> sizes) {
    return records -> {
      sizes.add(records);
      return new BenchCluster.JobRun(records, (long) (records / rate * 1e9), -1, Map.of());
    };
  }

  @Test
  void aFastJobGetsTheSecondWarmUpRunOfHalfTheTimedLength() throws Exception {
    List<Long> sizes = new ArrayList<>();
    double rate = new Rounds(2, 20_000, Long.MAX_VALUE).warmUp(job(1e6, sizes));
    assertThat(sizes).hasSize(2).first().isEqualTo(20_000L);
    assertThat(sizes.get(1)).isBetween(1_049_999L, 1_050_001L); // 1e6/s · 2 s · 0.5 · 1.05
    assertThat(rate).isCloseTo(1e6, org.assertj.core.data.Offset.offset(1.0));
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
