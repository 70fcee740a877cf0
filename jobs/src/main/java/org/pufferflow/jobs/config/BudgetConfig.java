package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * A per-subject privacy budget of one mechanism (design.md §3): {@code total} over the subject's lifetime and,
 * optionally, at most {@code perPeriod} within every window of {@code periodTicks} ticks. A release that would
 * exceed either is not made.
 *
 * @param total > 0
 * @param perPeriod > 0 and ≤ total, or {@code null} for no per-period limit
 * @param periodTicks ≥ 1 when perPeriod is set, else {@code null}
 */
public record BudgetConfig(double total, Double perPeriod, Long periodTicks) implements Serializable {

  /** True when a per-period limit is configured. */
  public boolean hasPeriod() {
    return perPeriod != null;
  }
}
