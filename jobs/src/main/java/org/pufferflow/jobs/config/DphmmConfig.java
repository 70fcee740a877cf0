package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * Per-tick DPHMM release (config section {@code dphmm}, dphmm.md).
 *
 * @param epsilon ε per release, > 0
 * @param policyGraph which pairs of states are secrets
 * @param constraint how the constraint set C_t is derived from the prior (default support)
 * @param repair protectable-graph repair (default strict)
 * @param fullSpan repair to full span after the mode (default true)
 * @param mechanism K-norm or Laplace (default knorm)
 * @param budget per-subject ε budget
 */
public record DphmmConfig(
    double epsilon,
    PolicyGraphConfig policyGraph,
    ConstraintConfig constraint,
    Repair repair,
    boolean fullSpan,
    Mechanism mechanism,
    BudgetConfig budget)
    implements Serializable {

  /** Protectable-graph repair modes (dphmm.md §3). */
  public enum Repair implements ConfigName {
    STRICT("strict"),
    GREEDY("greedy"),
    MIN_VOLUME("min-volume");

    private final String configName;

    Repair(String configName) {
      this.configName = configName;
    }

    /** The spelling in the YAML configuration. */
    public String configName() {
      return configName;
    }
  }

  /** Release mechanisms (dphmm.md §2 step 8). */
  public enum Mechanism implements ConfigName {
    KNORM("knorm"),
    LAPLACE("laplace");

    private final String configName;

    Mechanism(String configName) {
      this.configName = configName;
    }

    /** The spelling in the YAML configuration. */
    public String configName() {
      return configName;
    }
  }
}
