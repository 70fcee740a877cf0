package org.pufferflow.jobs.mechanism;

import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.plan.DailySpend;

/**
 * The public configuration a mechanism's plan may read besides its description: the model and the tick.
 *
 * @param model the job's model (state labels, chain, query)
 * @param tickMillis {@code time.tickMillis}, for budgets in words ({@link DailySpend})
 */
@PublicEvolving
public record PlanContext(ModelConfig model, long tickMillis) {

  /** ⌈86 400 000 / tickMillis⌉: the ticks of one day. */
  public long ticksPerDay() {
    return DailySpend.ticksPerDay(tickMillis);
  }
}
