package org.pufferflow.mechanism.redaction;

import java.io.Serializable;
import java.util.Locale;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.TickClock;

/**
 * The timing rules of redaction on a stream (docs/redaction.md, 'When an opt-out takes effect'), for a plan with
 * hold-back h = {@link RedactionPlan#holdBack()}, a configured hold-back H ≥ h ({@code holdBackTicks}) and the job's
 * tick clock:
 * <ul>
 *   <li>the record of tick t is <b>decided</b> once event time reaches {@link #deadline}(t), the start of tick
 *       t + H + 1, and not before;</li>
 *   <li>an opt-out <b>issued</b> at event time e (in tick τ) protects, by contract, every tick of its range from
 *       {@link #firstTickIssuedAt}(e) = τ − (H − h) on. Those ticks' records, and the h records before each of them
 *       that the mechanism also needs undecided, are all at or after τ − H, whose deadline is at or after e: an
 *       opt-out read before event time passes e finds them undecided, whatever the order in which partitions,
 *       topics and failures deliver records;</li>
 *   <li>ticks of the range before that are reported as too late; so are ticks whose records were already decided
 *       (possible only for an opt-out read after event time passed e: a late opt-out).</li>
 * </ul>
 * The verdict on an opt-out that is read in time depends on the opt-out alone (its range and e), never on timing.
 * Immutable.
 */
public final class StreamingContract implements Serializable {
  private static final long serialVersionUID = 1L;

  private final RedactionPlan plan;
  private final long holdBackTicks;
  private final TickClock clock;

  private StreamingContract(RedactionPlan plan, long holdBackTicks, TickClock clock) {
    this.plan = plan;
    this.holdBackTicks = holdBackTicks;
    this.clock = clock;
  }

  /** @throws IllegalArgumentException when {@code holdBackTicks} is below the plan's hold-back */
  public static StreamingContract of(RedactionPlan plan, long holdBackTicks, TickClock clock) {
    PufferPreconditions.checkNotNull("plan", plan);
    PufferPreconditions.checkNotNull("clock", clock);
    PufferPreconditions.checkArgument(holdBackTicks >= plan.holdBack(),
        "holdBackTicks = %s: below the plan's hold-back %s", holdBackTicks, plan.holdBack());
    return new StreamingContract(plan, holdBackTicks, clock);
  }

  public long holdBackTicks() {
    return holdBackTicks;
  }

  /** The event time at which the record of tick {@code t} is decided: the start of tick t + H + 1 (saturating). */
  public long deadline(long t) {
    long next = t + holdBackTicks + 1;
    return next < 0 ? Long.MAX_VALUE : clock.startOf(next);
  }

  /** The first tick an opt-out issued at {@code eventTime} protects by contract: τ − (H − h), τ its tick. */
  public long firstTickIssuedAt(long eventTime) {
    long tau = clock.hasTick(eventTime) ? clock.tickOf(eventTime) : 0;
    return tau - (holdBackTicks - plan.holdBack());
  }

  /**
   * What an opt-out for {@code [from, to]} can still protect.
   *
   * @param eventTime when it was issued, or null when that is not known (ranges known before the job starts)
   * @param lastDecided the subject's last decided tick ({@link OptOutRanges#NONE}: none)
   */
  public Admission admit(long from, long to, Long eventTime, long lastDecided) {
    long byContract = eventTime == null ? Long.MIN_VALUE : firstTickIssuedAt(eventTime);
    long byDecisions = plan.firstProtectableTick(lastDecided);
    long first = Math.max(byContract, byDecisions);
    if (from >= first) {
      return new Admission(from, null);
    }
    String cause = byDecisions > byContract
        ? String.format(Locale.ROOT, "records up to tick %d were already decided", lastDecided)
        : String.format(Locale.ROOT, "issued in tick %d, it reaches back at most %d tick(s): holdBackTicks %d minus"
            + " the plan's hold-back %d", clock.hasTick(eventTime) ? clock.tickOf(eventTime) : 0,
            holdBackTicks - plan.holdBack(), holdBackTicks, plan.holdBack());
    String rest = to < first ? "nothing protected" : String.format(Locale.ROOT, "ticks %d..%d protected", first, to);
    return new Admission(to < first ? Long.MAX_VALUE : first, String.format(Locale.ROOT,
        "opt-out [%d, %d]: ticks %d..%d can no longer be protected (%s; the first protectable tick is %d); %s", from,
        to, from, Math.min(to, first - 1), cause, first, rest));
  }

  /**
   * @param protectFrom the first tick of the range to protect ({@code Long.MAX_VALUE}: nothing)
   * @param tooLate why the ticks before {@code protectFrom} cannot be protected, or null when the range is whole
   */
  public record Admission(long protectFrom, String tooLate) {}
}
