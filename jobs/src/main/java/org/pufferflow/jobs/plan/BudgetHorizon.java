package org.pufferflow.jobs.plan;

import org.apache.flink.annotation.Internal;

/**
 * How long a subject's budget of one mechanism lasts (docs/configuration.md, "budget"): the number of releases the
 * ledger charges before it refuses, counted with the ledger's own arithmetic (sums rounded up, so a non-dyadic ε may
 * buy one release fewer than ⌊total/ε⌋).
 *
 * @param epsilonPerRelease ε charged per release
 * @param total the total budget
 * @param releasesUntilExhaustion releases charged before the total budget refuses one
 * @param counted true when {@code releasesUntilExhaustion} was counted by charging a ledger; false when it exceeds
 *     {@link JobPlanner#MAX_COUNTED} and is the exact ⌊total/ε⌋ (an upper bound on what the ledger charges)
 * @param ratioFloor the exact ⌊total/ε⌋, for comparison (the ledger's upward rounding may stop one release earlier)
 * @param perPeriod the budget per period, or NaN without one
 * @param periodTicks the period length in ticks, 0 without one
 * @param releasesPerPeriod releases the period budget pays for, or -1 without one
 * @param releasesWantedPerPeriod releases the mechanism makes in a period of a subject observed at every tick, or -1
 */
@Internal
public record BudgetHorizon(
    double epsilonPerRelease,
    double total,
    long releasesUntilExhaustion,
    boolean counted,
    long ratioFloor,
    double perPeriod,
    long periodTicks,
    long releasesPerPeriod,
    long releasesWantedPerPeriod) {

  /** True when a per-period budget is configured. */
  public boolean hasPeriod() {
    return periodTicks > 0;
  }
}
