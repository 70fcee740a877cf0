package org.pufferflow.jobs.plan;

import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * A budget in words (docs/choosing-parameters.md, "How much loss is meaningful"): what one subject observed at
 * every tick spends per release, per period and per day, and how many days of data the total budget covers. A day
 * is {@code ticksPerDay} = ⌈86 400 000 / time.tickMillis⌉ consecutive ticks; every ε here is an upper bound the
 * ledger enforces, rounded up.
 *
 * @param unit what one charge pays for: {@code release} (DPHMM) or {@code window} (MQM)
 * @param epsilonPerRelease ε charged per release
 * @param tickMillis the tick in milliseconds
 * @param ticksPerDay ⌈86 400 000 / tickMillis⌉
 * @param releasesPerDay the most releases any day can hold: ⌈ticksPerDay / releaseInterval⌉
 * @param epsilonPerDay the most ε any day can spend: ε · releasesPerDay, capped by the period budget times the
 *     number of ledger periods a day can touch (⌈(ticksPerDay − 1)/periodTicks⌉ + 1)
 * @param periodTicks the mechanism's natural period in ticks: the budget's period (DPHMM with
 *     {@code budget.periodTicks}), the window W (MQM), else one day
 * @param epsilonPerPeriod the most ε one natural period can spend (for MQM: one window)
 * @param daysOfData days a subject observed at every tick is released before the total budget stops it:
 *     releasesUntilExhaustion / releasesPerDay
 * @param meaningfulPerDay the threshold {@link #MEANINGFUL_EPSILON_PER_DAY}
 */
@Internal
public record DailySpend(
    String unit,
    double epsilonPerRelease,
    long tickMillis,
    long ticksPerDay,
    long releasesPerDay,
    double epsilonPerDay,
    long periodTicks,
    double epsilonPerPeriod,
    double daysOfData,
    double meaningfulPerDay) {

  /**
   * The largest ε per day of one subject's data the plan accepts without a warning: a convention, explained in
   * docs/choosing-parameters.md ("How much loss is meaningful").
   */
  public static final double MEANINGFUL_EPSILON_PER_DAY = 5.0;

  /** One day in milliseconds. */
  public static final long DAY_MILLIS = 86_400_000L;

  /** True when a day can spend more than {@link #meaningfulPerDay()}. */
  public boolean beyondMeaningful() {
    return epsilonPerDay > meaningfulPerDay;
  }

  /**
   * The spend of {@code b} when one release is made every {@code releaseInterval} ticks of {@code tickMillis} ms,
   * with natural period {@code naturalPeriodTicks} (0 = the budget's period if any, else one day).
   */
  public static DailySpend of(String unit, BudgetHorizon b, long tickMillis, int releaseInterval,
      long naturalPeriodTicks) {
    PufferPreconditions.checkNotNull("budget", b);
    PufferPreconditions.checkAtLeast("tick millis", tickMillis, 1);
    PufferPreconditions.checkAtLeast("release interval", releaseInterval, 1);
    long day = ticksPerDay(tickMillis);
    long perDay = ceilDiv(day, releaseInterval);
    double eps = b.epsilonPerRelease();
    double dayLoss = JobPlanner.timesRoundingUp(eps, perDay);
    long period = naturalPeriodTicks > 0 ? naturalPeriodTicks : b.hasPeriod() ? b.periodTicks() : day;
    double periodLoss = JobPlanner.timesRoundingUp(eps, ceilDiv(period, releaseInterval));
    if (b.hasPeriod()) {
      long touched = ceilDiv(day - 1, b.periodTicks()) + 1;
      dayLoss = Math.min(dayLoss, JobPlanner.timesRoundingUp(b.perPeriod(), touched));
      long periodsInPeriod = period == b.periodTicks() ? 1 : ceilDiv(period - 1, b.periodTicks()) + 1;
      periodLoss = Math.min(periodLoss, JobPlanner.timesRoundingUp(b.perPeriod(), periodsInPeriod));
    }
    double days = (double) b.releasesUntilExhaustion() / perDay;
    return new DailySpend(unit, eps, tickMillis, day, perDay, dayLoss, period, periodLoss, days,
        MEANINGFUL_EPSILON_PER_DAY);
  }

  /** ⌈86 400 000 / tickMillis⌉, at least 1. */
  public static long ticksPerDay(long tickMillis) {
    return Math.max(1, ceilDiv(DAY_MILLIS, tickMillis));
  }

  private static long ceilDiv(long a, long b) {
    return a <= 0 ? 0 : (a + b - 1) / b;
  }
}
