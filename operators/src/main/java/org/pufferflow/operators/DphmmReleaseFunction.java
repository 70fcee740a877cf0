package org.pufferflow.operators;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.CompactPosteriorSerializer;
import org.pufferflow.operators.state.LedgerStateTypes;

/**
 * Keyed by subject: one DPHMM release ({@link DphmmRelease}) per observed tick (docs/operators.md, 'DPHMM release
 * function'; docs/dphmm.md, 'What a release does'). A thin Flink shell over {@link DphmmReleaser}: the math, the
 * gap propagation (docs/dphmm.md, 'Gaps') and the hull cache (docs/dphmm.md, 'Making it fast') are the releaser's;
 * this class keeps the per-subject state, positions the keyed noise, charges the budget and emits.
 *
 * <p><b>Keyed state</b> (descriptors named stably, explicit serializers, no Kryo): {@code dphmm-posterior} — the
 * adversary's posterior p⁺ after the subject's last release ({@link CompactPosterior}, dense or sparse);
 * {@code dphmm-last-tick} — the tick of the last release; {@code dphmm-release-seq} — the number of releases made
 * (the next release's noise sequence); {@code ledger-dphmm} — the subject's {@link LedgerState}. Operator state
 * {@code dphmm-ledger-policy} records the job's ledger policy, so that a restore under a policy without a safe
 * migration fails at start, naming the changed key, instead of at some subject's next record; operator state
 * {@code dphmm-model-states} records N, so that a restore under a model of another size fails at start too.
 *
 * <p><b>Per record</b>: gap = FIRST_RELEASE for the subject's first release, else tick − (tick of the last
 * release); the noise comes from {@link KeyedRandom} positioned at ({@code "dphmm"}, subject, releaseSeq)
 * ({@link NoiseContext}); the release is computed into scratch arrays, then its DPHMM cost (ε, or 0 for an exact
 * release with |C| = 1: Theorem 5.2 of the DPHMM paper) is charged through {@link BudgetGate}. Only a charged release
 * is emitted and committed to state. A refused release changes nothing but the ledger: the adversary saw nothing at
 * that tick, so its posterior stays p⁺ of the last release, and the next release propagates it over the whole gap
 * since that release (M^g with g counted from the last release's tick). The refusal that exhausts the budget emits
 * exactly one {@code LedgerEvent} to {@link MechanismOutputs#LEDGER_EVENTS}; once the total budget is exhausted, the
 * subject's records are dropped without any computation.
 *
 * <p>Ticks must strictly increase per subject (ingestion guarantees it); a record at or before the last release's tick
 * goes to {@link MechanismOutputs#REJECTED} ({@code DUPLICATE_TICK} or {@code TOO_LATE}, without its state). Outputs
 * carry public quantities only; whether the true state lay outside C_t (a surrogate release) is counted in the
 * {@code surrogateUses} metric, never shown per record. The releaser, the keyed generator and the scratch arrays
 * are built once per instance in {@code open()}; the per-record work allocates only the output record, the boxed
 * longs and the objects the state backend returns, and (sparse encoding) arrays when a subject's support grows.
 */
public final class DphmmReleaseFunction extends KeyedProcessFunction<String, StateObservation, DphmmRelease>
    implements CheckpointedFunction {

  private static final long serialVersionUID = 1L;

  /** The mechanism id of ledger events, metrics and the noise context. */
  public static final String MECHANISM = NoiseContext.DPHMM;

  /** Mechanism name of a release made without noise because |C_t| = 1. */
  public static final String EXACT = "exact";

  static final String POSTERIOR_STATE = "dphmm-posterior";
  static final String LAST_TICK_STATE = "dphmm-last-tick";
  static final String RELEASE_SEQ_STATE = "dphmm-release-seq";
  static final String LEDGER_STATE = "ledger-dphmm";
  /** Operator state holding the job's ledger policy (written by {@link RestoredLedgerPolicy}). */
  static final String POLICY_STATE = MECHANISM + "-ledger-policy";
  static final String MODEL_STATES_STATE = "dphmm-model-states";

  private final DphmmConfig spec;
  private final LedgerPolicy budget;
  private final NoiseKeySource key;

  private transient ValueState<CompactPosterior> posteriorState;
  private transient ValueState<Long> lastTickState;
  private transient ValueState<Long> releaseSeqState;
  private transient ValueState<LedgerState> ledgerState;
  private transient BudgetGate gate;
  private transient RestoredLedgerPolicy policy;
  private transient DphmmReleaser releaser;
  private transient KeyedRandom random;
  private transient org.pufferflow.mechanism.dphmm.DphmmRelease result;
  private transient double[] work;
  private transient String noiseName;
  private transient DphmmMetrics metrics;

  public DphmmReleaseFunction(DphmmConfig spec, LedgerPolicy budget, NoiseKeySource key) {
    this.spec = PufferPreconditions.checkNotNull("dphmm spec", spec);
    this.budget = PufferPreconditions.checkNotNull("ledger spec", budget);
    this.key = PufferPreconditions.checkNotNull("noise key source", key);
  }

  /** Keyed state descriptor of the posterior (explicit serializer). */
  static ValueStateDescriptor<CompactPosterior> posteriorDescriptor() {
    return new ValueStateDescriptor<>(POSTERIOR_STATE, CompactPosteriorSerializer.INSTANCE);
  }

  @Override
  public void initializeState(FunctionInitializationContext context) throws Exception {
    policy = new RestoredLedgerPolicy(MECHANISM, budget);
    policy.initialize(context);
    // union: after a rescale every subtask sees the model size every old subtask recorded, and checks them all
    ListState<Integer> modelStates = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>(MODEL_STATES_STATE, Types.INT));
    if (context.isRestored()) {
      for (int n : modelStates.get()) {
        if (n != spec.states()) {
          throw new IllegalStateException("DPHMM release function: the restored posteriors have " + n
              + " states, the configured model has " + spec.states() + " (changed key: dphmm model); restore from a"
              + " savepoint taken with the same model, or start without state");
        }
      }
    }
    modelStates.clear();
    modelStates.add(spec.states());
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) throws Exception {
    policy.snapshot();
  }

  @Override
  public void open(OpenContext openContext) {
    posteriorState = getRuntimeContext().getState(posteriorDescriptor());
    lastTickState = getRuntimeContext().getState(new ValueStateDescriptor<>(LAST_TICK_STATE, Types.LONG));
    releaseSeqState = getRuntimeContext().getState(new ValueStateDescriptor<>(RELEASE_SEQ_STATE, Types.LONG));
    ledgerState = getRuntimeContext().getState(LedgerStateTypes.descriptor(LEDGER_STATE));
    gate = new BudgetGate(MECHANISM, budget);
    releaser = new DphmmReleaser(spec);
    random = new KeyedRandom(key.load());
    result = releaser.newResult();
    work = releaser.newPosterior();
    noiseName = spec.noise().configName();
    metrics = new DphmmMetrics(getRuntimeContext().getMetricGroup(), MECHANISM, releaser);
  }

  @Override
  public void processElement(StateObservation obs, Context ctx, Collector<DphmmRelease> out) throws Exception {
    String subject = ctx.getCurrentKey();
    if (obs.state < 0 || obs.state >= work.length) {
      // the state itself is private: not shown
      throw new IllegalStateException("DPHMM release function: an observation of subject " + subject + " at tick "
          + obs.tick + " has a state outside the model's " + work.length + " states (value not shown); the"
          + " discretizer and the DPHMM model disagree");
    }
    LedgerState ledger = ledgerState.value();
    if (ledger == null) {
      ledger = gate.newState();
    } else if (ledger.isExhausted()) {
      metrics.refusal();
      return;
    }
    Long last = lastTickState.value();
    CompactPosterior posterior = null;
    long gap = DphmmReleaser.FIRST_RELEASE;
    if (last != null) {
      if (obs.tick <= last) {
        reject(ctx, subject, obs.tick, last);
        return;
      }
      gap = obs.tick - last;
      posterior = posteriorState.value();
      posterior.checkStates(work.length);
      posterior.decodeInto(work);
    }
    Long seqValue = releaseSeqState.value();
    long seq = seqValue == null ? 0 : seqValue;
    releaser.release(work, gap, obs.state, NoiseContext.position(random, MECHANISM, subject, seq), result);
    ChargeResult charge = gate.charge(ledger, result.dphmmEpsilon(), obs.tick);
    ledgerState.update(ledger);
    if (!charge.charged()) {
      metrics.refusal();
      if (charge.reportsExhaustion()) {
        metrics.exhaustion();
        ctx.output(MechanismOutputs.LEDGER_EVENTS, gate.exhaustionEvent(subject, ledger, charge));
      }
      return;
    }
    if (!releaser.lastConstraintContains(obs.state)) {
      metrics.surrogateUse();
    }
    if (posterior == null) {
      posterior = new CompactPosterior();
      metrics.newSubject();
    }
    posteriorState.update(posterior.encode(work));
    lastTickState.update(obs.tick);
    releaseSeqState.update(seq + 1);
    metrics.release();
    out.collect(toRecord(subject, obs.tick, seq, ledger.getSpent()));
  }

  private DphmmRelease toRecord(String subject, long tick, long seq, double cumulative) {
    double[] z = result.z();
    List<Double> values = new ArrayList<>(z.length);
    for (double v : z) {
      values.add(v);
    }
    return DphmmRelease.newBuilder()
        .setSubjectId(subject)
        .setTick(tick)
        .setReleaseSeq(seq)
        .setValues(values)
        .setEpsilon(result.dphmmEpsilon())
        .setMechanism(result.exact() ? EXACT : noiseName)
        .setConstraintSize(result.constraintSize())
        .setConstrainedDpEpsilon(result.constrainedDpEpsilon())
        .setCumulativeEpsilon(cumulative)
        .build();
  }

  private void reject(Context ctx, String subject, long tick, long last) {
    ReasonCode reason = tick == last ? ReasonCode.DUPLICATE_TICK : ReasonCode.TOO_LATE;
    metrics.reject(reason);
    ctx.output(MechanismOutputs.REJECTED, Rejections.of("", 0, -1, null, reason,
        "subject " + subject + ", tick " + tick + ": not after the subject's last DPHMM release at tick " + last));
  }

  /** This instance's metrics (tests read the counters). */
  DphmmMetrics metrics() {
    return metrics;
  }

  /** The releaser of this instance (tests read the cache statistics). */
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
    return "DphmmReleaseFunction[" + spec + ", " + budget + ", " + key + "]";
  }
}
