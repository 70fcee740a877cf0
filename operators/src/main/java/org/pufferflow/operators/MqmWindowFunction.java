package org.pufferflow.operators;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmParameters;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.state.LedgerStateTypes;
import org.pufferflow.operators.state.StateWindow;

/**
 * Windowed MQM histograms of each subject's chain states (docs/operators.md, 'MQM window function'; docs/mqm.md,
 * 'Windows over gaps' and 'Which ε'), keyed by subject over the tick-ordered {@link StateObservation} stream.
 *
 * <p>Keyed state: one {@link MqmSubjectState} per subject ({@value #SUBJECT_STATE},
 * {@link MqmSubjectStateSerializer}): the window ({@link StateWindow}: ring buffer, a byte per state when k ≤ 256,
 * running counts) and the subject's {@link MqmProgress} (observed count, last tick, release sequence, window start
 * ticks), read once and written once per accepted record; and the subject's ledger ({@value #LEDGER_STATE},
 * {@link LedgerState}), read and written once per window that completes. {@link MqmSubjectStateSerializer} reads
 * only its current format: a savepoint with another one is refused at start. The schedule is {@link MqmWindowPlan}'s
 * {@link MqmWindowPlan}: the n-th observed state completes a window iff {@link MqmWindowPlan#windowLengthAt}(n) &gt;
 * 0, and gaps neither end nor restart a window. Each window is released by {@link WindowHistogramRelease} (fresh
 * discrete Laplace noise per bin at the plan's scale) from the keyed generator positioned at (mqm, subject, the
 * window's end tick), after the budget charged it ε* (the argument is in docs/operators.md). The noise key, the
 * budget, the metrics and the rejections are {@link KeyedMechanism}'s, which also states the contract-breach policy.
 * A subject whose Flink state is missing or behind the durable ledger's entry continues from it: its windows start
 * afresh, its ledger and release count go on, and its records at or before the entry's last tick are rejected
 * ({@code ALREADY_RELEASED}; docs/privacy-noise.md, 'The durable ledger').
 *
 * <p>Per record: O(1) work and no allocation unless a window is released (the release is O(k) plus the output
 * record). Outputs carry public quantities only: ticks, labels, noisy counts, scales, ε and mode.
 *
 * <p>Input duties (ingestion's contract): strictly increasing ticks per subject and states in 0..k−1. A record
 * breaking them is not used: it goes to {@link MechanismOutputs#REJECTED} (DUPLICATE_TICK, TOO_LATE or
 * UNKNOWN_LABEL), is counted, and changes nothing.
 */
@PublicEvolving
public final class MqmWindowFunction extends KeyedProcessFunction<String, StateObservation, WindowHistogram>
    implements CheckpointedFunction, LedgerFlushing {

  private static final long serialVersionUID = 1L;

  /** Keyed state names (stable: savepoints refer to them). */
  static final String SUBJECT_STATE = "mqm-subject";
  static final String LEDGER_STATE = "mqm-ledger";

  private final MqmWindowPlan config;
  private final NoiseKeySource key;
  private final ArrayList<String> labels;
  private final TickClock clock;
  private final LedgerStore store;

  private transient MqmWindowPlan plan;
  private transient WindowHistogramRelease release;
  private transient KeyedMechanism mechanism;
  private transient double epsilonStar;
  private transient String mode;
  private transient int[] countsScratch;
  private transient long[] noisyScratch;
  private transient ValueState<MqmSubjectState> subjectState;
  private transient ValueState<LedgerState> ledgerState;
  private transient Counter releases;

  /**
   * @param config the windows, ε*, Θ, mode, output and the per-subject budget of the {@code mqm} mechanism
   *     ({@link MqmWindowPlan#budget()}, required), validated by its builder
   * @param key where the noise key is loaded from in {@code open()}
   * @param stateLabels the label of each of the k model states, in state-index order (public)
   */
  public MqmWindowFunction(MqmWindowPlan config, NoiseKeySource key, List<String> stateLabels) {
    this(config, key, stateLabels, null);
  }

  /**
   * @param clock the tick clock of the observations: each histogram carries its window's start and end as
   *     timestamps beside the ticks; null for none (the fields stay null)
   */
  public MqmWindowFunction(MqmWindowPlan config, NoiseKeySource key, List<String> stateLabels, TickClock clock) {
    this(config, key, stateLabels, clock, LedgerStore.NONE);
  }

  /**
   * @param store the deployment's durable ledger: read in {@code open()}, written through
   *     {@link MechanismOutputs#LEDGER_ENTRIES} ({@link LedgerStore#NONE}: tests and benchmarks of the operator)
   */
  public MqmWindowFunction(MqmWindowPlan config, NoiseKeySource key, List<String> stateLabels, TickClock clock,
      LedgerStore store) {
    this.store = PufferPreconditions.checkNotNull("ledger store", store);
    this.clock = clock;
    this.config = PufferPreconditions.checkNotNull("mqm spec", config);
    PufferPreconditions.checkArgument(MqmParameters.BUDGET, config.budget() != null,
        "mqm spec: has no budget (build it with budget(LedgerPolicy); a release charges a ledger)");
    this.key = PufferPreconditions.checkNotNull("noise key source", key);
    PufferPreconditions.checkNotNull("stateLabels", stateLabels);
    PufferPreconditions.checkArgument(stateLabels.size() == config.states(),
        "stateLabels = %s labels: the MQM spec has %s states", stateLabels.size(), config.states());
    this.labels = new ArrayList<>(stateLabels);
  }

  @Override
  public void initializeState(FunctionInitializationContext context) throws Exception {
    mechanism = new KeyedMechanism(NoiseContext.MQM, key, config.budget(), store);
    mechanism.initializeState(context);
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) throws Exception {
    mechanism.snapshotState();
  }

  @Override
  public void open(OpenContext openContext) {
    plan = config;
    release = WindowHistogramRelease.of(plan);
    mechanism.open(getRuntimeContext(), ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE, ReasonCode.UNKNOWN_LABEL,
        ReasonCode.ALREADY_RELEASED);
    epsilonStar = plan.targetEpsilon();
    mode = config.mode().configName();
    countsScratch = new int[config.states()];
    noisyScratch = new long[config.states()];
    subjectState = getRuntimeContext().getState(
        new ValueStateDescriptor<>(SUBJECT_STATE, MqmSubjectStateSerializer.INSTANCE));
    ledgerState = getRuntimeContext().getState(LedgerStateTypes.descriptor(LEDGER_STATE));
    releases = mechanism.metrics().counter(OperatorMetrics.RELEASES);
  }

  @Override
  public void processElement(StateObservation obs, Context ctx, Collector<WindowHistogram> out) throws Exception {
    if (!KeyedMechanism.inModel(obs.state, config.states())) {
      ctx.output(MechanismOutputs.REJECTED, mechanism.outsideModel(obs, config.states()));
      return;
    }
    MqmSubjectState subject = subjectState.value();
    LedgerEntry history = null;
    if (subject == null) {
      history = mechanism.history().ahead(obs.subjectId, 0, 0);
    } else {
      LedgerState stored = ledgerState.value();
      history = mechanism.history().ahead(obs.subjectId, subject.progress.releaseSeq,
          stored == null ? 0 : stored.getSpent());
    }
    boolean fromHistory = history != null;
    if (fromHistory) {
      if (obs.tick <= history.getLastTick()) {
        ctx.output(MechanismOutputs.REJECTED,
            mechanism.alreadyReleased(obs.subjectId, obs.tick, history.getLastTick()));
        return;
      }
      if (subject == null) {
        mechanism.newSubject();
      }
      // the deployment's ledger is ahead of this job's state: the windows start afresh, the ledger goes on
      subject = MqmSubjectState.fresh(plan.window(), plan.slide(), config.states());
      subject.progress.releaseSeq = history.getReleases();
      ledgerState.update(LedgerEntries.ledger(history));
    } else if (subject == null) {
      subject = MqmSubjectState.fresh(plan.window(), plan.slide(), config.states());
      mechanism.newSubject();
    } else {
      if (obs.tick <= subject.progress.lastTick) {
        ctx.output(MechanismOutputs.REJECTED,
            mechanism.outOfOrder(obs.subjectId, obs.tick, subject.progress.lastTick, "previous MQM tick"));
        return;
      }
      subject.checkParameters(plan.window(), plan.slide(), config.states());
    }
    StateWindow window = subject.window;
    MqmProgress progress = subject.progress;
    window.push(obs.state);
    long n = ++progress.observed;
    progress.lastTick = obs.tick;
    int slide = plan.slide();
    if ((n - 1) % slide == 0) {
      progress.startTicks[(int) (((n - 1) / slide) % progress.startTicks.length)] = obs.tick;
    }
    int length = plan.windowLengthAt(n);
    if (length > 0) {
      releaseWindow(obs, ctx, out, window, progress, n, length);
    }
    subjectState.update(subject);
    if (fromHistory) {
      mechanism.history().forget(obs.subjectId);
    }
  }

  private void releaseWindow(StateObservation obs, Context ctx, Collector<WindowHistogram> out, StateWindow window,
      MqmProgress progress, long n, int length) throws Exception {
    LedgerState ledger = ledgerState.value();
    if (ledger == null) {
      ledger = mechanism.newLedger();
    }
    ChargeResult charge = mechanism.charge(ctx, ledger, epsilonStar, obs.tick);
    ledgerState.update(ledger); // charged or refused
    if (!charge.charged()) {
      if (KeyedMechanism.ledgerChanged(charge)) {
        mechanism.changed(obs.subjectId, obs.tick);
      }
      return;
    }
    for (int s = 0; s < countsScratch.length; s++) {
      countsScratch[s] = window.count(s);
    }
    long seq = progress.releaseSeq++;
    mechanism.changed(obs.subjectId, obs.tick);
    // the context is the window's end tick: what identifies the window for the life of the key
    release.release(countsScratch, length, mechanism.noise(obs.subjectId, obs.tick), noisyScratch);
    long startRank = n - length + 1;
    long startTick = progress.startTicks[(int) (((startRank - 1) / plan.slide()) % progress.startTicks.length)];
    List<Double> values = new ArrayList<>(noisyScratch.length);
    boolean frequencies = config.output() == MqmOutput.FREQUENCIES;
    for (long v : noisyScratch) {
      values.add(frequencies ? v / (double) length : (double) v);
    }
    // every field set here; not through the record's builder, which copies the schema's field array per record
    WindowHistogram h = new WindowHistogram();
    h.setSubjectId(obs.subjectId);
    h.setWindowStartTick(startTick);
    h.setWindowEndTick(obs.tick);
    h.setWindowStartTime(clock == null ? null : Instant.ofEpochMilli(clock.startOf(startTick)));
    h.setWindowEndTime(clock == null ? null : Instant.ofEpochMilli(clock.startOf(obs.tick + 1)));
    h.setReleaseSeq(seq);
    h.setStateLabels(labels);
    h.setNoisyCounts(values);
    h.setNoiseScale(plan.noiseScale(length));
    h.setPerPointEpsilon(epsilonStar);
    h.setMode(mode);
    out.collect(h);
    releases.inc();
  }

  /** The durable entries of the subjects charged since the last flush, from their state. */
  @Override
  public void flushLedger(Consumer<String> setKey, Consumer<LedgerEntry> out) throws Exception {
    mechanism.flush(setKey, out, (subject, tick) -> mechanism.entry(subject, tick, null,
        subjectState.value().progress.releaseSeq, ledgerState.value(), null));
  }

  /** The window schedule in use (after {@code open()}). */
  MqmWindowPlan plan() {
    return plan;
  }

  /** This instance's metrics (after {@code open()}; tests). */
  @VisibleForTesting
  OperatorMetrics metrics() {
    return mechanism.metrics();
  }
}
