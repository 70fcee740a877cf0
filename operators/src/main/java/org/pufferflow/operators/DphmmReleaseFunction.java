package org.pufferflow.operators;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmParameters;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.state.CompactPosterior;

/**
 * Keyed by subject: one DPHMM release ({@link DphmmRelease}) per observed tick (docs/operators.md, 'DPHMM release
 * function'; docs/dphmm.md, 'What a release does'). A thin Flink shell over {@link DphmmReleaser}: the math, the
 * gap propagation (docs/dphmm.md, 'Gaps') and the hull cache (docs/dphmm.md, 'Making it fast') are the releaser's;
 * this class keeps the per-subject state and emits; the noise key, the budget, the metrics and the rejections are
 * {@link KeyedMechanism}'s, which also states the contract-breach policy.
 *
 * <p><b>Keyed state</b> (descriptors named stably, explicit serializers, no Kryo): {@code dphmm-subject} — one
 * {@link DphmmSubjectState}: the subject's {@link LedgerState}, the tick of the last release, the number of releases
 * made (the next release's releaseSeq) and the adversary's posterior p⁺ after the last release
 * ({@link CompactPosterior}, dense or sparse). A record therefore reads one keyed value and writes one (on RocksDB
 * every keyed value costs a lookup per record, which dominates its cost). {@link DphmmSubjectStateSerializer} reads
 * only its current format: a savepoint with another one is refused at start. Operator state
 * {@code dphmm-ledger-policy} records the job's ledger policy, so that a restore under a policy without a safe
 * migration fails at start, naming the changed key, instead of at some subject's next record; operator state
 * {@code dphmm-model-states} records N, so that a restore under a model of another size fails at start too.
 *
 * <p><b>Per record</b>: gap = FIRST_RELEASE for the subject's first release, else tick − (tick of the last
 * release); the noise comes from {@link KeyedRandom} positioned at ({@code "dphmm"}, subject, tick)
 * ({@link NoiseContext}: the tick identifies the release for the life of the key); the release is computed into
 * scratch arrays, then its DPHMM cost (ε, or 0 for an exact release with |C| = 1: Theorem 5.2 of the DPHMM paper) is
 * charged through {@link KeyedMechanism#charge}. Only a charged release is emitted and committed to state. A refused
 * release changes nothing but the ledger: the adversary saw nothing at that tick, so its posterior stays p⁺ of the
 * last release, and the next release propagates it over the whole gap since that release (M^g with g counted from
 * the last release's tick). The refusal that exhausts the budget emits exactly one {@code LedgerEvent} to
 * {@link MechanismOutputs#LEDGER_EVENTS}; once the total budget is exhausted, the subject's records are dropped
 * without any computation.
 *
 * <p><b>Durable ledger</b> (docs/privacy-noise.md, 'The durable ledger'): a charge that changed the ledger marks
 * the subject, and before the next checkpoint barrier its operator ({@link DurableProcessOperator}) has this
 * function write the subject's {@link org.pufferflow.avro.LedgerEntry} (ledger, last release's tick, release count,
 * posterior) from its state to {@link MechanismOutputs#LEDGER_ENTRIES} ({@link #flushLedger}); a subject whose
 * Flink state is missing or behind the {@link LedgerStore}'s entry read in {@code open()} (a start without state; a
 * restore from an older savepoint) is continued from the entry — spend, release count and the adversary's
 * posterior, exactly as if its state had been kept — and its records at or before the entry's last tick are
 * rejected ({@code ALREADY_RELEASED}).
 *
 * <p>Input duties (ingestion's contract): ticks strictly increase per subject and states lie in 0..N−1. A record
 * breaking them goes to {@link MechanismOutputs#REJECTED} ({@code DUPLICATE_TICK} or {@code TOO_LATE} for a tick at
 * or before the last release's, {@code UNKNOWN_LABEL} for a state outside the model; never with its state), counted,
 * and changes nothing. Outputs carry public quantities only; whether the true state lay outside C_t (a surrogate
 * release) is counted in the {@value OperatorMetrics#SURROGATE_USES} metric, never shown per record. The releaser,
 * the keyed generator and the scratch arrays are built once per instance in {@code open()}; the per-record work
 * allocates only the output record, the boxed longs and the objects the state backend returns, and (sparse
 * encoding) arrays when a subject's support grows.
 */
@PublicEvolving
public final class DphmmReleaseFunction extends KeyedProcessFunction<String, StateObservation, DphmmRelease>
    implements CheckpointedFunction, LedgerFlushing {

  private static final long serialVersionUID = 1L;

  /** The mechanism id of ledger events, metrics and the noise context. */
  public static final String MECHANISM = NoiseContext.DPHMM;

  /** Mechanism name of a release made without noise because |C_t| = 1. */
  public static final String EXACT = "exact";

  static final String SUBJECT_STATE = KeyedMechanism.stateName(MECHANISM, "subject");
  /** Operator state holding the job's ledger policy (written by {@link RestoredLedgerPolicy}). */
  static final String POLICY_STATE = "dphmm-ledger-policy";
  static final String MODEL_STATES_STATE = "dphmm-model-states";

  private final DphmmConfig config;
  private final NoiseKeySource key;
  private final LedgerStore store;

  private transient ValueState<DphmmSubjectState> subjectState;
  private transient KeyedMechanism mechanism;
  private transient DphmmReleaser releaser;
  private transient org.pufferflow.mechanism.dphmm.DphmmRelease result;
  private transient double[] work;
  private transient String noiseName;
  private transient Counter releases;
  private transient Counter surrogateUses;

  /** Without a durable ledger ({@link LedgerStore#NONE}): for tests and benchmarks of the operator alone. */
  public DphmmReleaseFunction(DphmmConfig config, NoiseKeySource key) {
    this(config, key, LedgerStore.NONE);
  }

  /**
   * @param config the release configuration, with the per-subject budget its releases are charged to
   *     ({@link DphmmConfig#budget()}, required)
   * @param store the deployment's durable ledger: read in {@code open()}, written through
   *     {@link MechanismOutputs#LEDGER_ENTRIES}
   */
  public DphmmReleaseFunction(DphmmConfig config, NoiseKeySource key, LedgerStore store) {
    this.config = PufferPreconditions.checkNotNull("dphmm spec", config);
    PufferPreconditions.checkArgument(DphmmParameters.BUDGET, config.budget() != null,
        "dphmm spec: has no budget (build it with budget(LedgerPolicy); a release charges a ledger)");
    this.key = PufferPreconditions.checkNotNull("noise key source", key);
    this.store = PufferPreconditions.checkNotNull("ledger store", store);
  }

  /** Keyed state descriptor of the subject's state (explicit serializer). */
  static ValueStateDescriptor<DphmmSubjectState> subjectDescriptor() {
    return new ValueStateDescriptor<>(SUBJECT_STATE, DphmmSubjectStateSerializer.INSTANCE);
  }

  @Override
  public void initializeState(FunctionInitializationContext context) throws Exception {
    mechanism = new KeyedMechanism(MECHANISM, key, config.budget(), store);
    mechanism.initializeState(context);
    // union: after a rescale every subtask sees the model size every old subtask recorded, and checks them all
    ListState<Integer> modelStates = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>(MODEL_STATES_STATE, Types.INT));
    if (context.isRestored()) {
      for (int n : modelStates.get()) {
        if (n != config.states()) {
          throw new IllegalStateException("DPHMM release function: the restored posteriors have " + n
              + " states, the configured model has " + config.states() + " (changed key: dphmm model); restore from a"
              + " savepoint taken with the same model, or start without state");
        }
      }
    }
    modelStates.clear();
    modelStates.add(config.states());
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) throws Exception {
    mechanism.snapshotState();
  }

  @Override
  public void open(OpenContext openContext) {
    subjectState = getRuntimeContext().getState(subjectDescriptor());
    mechanism.open(getRuntimeContext(), ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE, ReasonCode.UNKNOWN_LABEL,
        ReasonCode.ALREADY_RELEASED);
    releaser = new DphmmReleaser(config);
    result = releaser.newResult();
    work = releaser.newPosterior();
    noiseName = config.noise().configName();
    OperatorMetrics metrics = mechanism.metrics();
    releases = metrics.counter(OperatorMetrics.RELEASES);
    surrogateUses = metrics.counter(OperatorMetrics.SURROGATE_USES);
    DphmmReleaser r = releaser;
    metrics.gauge(OperatorMetrics.HULL_CACHE_HIT_RATE,
        (Gauge<Double>) () -> OperatorMetrics.hitRate(r.cacheHits(), r.cacheMisses()));
  }

  @Override
  public void processElement(StateObservation obs, Context ctx, Collector<DphmmRelease> out) throws Exception {
    String subject = ctx.getCurrentKey();
    if (!KeyedMechanism.inModel(obs.state, work.length)) {
      ctx.output(MechanismOutputs.REJECTED, mechanism.outsideModel(obs, work.length));
      return;
    }
    DphmmSubjectState state = subjectState.value();
    LedgerEntry history = state == null ? mechanism.history().ahead(subject, 0, 0)
        : mechanism.history().ahead(subject, state.releaseSeq, state.ledger == null ? 0 : state.ledger.getSpent());
    boolean fromHistory = history != null;
    if (fromHistory) {
      if (obs.tick <= history.getLastTick()) {
        ctx.output(MechanismOutputs.REJECTED, mechanism.alreadyReleased(subject, obs.tick, history.getLastTick()));
        return;
      }
      if (state == null) {
        mechanism.newSubject();
      }
      state = DphmmSubjectState.fromHistory(history); // the deployment's ledger is ahead of this job's state
    }
    LedgerState ledger = state == null ? null : state.ledger;
    if (ledger == null) {
      ledger = mechanism.newLedger();
      mechanism.newSubject();
    }
    if (mechanism.exhausted(ledger)) {
      return;
    }
    long gap = DphmmReleaser.FIRST_RELEASE;
    long seq = 0;
    if (state != null && state.released()) {
      if (obs.tick <= state.lastTick) {
        ctx.output(MechanismOutputs.REJECTED,
            mechanism.outOfOrder(subject, obs.tick, state.lastTick, "last DPHMM release"));
        return;
      }
      gap = obs.tick - state.lastTick;
      seq = state.releaseSeq;
      state.posterior.checkStates(work.length);
      state.posterior.decodeInto(work);
    }
    // the context is the release's tick: what identifies it for the life of the key (docs/privacy-noise.md)
    releaser.release(work, gap, obs.state, mechanism.noise(subject, obs.tick), result);
    ChargeResult charge = mechanism.charge(ctx, ledger, result.dphmmEpsilon(), obs.tick);
    boolean charged = charge.charged();
    if (state == null) {
      state = DphmmSubjectState.withoutRelease(ledger);
    }
    state.ledger = ledger;
    if (charged) {
      if (!releaser.lastConstraintContains(obs.state)) {
        surrogateUses.inc();
      }
      state.posterior = (state.posterior == null ? new CompactPosterior() : state.posterior).encode(work);
      state.lastTick = obs.tick;
      state.releaseSeq = seq + 1;
    }
    // a refused release changes the ledger only, and that is stored too
    subjectState.update(state);
    if (KeyedMechanism.ledgerChanged(charge)) {
      mechanism.changed(subject, obs.tick);
    }
    if (fromHistory) {
      mechanism.history().forget(subject);
    }
    if (!charged) {
      return;
    }
    releases.inc();
    out.collect(toRecord(subject, obs.tick, seq, ledger.getSpent()));
  }

  /** The durable entries of the subjects charged since the last flush, from their state (class comment). */
  @Override
  public void flushLedger(Consumer<String> setKey, Consumer<LedgerEntry> out) throws Exception {
    mechanism.flush(setKey, out, (subject, tick) -> {
      DphmmSubjectState s = subjectState.value();
      return mechanism.entry(subject, tick, s.released() ? s.lastTick : null, s.releaseSeq, s.ledger, s.posterior);
    });
  }

  private DphmmRelease toRecord(String subject, long tick, long seq, double cumulative) {
    double[] z = result.z();
    List<Double> values = new ArrayList<>(z.length);
    for (double v : z) {
      values.add(v);
    }
    // every field set here; not through the record's builder, which copies the schema's field array per record
    DphmmRelease r = new DphmmRelease();
    r.setSubjectId(subject);
    r.setTick(tick);
    r.setReleaseSeq(seq);
    r.setValues(values);
    r.setEpsilon(result.dphmmEpsilon());
    r.setMechanism(result.exact() ? EXACT : noiseName);
    r.setConstraintSize(result.constraintSize());
    r.setConstrainedDpEpsilon(result.constrainedDpEpsilon());
    r.setCumulativeEpsilon(cumulative);
    return r;
  }

  /** This instance's metrics (tests read the counters). */
  @VisibleForTesting
  OperatorMetrics metrics() {
    return mechanism.metrics();
  }

  /** The releaser of this instance (tests read the cache statistics). */
  @VisibleForTesting
  DphmmReleaser releaser() {
    return releaser;
  }

  /** Type information of the main output (an Avro record: Flink's Avro serializer, never Kryo). */
  public static TypeInformation<DphmmRelease> outputType() {
    return TypeInformation.of(DphmmRelease.class);
  }

  /** Public parameters only. */
  @Override
  public String toString() {
    return "DphmmReleaseFunction[" + config + ", " + key + "]";
  }
}
