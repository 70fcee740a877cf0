package org.pufferflow.mechanism.mqm;

/** What a window release publishes (docs/mqm.md, 'Releasing one window'); spelled as in {@code mqm.output}. */
public enum MqmOutput {
  /** Noisy counts: true count plus zero-mean noise, not clamped (clamping is the consumer's post-processing). */
  COUNTS("counts"),
  /** Noisy counts divided by the window length (post-processing). */
  FREQUENCIES("frequencies");

  private final String configName;

  MqmOutput(String configName) {
    this.configName = configName;
  }

  /** The spelling in the configuration. */
  public String configName() {
    return configName;
  }
}
