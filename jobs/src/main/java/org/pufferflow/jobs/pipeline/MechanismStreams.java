package org.pufferflow.jobs.pipeline;

import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.Attachment;
import org.pufferflow.jobs.mechanism.Configured;
import org.pufferflow.operators.LedgerStore;
import org.pufferflow.operators.OptOutPreload;
import org.pufferflow.operators.StateObservation;

/**
 * The mechanism half of the job (docs/operators.md, 'Running the operators'): every mechanism the configuration
 * enables ({@link JobConfig#mechanisms()}) attaches its keyed functions to the keyed stream of
 * {@link StateObservation} that ingestion produces ({@code MechanismUnit#attach}); this gathers what they publish.
 * Every stateful operator has a stable uid (with the optional prefix of {@link JobAssembly.Builder#id}); every output
 * has explicit Avro type information, and the environment refuses generic types ({@link JobTypes}).
 *
 * @param outputs the published outputs of the enabled mechanisms, by output, in registration order
 * @param ledgerEvents the ledger events of every enabled mechanism (one per budget exhaustion); {@code null} when no
 *     mechanism is enabled
 * @param rejected what the functions refuse (e.g. an opt-out for a tick already released), for the dead-letter
 *     topic; {@code null} when no mechanism is enabled
 * @param ledgerEntries the durable ledger entries of every enabled mechanism, for the deployment's
 *     {@link LedgerStore}; {@code null} without a mechanism or with {@link LedgerStore#NONE}
 */
@PublicEvolving
public record MechanismStreams(
    Map<OutputKind, DataStream<?>> outputs,
    DataStream<LedgerEvent> ledgerEvents,
    DataStream<RejectedObservation> rejected,
    DataStream<LedgerEntry> ledgerEntries) {

  public MechanismStreams {
    outputs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(outputs)); // publishing order
  }

  /** The stream of {@code kind}, or null when no enabled mechanism publishes it. */
  @SuppressWarnings("unchecked")
  public <T> DataStream<T> output(OutputKind kind) {
    return (DataStream<T>) outputs.get(kind);
  }

  /**
   * Attaches every mechanism {@code config} enables, without a durable ledger and with no preloaded opt-outs.
   *
   * @param observations the keyed observations of {@link IngestStreams#keyedObservations()}
   * @param optOuts the opt-out control stream, or {@code null} for none
   * @param idPrefix prefix of operator uids and names ({@code ""} for none), as {@link JobAssembly.Builder#id}
   */
  public static MechanismStreams attach(JobConfig config, KeyedStream<StateObservation, String> observations,
      DataStream<OptOut> optOuts, String idPrefix) {
    return attach(config, observations, optOuts, OptOutPreload.NONE, LedgerStore.NONE, idPrefix);
  }

  /**
   * {@link #attach(JobConfig, KeyedStream, DataStream, String)}, with opt-outs known before the job starts (file
   * mode), applied before any decision, and the deployment's durable ledger {@code store}, which the functions read
   * when they open and write through {@link #ledgerEntries}.
   */
  public static MechanismStreams attach(JobConfig config, KeyedStream<StateObservation, String> observations,
      DataStream<OptOut> optOuts, OptOutPreload preload, LedgerStore store, String idPrefix) {
    PufferPreconditions.checkNotNull("config", config);
    PufferPreconditions.checkNotNull("observations", observations);
    JobTypes.disableGenericTypes(observations.getExecutionEnvironment());
    Attachment at = new Attachment(observations, optOuts, preload, config.noise(), store,
        config.ingest().clock(), config.model().states(), prefix(idPrefix));
    for (Configured<?> m : config.mechanisms()) {
      m.attach(at);
    }
    return new MechanismStreams(at.outputs(), at.ledgerEvents(), at.rejected(), at.ledgerEntries());
  }

  private static String prefix(String idPrefix) {
    PufferPreconditions.checkNotNull("idPrefix", idPrefix);
    return idPrefix.isEmpty() || idPrefix.endsWith("/") ? idPrefix : idPrefix + "/";
  }
}
