package org.pufferflow.jobs.mechanism;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.operators.LedgerStore;
import org.pufferflow.operators.MechanismOutputs;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.OptOutPreload;
import org.pufferflow.operators.StateObservation;

/**
 * What a {@link MechanismUnit} attaches to, and where it publishes (docs/operators.md, 'Running the operators'): the
 * keyed observations, the opt-outs, the noise key, the durable ledger store, the tick clock and the state labels
 * of one pipeline; {@link #publish} takes an operator's main output as one of the unit's outputs and gathers its side
 * outputs (ledger events, rejections, durable ledger entries) with every other mechanism's.
 *
 * <p>Operator uids come from {@link #uid}: the pipeline's prefix and the mechanism's stable name, so a job restores
 * from a savepoint after a change of its graph. Built once per pipeline by the job's assembly; not thread-safe.
 */
@PublicEvolving
public final class Attachment {

  private final KeyedStream<StateObservation, String> observations;
  private final DataStream<OptOut> optOuts;
  private final OptOutPreload preload;
  private final NoiseKeySource key;
  private final LedgerStore store;
  private final TickClock clock;
  private final List<String> stateLabels;
  private final String prefix;
  private final Map<OutputKind, DataStream<?>> outputs = new LinkedHashMap<>();
  private DataStream<LedgerEvent> ledgerEvents;
  private DataStream<RejectedObservation> rejected;
  private DataStream<LedgerEntry> ledgerEntries;

  /**
   * @param observations the accepted observations, keyed by subject
   * @param optOuts the live opt-out stream, or null (none, or preloaded)
   * @param preload opt-outs known before the job starts (file mode)
   * @param key the noise key source
   * @param store the deployment's durable ledger ({@link LedgerStore#NONE} for tests and benchmarks)
   * @param clock the job's tick clock
   * @param stateLabels the model's state labels
   * @param prefix prefix of operator uids and names, {@code ""} or ending in {@code /}
   */
  public Attachment(KeyedStream<StateObservation, String> observations, DataStream<OptOut> optOuts,
      OptOutPreload preload, NoiseKeySource key, LedgerStore store, TickClock clock, List<String> stateLabels,
      String prefix) {
    this.observations = PufferPreconditions.checkNotNull("observations", observations);
    this.optOuts = optOuts;
    this.preload = PufferPreconditions.checkNotNull("preload", preload);
    this.key = key;
    this.store = PufferPreconditions.checkNotNull("store", store);
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
    this.stateLabels = List.copyOf(stateLabels);
    PufferPreconditions.checkArgument(prefix.isEmpty() || prefix.endsWith("/"), "prefix = %s: empty or ending in /",
        prefix);
    this.prefix = prefix;
  }

  public KeyedStream<StateObservation, String> observations() {
    return observations;
  }

  /** The live opt-out stream, or null: then the opt-outs, if any, are {@link #preload()}. */
  public DataStream<OptOut> optOuts() {
    return optOuts;
  }

  public OptOutPreload preload() {
    return preload;
  }

  public NoiseKeySource key() {
    return key;
  }

  public LedgerStore store() {
    return store;
  }

  public TickClock clock() {
    return clock;
  }

  public List<String> stateLabels() {
    return stateLabels;
  }

  /** The operator uid of {@code name} in this pipeline, e.g. {@code dphmm-release} after the prefix. */
  public String uid(String name) {
    return prefix + name;
  }

  /** The operator name of {@code name} in this pipeline. */
  public String name(String name) {
    return prefix + name;
  }

  /**
   * Publishes {@code op}'s main output as {@code kind} and gathers its side outputs
   * ({@link MechanismOutputs#LEDGER_EVENTS}, {@link MechanismOutputs#REJECTED} and, with a durable store,
   * {@link MechanismOutputs#LEDGER_ENTRIES}).
   */
  public <T> SingleOutputStreamOperator<T> publish(OutputKind kind, SingleOutputStreamOperator<T> op) {
    published(kind, op);
    DataStream<LedgerEvent> events = op.getSideOutput(MechanismOutputs.LEDGER_EVENTS);
    DataStream<RejectedObservation> refused = op.getSideOutput(MechanismOutputs.REJECTED);
    ledgerEvents = ledgerEvents == null ? events : ledgerEvents.union(events);
    rejected = rejected == null ? refused : rejected.union(refused);
    if (store.durable()) {
      DataStream<LedgerEntry> entries = op.getSideOutput(MechanismOutputs.LEDGER_ENTRIES);
      ledgerEntries = ledgerEntries == null ? entries : ledgerEntries.union(entries);
    }
    return op;
  }

  /** Publishes {@code stream} as {@code kind}: a post-processing output with no side outputs (a fleet sum). */
  public <T> DataStream<T> publishDerived(OutputKind kind, DataStream<T> stream) {
    published(kind, stream);
    return stream;
  }

  private void published(OutputKind kind, DataStream<?> stream) {
    PufferPreconditions.checkNotNull("kind", kind);
    PufferPreconditions.checkArgument(!outputs.containsKey(kind), "%s: published twice", kind);
    outputs.put(kind, stream);
  }

  /** The type information of {@code kind}'s records (explicit, so nothing falls back to Kryo). */
  @SuppressWarnings("unchecked")
  public static <T> TypeInformation<T> typeOf(OutputKind kind) {
    return (TypeInformation<T>) TypeInformation.of(kind.recordClass());
  }

  /** What the units published, by output, in publishing order. */
  public Map<OutputKind, DataStream<?>> outputs() {
    return outputs;
  }

  public DataStream<LedgerEvent> ledgerEvents() {
    return ledgerEvents;
  }

  public DataStream<RejectedObservation> rejected() {
    return rejected;
  }

  public DataStream<LedgerEntry> ledgerEntries() {
    return ledgerEntries;
  }
}
