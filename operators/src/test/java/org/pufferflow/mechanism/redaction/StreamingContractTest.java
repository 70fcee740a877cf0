package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * The timing rules of streaming redaction (docs/redaction.md, 'When an opt-out takes effect'): decision deadlines,
 * the contract's reach of an opt-out issued at event time e, and that the verdict on an opt-out read before event
 * time passes e depends on the opt-out alone, never on how far decisions had gone.
 */
class StreamingContractTest {

  /** Ticks of 10 ms. */
  static final TickClock CLOCK = new TickClock(10, 0);

  /** alpha = 0.1, beta = 0.2, eps = 1, 3R: the plan's hold-back h is 4 (docs/redaction.md). */
  static StreamingContract contract(long holdBackTicks) {
    RedactionPlan plan = RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_NUMERICAL, null, holdBackTicks);
    return StreamingContract.of(plan, holdBackTicks, CLOCK);
  }

  @Test
  void recordsAreDecidedAtTheStartOfTickTPlusHPlusOne() {
    StreamingContract c = contract(6);
    assertThat(c.deadline(0)).isEqualTo(70);
    assertThat(c.deadline(13)).isEqualTo(200);
    assertThat(c.deadline(Long.MAX_VALUE - 3)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void anOptOutReachesBackHMinusTheMechanismsHoldBack() {
    StreamingContract c = contract(6); // H - h = 2
    assertThat(c.firstTickIssuedAt(105)).isEqualTo(8); // issued in tick 10
    StreamingContract.Admission whole = c.admit(8, 12, 105L, OptOutRanges.NONE);
    assertThat(whole.protectFrom()).isEqualTo(8);
    assertThat(whole.tooLate()).isNull();
    StreamingContract.Admission clipped = c.admit(5, 12, 105L, OptOutRanges.NONE);
    assertThat(clipped.protectFrom()).isEqualTo(8);
    assertThat(clipped.tooLate()).isEqualTo("opt-out [5, 12]: ticks 5..7 can no longer be protected (issued in tick"
        + " 10, it reaches back at most 2 tick(s): holdBackTicks 6 minus the plan's hold-back 4; the first"
        + " protectable tick is 8); ticks 8..12 protected");
    StreamingContract.Admission none = c.admit(1, 3, 105L, OptOutRanges.NONE);
    assertThat(none.protectFrom()).isEqualTo(Long.MAX_VALUE);
    assertThat(none.tooLate()).endsWith("nothing protected");
  }

  @Test
  void withoutAnIssueTimeOnlyWhatIsDecidedLimitsAnOptOut() {
    StreamingContract c = contract(4);
    assertThat(c.admit(0, 3, null, OptOutRanges.NONE).tooLate()).isNull();
    StreamingContract.Admission a = c.admit(10, 30, null, 15);
    assertThat(a.protectFrom()).isEqualTo(20);
    assertThat(a.tooLate()).isEqualTo("opt-out [10, 30]: ticks 10..19 can no longer be protected (records up to"
        + " tick 15 were already decided; the first protectable tick is 20); ticks 20..30 protected");
  }

  @Test
  void aHoldBackBelowThePlansIsRefused() {
    RedactionPlan plan = RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_NUMERICAL, null, 4);
    assertThatThrownBy(() -> StreamingContract.of(plan, 3, CLOCK)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holdBackTicks = 3");
  }

  /**
   * An opt-out read while event time is still before its issue time e: every record decided by then has its deadline
   * at or before the watermark, so whatever the watermark was, the admission is the contract's alone.
   */
  @Property(tries = 2000)
  void anOptOutReadInTimeGetsTheSameVerdictWhateverWasDecided(
      @ForAll @IntRange(min = 4, max = 40) int holdBack, @ForAll @LongRange(min = 0, max = 100_000) long issued,
      @ForAll @LongRange(min = 0, max = 10_000) long from, @ForAll @IntRange(min = 0, max = 50) int length,
      @ForAll @LongRange(min = 0, max = 100_000) long watermarkBefore) {
    StreamingContract c = contract(holdBack);
    long watermark = Math.min(watermarkBefore, issued - 1); // read before event time passes e
    long lastDecided = OptOutRanges.NONE;
    for (long t = 0; c.deadline(t) <= watermark; t++) { // what was decided by that watermark
      lastDecided = t;
    }
    StreamingContract.Admission timed = c.admit(from, from + length, issued, lastDecided);
    StreamingContract.Admission alone = c.admit(from, from + length, issued, OptOutRanges.NONE);
    assertThat(timed).isEqualTo(alone);
    long first = Math.max(from, c.firstTickIssuedAt(issued));
    assertThat(alone.protectFrom()).isEqualTo(first <= from + length ? first : Long.MAX_VALUE);
    assertThat(alone.tooLate() == null).isEqualTo(first == from);
  }
}
