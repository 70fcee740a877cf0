package org.pufferflow.jobs.plan;

import org.apache.flink.annotation.Internal;

/**
 * The Theorem 6.3 constrained-DP cost of DPHMM releases whose constraint is one evaluated set C (the DPHMM paper,
 * Section 6; docs/dphmm.md): cost = ε · max_{j,k∈C} ‖f(s_j) − f(s_k)‖_{K}, K the sensitivity hull after repair.
 *
 * @param name which set: {@code all states}, {@code initial} (the configured constraint of p0) or {@code row i}
 *     (the configured constraint of the prior M[i,·], i.e. one step after the posterior sat on state i)
 * @param constraint the states of C, increasing
 * @param multiplier the Theorem 6.3 multiplier (+∞ when a difference is off span(K), 0 when |C| = 1)
 * @param cost multiplier × ε, rounded up
 * @param exposedAfter members of C the repair left with DoP = 1 (empty after any configured repair mode)
 */
@Internal
public record ConstraintCost(String name, int[] constraint, double multiplier, double cost, int[] exposedAfter) {

  public ConstraintCost {
    constraint = constraint.clone();
    exposedAfter = exposedAfter.clone();
  }

  @Override
  public int[] constraint() {
    return constraint.clone();
  }

  @Override
  public int[] exposedAfter() {
    return exposedAfter.clone();
  }
}
