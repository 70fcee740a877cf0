package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.ingest.TickOrder.NONE;

import org.junit.jupiter.api.Test;

class TickOrderTest {

  private final TickOrder order = new TickOrder(2);

  @Test
  void firstRecordIsAlwaysBuffered() {
    assertThat(order.check(7, false, NONE, NONE)).isNull();
  }

  @Test
  void outOfOrderWithinTheLatenessIsBuffered() {
    assertThat(order.check(8, false, NONE, 10)).isNull();
    assertThat(order.check(9, false, 7, 10)).isNull();
  }

  @Test
  void moreThanTheLatenessBehindTheNewestTickIsTooLate() {
    assertThat(order.check(7, false, NONE, 10)).isEqualTo(ReasonCode.TOO_LATE);
    assertThat(order.explain(ReasonCode.TOO_LATE, 7, NONE, 10))
        .isEqualTo("tick 7: more than 2 tick(s) behind the subject's newest tick 10");
  }

  @Test
  void beforeTheLastProcessedTickIsTooLate() {
    assertThat(order.check(9, false, 10, 10)).isEqualTo(ReasonCode.TOO_LATE);
    assertThat(order.explain(ReasonCode.TOO_LATE, 9, 10, 10))
        .isEqualTo("tick 9: before the subject's last processed tick 10");
  }

  @Test
  void aBufferedOrJustProcessedTickIsADuplicate() {
    assertThat(order.check(10, true, NONE, 10)).isEqualTo(ReasonCode.DUPLICATE_TICK);
    assertThat(order.check(10, false, 10, 12)).isEqualTo(ReasonCode.DUPLICATE_TICK);
    assertThat(order.explain(ReasonCode.DUPLICATE_TICK, 10, 10, 12))
        .isEqualTo("tick 10: the subject already has a record for this tick");
  }

  @Test
  void tooLateBehindTheNewestTickWinsOverDuplicate() {
    // tick 7 was processed, but it is also 3 ticks behind 10: the verdict must not depend on timer timing
    assertThat(order.check(7, false, 7, 10)).isEqualTo(ReasonCode.TOO_LATE);
    assertThat(order.check(7, false, 9, 10)).isEqualTo(ReasonCode.TOO_LATE);
    assertThat(order.explain(ReasonCode.TOO_LATE, 7, 9, 10))
        .isEqualTo("tick 7: more than 2 tick(s) behind the subject's newest tick 10");
  }

  @Test
  void zeroLatenessAcceptsOnlyNonDecreasingTicks() {
    TickOrder strict = new TickOrder(0);
    assertThat(strict.check(5, false, NONE, 5)).isNull();
    assertThat(strict.check(4, false, NONE, 5)).isEqualTo(ReasonCode.TOO_LATE);
  }
}
