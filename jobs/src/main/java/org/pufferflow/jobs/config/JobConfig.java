package org.pufferflow.jobs.config;

import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;
import java.util.List;
import org.pufferflow.jobs.mechanism.Configured;
import org.pufferflow.jobs.mechanism.Mechanisms;
import org.pufferflow.operators.NoiseKeySource;

/**
 * One job's validated configuration (docs/configuration.md). Built only by {@link ConfigLoader}, which guarantees
 * every cross-section invariant (discretizer and model agree on N, a noise key source exists whenever a mechanism is
 * enabled) and has built every enabled mechanism's description once — the math layer's own serializable
 * descriptions, validated by their builders — so the job ships them to its functions, which build their runtime objects
 * from them in {@code open()} without error and without recomputing the calibration.
 *
 * @param kafka broker and topic names; {@code null} only when both input and output are files
 * @param time tick length, epoch and allowed lateness
 * @param model state labels, transition matrix, initial distribution and query matrix
 * @param discretizer how an observation becomes a state index
 * @param mechanisms the enabled mechanisms, in registration order ({@link Mechanisms}): each unit with the one
 *     description its section built
 * @param noise where the secret noise key comes from; {@code null} only when no mechanism is enabled
 * @param input where observations (and opt-outs) come from: the Kafka input topic or a file
 * @param output where the outputs go: Kafka topics or one file per output in a directory
 * @param ledgerDir file output: {@code ledger.dir}, the absolute directory of the deployment's durable privacy ledger
 *     that every run shares (docs/privacy-noise.md, 'The durable ledger'); {@code null} without one (Kafka output
 *     keeps it in {@code kafka.ledgerStoreTopic}; a file-mode job without a mechanism needs none)
 * @param execution parallelism, checkpointing, state backend and restarts as far as the file sets them
 * @param ingest the tick clock, validator (with the discretizer) and lateness rule, built once from time, model and
 *     discretizer; the pipeline uses these objects as they are
 */
@PublicEvolving
public record JobConfig(
    KafkaConfig kafka,
    TimeConfig time,
    ModelConfig model,
    DiscretizerConfig discretizer,
    List<Configured<?>> mechanisms,
    NoiseKeySource noise,
    InputConfig input,
    OutputConfig output,
    String ledgerDir,
    ExecutionConfig execution,
    IngestObjects ingest)
    implements Serializable {

  public JobConfig {
    mechanisms = List.copyOf(mechanisms);
  }

  /** True when at least one privacy mechanism is enabled. */
  public boolean anyMechanism() {
    return !mechanisms.isEmpty();
  }

  /** The description of the enabled mechanism whose description is a {@code type}, or null. */
  public <D> D description(Class<D> type) {
    for (Configured<?> m : mechanisms) {
      if (type.isInstance(m.description())) {
        return type.cast(m.description());
      }
    }
    return null;
  }

  /** True when an enabled mechanism reads the opt-out stream. */
  public boolean readsOptOuts() {
    return mechanisms.stream().anyMatch(m -> m.unit().readsOptOuts());
  }

  /** This configuration with another {@code kafka} section (the same validated mechanisms). */
  public JobConfig withKafka(KafkaConfig k) {
    return new JobConfig(k, time, model, discretizer, mechanisms, noise, input, output, ledgerDir, execution, ingest);
  }

  /** True when the job reads or writes Kafka (and so needs a broker). */
  public boolean usesKafka() {
    return input.kafka() || output.kafka();
  }
}
