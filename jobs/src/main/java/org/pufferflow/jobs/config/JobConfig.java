package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.operators.NoiseKeySource;

/**
 * One job's validated configuration (docs/configuration.md). Built only by {@link ConfigLoader}, which guarantees
 * every cross-section invariant (discretizer and model agree on N, MQM's chains are ergodic, redaction has N = 2 and
 * the model's chain, a noise key source exists whenever a mechanism is enabled) and has built every enabled
 * mechanism's description once — the math layer's own serializable descriptions, validated by their builders, the
 * MQM plan calibrated — so the job ships them to its functions, which build their runtime objects from them in
 * {@code open()} without error and without recomputing the calibration.
 *
 * @param kafka broker and topic names; {@code null} only when both input and output are files
 * @param time tick length, epoch and allowed lateness
 * @param model state labels, transition matrix, initial distribution and query matrix
 * @param discretizer how an observation becomes a state index
 * @param dphmm per-tick DPHMM release, with its per-subject budget; {@code null} = disabled
 * @param dphmmBudget {@code dphmm.budget()} (the description carries it; kept here until JobConfig is redesigned);
 *     {@code null} exactly when {@code dphmm} is
 * @param mqm windowed MQM histograms (the calibrated plan, with its output, fleet flag and budget); {@code null} =
 *     disabled
 * @param mqmBudget {@code mqm.budget()}; {@code null} exactly when {@code mqm} is
 * @param mqmFleet {@code mqm.fleet()}: whether the fleet histogram (the sum of the subjects' noisy window
 *     histograms) is published
 * @param redaction correlation-aware redaction; {@code null} = disabled
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
    DphmmConfig dphmm,
    LedgerPolicy dphmmBudget,
    MqmWindowPlan mqm,
    LedgerPolicy mqmBudget,
    boolean mqmFleet,
    RedactionPlan redaction,
    NoiseKeySource noise,
    InputConfig input,
    OutputConfig output,
    String ledgerDir,
    ExecutionConfig execution,
    IngestObjects ingest)
    implements Serializable {

  /** The budgets and the fleet flag are the descriptions' own: a JobConfig cannot carry others. */
  public JobConfig {
    if (!Objects.equals(dphmmBudget, dphmm == null ? null : dphmm.budget())
        || !Objects.equals(mqmBudget, mqm == null ? null : mqm.budget()) || mqmFleet != (mqm != null && mqm.fleet())) {
      throw new IllegalArgumentException("JobConfig: dphmmBudget, mqmBudget and mqmFleet must be the descriptions'");
    }
  }

  /** True when at least one privacy mechanism (DPHMM, MQM, redaction) is enabled. */
  public boolean anyMechanism() {
    return dphmm != null || mqm != null || redaction != null;
  }

  /** This configuration with another {@code kafka} section (the same validated mechanisms). */
  public JobConfig withKafka(KafkaConfig k) {
    return new JobConfig(k, time, model, discretizer, dphmm, dphmmBudget, mqm, mqmBudget, mqmFleet, redaction, noise,
        input, output, ledgerDir, execution, ingest);
  }

  /** True when the job reads or writes Kafka (and so needs a broker). */
  public boolean usesKafka() {
    return input.kafka() || output.kafka();
  }
}
