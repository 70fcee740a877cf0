package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * Windowed MQM histograms (config section {@code mqm}, mqm.md §2.5).
 *
 * @param window W ≥ 1, the window length in observed ticks
 * @param slide S, 1 ≤ S ≤ W (default W)
 * @param epsilon target per-time-point ε*, > 0
 * @param theta the class Θ of chains the adversary may believe
 * @param mode how the influence is computed (default exact-any-initial for known chains, approx-general for bounds)
 * @param output counts or frequencies (default counts)
 * @param budget per-subject ε budget
 */
public record MqmConfig(
    int window,
    int slide,
    double epsilon,
    ThetaConfig theta,
    Mode mode,
    Output output,
    BudgetConfig budget)
    implements Serializable {

  /** MQM modes (mqm.md §2.2, §2.3). */
  public enum Mode implements ConfigName {
    EXACT("exact", true),
    EXACT_ANY_INITIAL("exact-any-initial", true),
    APPROX_REVERSIBLE("approx-reversible", false),
    APPROX_GENERAL("approx-general", false);

    private final String configName;
    private final boolean exact;

    Mode(String configName, boolean exact) {
      this.configName = configName;
      this.exact = exact;
    }

    /** The spelling in the YAML configuration. */
    public String configName() {
      return configName;
    }

    /** True for the exact modes, which need known chains rather than bounds. */
    public boolean exact() {
      return exact;
    }
  }

  /** What a release publishes: noisy counts, or counts divided by W. */
  public enum Output implements ConfigName {
    COUNTS("counts"),
    FREQUENCIES("frequencies");

    private final String configName;

    Output(String configName) {
      this.configName = configName;
    }

    /** The spelling in the YAML configuration. */
    public String configName() {
      return configName;
    }
  }
}
