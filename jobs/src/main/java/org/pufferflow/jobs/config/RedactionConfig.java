package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * Correlation-aware redaction of a binary chain (config section {@code redaction}, redaction.md). Needs N = 2.
 *
 * @param alpha P01 of the chain, in (0, 1)
 * @param beta P10 of the chain, in (0, 1)
 * @param epsilon > 0
 * @param mechanism default 3r-optimal
 * @param split default auto
 * @param holdBackTicks ≥ 0, how long records are held so that a later opt-out can still redact them
 */
public record RedactionConfig(
    double alpha, double beta, double epsilon, Mechanism mechanism, Split split, int holdBackTicks)
    implements Serializable {

  /** Redaction mechanisms (redaction.md). */
  public enum Mechanism implements ConfigName {
    THREE_R_RELAXED("3r-relaxed"),
    THREE_R_OPTIMAL("3r-optimal"),
    THREE_R_NUMERICAL("3r-numerical"),
    MQ("mq"),
    MQ_TIGHT("mq-tight");

    private final String configName;

    Mechanism(String configName) {
      this.configName = configName;
    }

    /** The spelling in the YAML configuration. */
    public String configName() {
      return configName;
    }
  }

  /** How ε is split between the two sides of the private record. */
  public enum Split implements ConfigName {
    AUTO("auto"),
    HALF("half"),
    RIGHT("right");

    private final String configName;

    Split(String configName) {
      this.configName = configName;
    }

    /** The spelling in the YAML configuration. */
    public String configName() {
      return configName;
    }
  }
}
