package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * One job's validated configuration (design.md §5, config-contract.md). Built only by {@link ConfigLoader}, which
 * guarantees every cross-section invariant (discretizer and model agree on N, MQM's chain is ergodic, redaction has
 * N = 2, a noise key source exists whenever a mechanism is enabled).
 *
 * @param kafka broker and topic names
 * @param time tick length, epoch and allowed lateness
 * @param model state labels, transition matrix, initial distribution and query matrix
 * @param discretizer how an observation becomes a state index
 * @param dphmm per-tick DPHMM release; {@code null} = disabled
 * @param mqm windowed MQM histograms; {@code null} = disabled
 * @param redaction correlation-aware redaction; {@code null} = disabled
 * @param noise where the secret noise key comes from; {@code null} only when no mechanism is enabled
 */
public record JobConfig(
    KafkaConfig kafka,
    TimeConfig time,
    ModelConfig model,
    DiscretizerConfig discretizer,
    DphmmConfig dphmm,
    MqmConfig mqm,
    RedactionConfig redaction,
    NoiseConfig noise)
    implements Serializable {

  /** True when at least one privacy mechanism (DPHMM, MQM, redaction) is enabled. */
  public boolean anyMechanism() {
    return dphmm != null || mqm != null || redaction != null;
  }
}
