package org.pufferflow.jobs.pipeline;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.operators.DphmmReleaseFunction;
import org.pufferflow.operators.DurableCoProcessOperator;
import org.pufferflow.operators.DurableProcessOperator;
import org.pufferflow.operators.LedgerStore;
import org.pufferflow.operators.FleetHistogramFunction;
import org.pufferflow.operators.MechanismOutputs;
import org.pufferflow.operators.MqmWindowFunction;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.OptOutPreload;
import org.pufferflow.operators.PreloadedRedactionFunction;
import org.pufferflow.operators.RedactionFunction;
import org.pufferflow.operators.StateObservation;

/**
 * The mechanism half of the job (docs/operators.md, 'Running the operators'): attaches the keyed functions a
 * configuration enables (DPHMM releases, MQM window histograms, redaction) to the keyed stream of
 * {@link StateObservation} that ingestion produces, and gathers what they emit.
 * <pre>
 *   keyed observations ─┬→ DphmmReleaseFunction  (uid "dphmm-release") → DphmmRelease
 *                       ├→ MqmWindowFunction     (uid "mqm-window")    → WindowHistogram
 *   opt-outs ─ keyBy ───┴→ RedactionFunction     (uid "redaction")     → RedactedRecord
 *     (no opt-out stream: PreloadedRedactionFunction, one input, same uid)
 *   every function ─(side outputs)→ LedgerEvent ∪ RejectedObservation
 * </pre>
 * Every stateful operator has a stable uid (with the optional prefix of {@link JobAssembly.Builder#id}), so a job can be
 * restored from a savepoint after a change of its graph; every output has explicit Avro type information, and the
 * environment refuses generic types ({@link JobTypes}), so nothing falls back to Kryo.
 *
 * @param dphmm the DPHMM releases, or {@code null} when DPHMM is disabled
 * @param mqm the MQM window histograms, or {@code null} when MQM is disabled
 * @param redaction the redacted records, or {@code null} when redaction is disabled
 * @param ledgerEvents the ledger events of every enabled mechanism (one per budget exhaustion); {@code null} when no
 *     mechanism is enabled
 * @param rejected what the functions refuse (e.g. an opt-out for a tick already released), for the dead-letter
 *     topic; {@code null} when no mechanism is enabled
 * @param fleet the fleet histograms (sums of the subjects' released window histograms per window); {@code null}
 *     unless MQM is enabled with {@code mqm.fleet: true}
 * @param ledgerEntries the durable ledger entries of every enabled mechanism, for the deployment's
 *     {@link LedgerStore}; {@code null} without a mechanism or with {@link LedgerStore#NONE}
 */
@PublicEvolving
public record MechanismStreams(
    DataStream<DphmmRelease> dphmm,
    DataStream<WindowHistogram> mqm,
    DataStream<RedactedRecord> redaction,
    DataStream<LedgerEvent> ledgerEvents,
    DataStream<RejectedObservation> rejected,
    DataStream<FleetHistogram> fleet,
    DataStream<LedgerEntry> ledgerEntries) {

  /** Operator uids (before the optional prefix): stable, savepoints refer to them. */
  public static final String DPHMM_UID = "dphmm-release";
  public static final String MQM_UID = "mqm-window";
  public static final String REDACTION_UID = "redaction";
  public static final String FLEET_UID = "mqm-fleet";

  static final TypeInformation<DphmmRelease> DPHMM_TYPE = TypeInformation.of(DphmmRelease.class);
  static final TypeInformation<WindowHistogram> MQM_TYPE = TypeInformation.of(WindowHistogram.class);
  static final TypeInformation<RedactedRecord> REDACTION_TYPE = TypeInformation.of(RedactedRecord.class);
  static final TypeInformation<FleetHistogram> FLEET_TYPE = TypeInformation.of(FleetHistogram.class);

  /**
   * Attaches every mechanism {@code config} enables.
   *
   * @param observations the keyed observations of {@link IngestStreams#keyedObservations()}
   * @param optOuts the opt-out control stream for redaction, or {@code null} for none (then redaction runs on the
   *     observations alone, {@link #redaction})
   * @param idPrefix prefix of operator uids and names ({@code ""} for none), as {@link JobAssembly.Builder#id}
   */
  public static MechanismStreams attach(JobConfig config, KeyedStream<StateObservation, String> observations,
      DataStream<OptOut> optOuts, String idPrefix) {
    return attach(config, observations, optOuts, OptOutPreload.NONE, LedgerStore.NONE, idPrefix);
  }

  /**
   * {@link #attach(JobConfig, KeyedStream, DataStream, String)}, with opt-outs known before the job starts (file
   * mode): the redaction function applies them to a subject before deciding any of its records, and the
   * deployment's durable ledger {@code store}, which DPHMM and MQM read when they open and write through
   * {@link #ledgerEntries}.
   */
  public static MechanismStreams attach(JobConfig config, KeyedStream<StateObservation, String> observations,
      DataStream<OptOut> optOuts, OptOutPreload preload, LedgerStore store, String idPrefix) {
    PufferPreconditions.checkNotNull("config", config);
    PufferPreconditions.checkNotNull("observations", observations);
    String id = prefix(idPrefix);
    JobTypes.disableGenericTypes(observations.getExecutionEnvironment());
    Gathered g = new Gathered(store);
    DataStream<DphmmRelease> dphmm = null;
    DataStream<WindowHistogram> mqm = null;
    DataStream<RedactedRecord> redaction = null;
    if (config.dphmm() != null) {
      dphmm = g.addDurable(dphmm(observations, config.dphmm(), config.noise(), store, id));
    }
    if (config.mqm() != null) {
      mqm = g.addDurable(mqm(observations, config.mqm(), config.noise(), config.model().states(),
          config.ingest().clock(), store, id));
    }
    if (config.redaction() != null) {
      redaction = g.addDurable(redaction(observations, optOuts, preload, config.redaction(), config.noise(),
          config.ingest().clock(), config.model().states(), store, id));
    }
    DataStream<FleetHistogram> fleet = null;
    if (mqm != null && config.mqmFleet()) {
      fleet = fleet(mqm, config.mqm(), config.model().states(), config.ingest().clock(), id);
    }
    return new MechanismStreams(dphmm, mqm, redaction, g.ledgerEvents, g.rejected, fleet, g.ledgerEntries);
  }

  /** The DPHMM release operator alone (uid {@value #DPHMM_UID} after {@code idPrefix}), charged to spec's budget. */
  public static SingleOutputStreamOperator<DphmmRelease> dphmm(KeyedStream<StateObservation, String> observations,
      DphmmConfig spec, NoiseKeySource key, LedgerStore store, String idPrefix) {
    String id = prefix(idPrefix);
    return observations.transform(id + "DPHMM release", DPHMM_TYPE,
        new DurableProcessOperator<>(new DphmmReleaseFunction(spec, key, store))).uid(id + DPHMM_UID);
  }

  /**
   * The MQM window operator alone (uid {@value #MQM_UID} after {@code idPrefix}), charged to spec's budget.
   *
   * @param clock the job's tick clock: the window start and end timestamps beside the ticks
   */
  public static SingleOutputStreamOperator<WindowHistogram> mqm(KeyedStream<StateObservation, String> observations,
      MqmWindowPlan spec, NoiseKeySource key, List<String> stateLabels, TickClock clock, LedgerStore store,
      String idPrefix) {
    String id = prefix(idPrefix);
    return observations.transform(id + "MQM windows", MQM_TYPE, new DurableProcessOperator<>(
        new MqmWindowFunction(spec, key, List.copyOf(stateLabels), clock, store))).uid(id + MQM_UID);
  }

  /**
   * The redaction operator alone (uid {@value #REDACTION_UID} after {@code idPrefix}). The model has two states (the
   * configuration checks it), mapped to themselves: state 1 is the value the redaction protects. With a live opt-out
   * stream, the observations are connected with the opt-outs keyed by subject ({@link RedactionFunction}); without
   * one (opt-outs preloaded, or none) the observations alone go through {@link PreloadedRedactionFunction}, one input,
   * which Flink chains to the operator before it. Both keep the same keyed state and timers under the same uid, so a
   * savepoint of either restores into the other.
   *
   * @param optOuts the live opt-out stream (event-time timestamps from their source), or {@code null} for none:
   *     then a subject's records are also decided on its own later ticks
   * @param preload opt-outs known before the job starts (file mode), applied to a subject before any decision
   * @param clock the job's tick clock: held records are decided when the watermark passes their hold-back
   * @param stateLabels the labels of the two model states, carried beside each released value
   */
  public static SingleOutputStreamOperator<RedactedRecord> redaction(KeyedStream<StateObservation, String> observations,
      DataStream<OptOut> optOuts, OptOutPreload preload, RedactionPlan spec, NoiseKeySource key, TickClock clock,
      List<String> stateLabels, LedgerStore store, String idPrefix) {
    String id = prefix(idPrefix);
    List<String> labels = List.copyOf(stateLabels);
    SingleOutputStreamOperator<RedactedRecord> redacted;
    if (optOuts == null) {
      redacted = observations.transform(id + "redaction", REDACTION_TYPE, new DurableProcessOperator<>(
          new PreloadedRedactionFunction(spec, key, clock, preload, labels, store)));
    } else {
      KeyedStream<OptOut, String> keyedOptOuts = optOuts.keyBy(OptOut::getSubjectId, Types.STRING);
      redacted = observations.connect(keyedOptOuts).transform(id + "redaction", REDACTION_TYPE,
          new DurableCoProcessOperator<>(
              new RedactionFunction(spec, key, clock, preload, true, labels, store)));
    }
    return redacted.name(id + "redaction").uid(id + REDACTION_UID);
  }

  /**
   * The fleet histogram (post-processing of released MQM histograms, no privacy cost; docs/operators.md, 'Fleet
   * histogram'), keyed by window (uid {@value #FLEET_UID} after {@code idPrefix}). Needs watermarks: a window is
   * emitted when the watermark passes the end of its last tick ({@code clock}). {@link #attach} attaches it when
   * {@code mqm.fleet} is true.
   */
  public static SingleOutputStreamOperator<FleetHistogram> fleet(DataStream<WindowHistogram> histograms,
      MqmWindowPlan spec, List<String> stateLabels, TickClock clock, String idPrefix) {
    String id = prefix(idPrefix);
    return histograms.keyBy(FleetHistogramFunction.windowKey(), FleetHistogramFunction.KEY_TYPE)
        .process(new FleetHistogramFunction(spec, List.copyOf(stateLabels), clock), FLEET_TYPE)
        .name(id + "fleet histogram").uid(id + FLEET_UID);
  }

  private static String prefix(String idPrefix) {
    PufferPreconditions.checkNotNull("idPrefix", idPrefix);
    return idPrefix.isEmpty() || idPrefix.endsWith("/") ? idPrefix : idPrefix + "/";
  }

  /** Unions the side outputs of the attached functions. */
  private static final class Gathered {
    final LedgerStore store;
    DataStream<LedgerEvent> ledgerEvents;
    DataStream<RejectedObservation> rejected;
    DataStream<LedgerEntry> ledgerEntries;

    Gathered(LedgerStore store) {
      this.store = PufferPreconditions.checkNotNull("store", store);
    }

    <T> SingleOutputStreamOperator<T> add(SingleOutputStreamOperator<T> op) {
      DataStream<LedgerEvent> events = op.getSideOutput(MechanismOutputs.LEDGER_EVENTS);
      DataStream<RejectedObservation> refused = op.getSideOutput(MechanismOutputs.REJECTED);
      ledgerEvents = ledgerEvents == null ? events : ledgerEvents.union(events);
      rejected = rejected == null ? refused : rejected.union(refused);
      return op;
    }

    /** {@link #add}, for a function that keeps durable ledger entries (every mechanism): those too. */
    <T> SingleOutputStreamOperator<T> addDurable(SingleOutputStreamOperator<T> op) {
      if (store.durable()) {
        DataStream<LedgerEntry> entries = op.getSideOutput(MechanismOutputs.LEDGER_ENTRIES);
        ledgerEntries = ledgerEntries == null ? entries : ledgerEntries.union(entries);
      }
      return add(op);
    }
  }
}
