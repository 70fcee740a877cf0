package org.pufferflow.jobs.config;

import java.io.Serializable;
import org.pufferflow.operators.spec.DphmmSpec;
import org.pufferflow.operators.spec.LedgerSpec;
import org.pufferflow.operators.spec.MqmSpec;
import org.pufferflow.operators.spec.NoiseKeySource;
import org.pufferflow.operators.spec.RedactionSpec;

/**
 * One job's validated configuration (docs/configuration.md). Built only by {@link ConfigLoader}, which guarantees
 * every cross-section invariant (discretizer and model agree on N, MQM's chains are ergodic, redaction has N = 2 and
 * the model's chain, a noise key source exists whenever a mechanism is enabled) and has built every enabled
 * mechanism once from its spec, so the specs here build without error in a Flink function's {@code open()}.
 *
 * @param kafka broker and topic names; {@code null} only when both input and output are files
 * @param time tick length, epoch and allowed lateness
 * @param model state labels, transition matrix, initial distribution and query matrix
 * @param discretizer how an observation becomes a state index
 * @param dphmm per-tick DPHMM release; {@code null} = disabled
 * @param dphmmBudget the DPHMM per-subject budget; {@code null} exactly when {@code dphmm} is
 * @param mqm windowed MQM histograms; {@code null} = disabled
 * @param mqmBudget the MQM per-subject budget; {@code null} exactly when {@code mqm} is
 * @param mqmFleet whether the fleet histogram (the sum of the subjects' noisy window histograms) is published
 * @param redaction correlation-aware redaction; {@code null} = disabled
 * @param noise where the secret noise key comes from; {@code null} only when no mechanism is enabled
 * @param input where observations (and opt-outs) come from: the Kafka input topic or a file
 * @param output where the outputs go: Kafka topics or one file per output in a directory
 * @param execution parallelism, checkpointing, state backend and restarts as far as the file sets them
 */
public record JobConfig(
    KafkaConfig kafka,
    TimeConfig time,
    ModelConfig model,
    DiscretizerConfig discretizer,
    DphmmSpec dphmm,
    LedgerSpec dphmmBudget,
    MqmSpec mqm,
    LedgerSpec mqmBudget,
    boolean mqmFleet,
    RedactionSpec redaction,
    NoiseKeySource noise,
    InputConfig input,
    OutputConfig output,
    ExecutionConfig execution)
    implements Serializable {

  /** True when at least one privacy mechanism (DPHMM, MQM, redaction) is enabled. */
  public boolean anyMechanism() {
    return dphmm != null || mqm != null || redaction != null;
  }

  /** True when the job reads or writes Kafka (and so needs a broker). */
  public boolean usesKafka() {
    return input.kafka() || output.kafka();
  }
}
