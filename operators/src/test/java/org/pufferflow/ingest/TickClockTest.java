package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class TickClockTest {

  @Test
  void ticksAreFloorOfElapsedOverLength() {
    TickClock c = new TickClock(900_000, 1_000);
    assertThat(c.tickOf(1_000)).isZero();
    assertThat(c.tickOf(900_999)).isZero();
    assertThat(c.tickOf(901_000)).isEqualTo(1);
    assertThat(c.startOf(2)).isEqualTo(1_801_000);
    assertThat(c.endOf(1)).isEqualTo(1_800_999);
    assertThat(c.hasTick(999)).isFalse();
    assertThatThrownBy(() -> c.tickOf(999)).hasMessage("eventTime = 999: before the epoch 1000");
    assertThatThrownBy(() -> new TickClock(0, 0)).hasMessage("tickMillis = 0: must be >= 1");
  }

  @Test
  void endOfSaturatesInsteadOfOverflowing() {
    TickClock c = new TickClock(3_600_000, 5);
    long last = c.tickOf(Long.MAX_VALUE);
    assertThat(c.endOf(last)).isEqualTo(Long.MAX_VALUE);
    assertThat(c.endOf(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    assertThat(c.startOf(last)).isLessThanOrEqualTo(Long.MAX_VALUE).isPositive();
  }

  @Property(tries = 300)
  void everyEventTimeLiesInsideItsTick(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long t, @ForAll @LongRange(min = 1, max = 86_400_000) long len) {
    TickClock c = new TickClock(len, 0);
    long tick = c.tickOf(t);
    assertThat(c.startOf(tick)).isLessThanOrEqualTo(t);
    assertThat(c.endOf(tick)).isGreaterThanOrEqualTo(t);
  }
}
