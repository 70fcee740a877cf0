package org.pufferflow.operators;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.state.CompactPosterior;

/**
 * The machinery every keyed mechanism function shares, composed into the function as Flink composes a user function
 * into the operator that runs it: the function ({@link DphmmReleaseFunction}, {@link MqmWindowFunction},
 * {@link RedactionFunction}) keeps its mechanism's math and state; this class keeps what is the same for all of
 * them — the noise key, the per-subject budget, the restore check of the ledger policy, the metrics and the
 * rejections. Built by the function in {@code initializeState} (with a budget) or {@code open} (without), never
 * serialized.
 *
 * <ul>
 *   <li><b>Noise key</b>: loaded once per instance in {@link #open} ({@link NoiseKeySource#load()}) into the keyed
 *       generator; {@link #noise} positions it at ({@code mechanism}, subject, sequence) ({@link NoiseContext}).</li>
 *   <li><b>Budget</b> (docs/privacy-noise.md, 'The privacy ledger'): the subject's {@link LedgerState}, charged
 *       through {@link BudgetGate}; a refusal is counted, and the refusal that exhausts a budget emits exactly one
 *       ledger event to {@link MechanismOutputs#LEDGER_EVENTS}. The function keeps the ledger in its keyed state
 *       (DPHMM inside its per-subject value, which it reads once per record; MQM in {@code mqm-ledger}, read and
 *       written once per released window) and stores it after every {@link #charge}, charged or refused. The job's
 *       ledger policy is kept in operator state {@code <mechanism>-ledger-policy} ({@link RestoredLedgerPolicy}), so
 *       a restore under a policy without safe migration fails at start.</li>
 *   <li><b>Metrics</b>: one {@link OperatorMetrics} in group {@code pufferflow → <mechanism>}, with
 *       {@value OperatorMetrics#SUBJECTS} (the function calls {@link #newSubject} when it creates a subject's state)
 *       and, with a budget, {@value OperatorMetrics#BUDGET_REFUSALS} and
 *       {@value OperatorMetrics#BUDGET_EXHAUSTIONS}.</li>
 * </ul>
 *
 * <p><b>Contract-breach policy</b> (one for every keyed function of the project). A breach that is the record's
 * fault — a state outside the model ({@link #outsideModel}, {@link ReasonCode#UNKNOWN_LABEL}), a tick not after the
 * subject's last one ({@link #outOfOrder}, {@code DUPLICATE_TICK} or {@code TOO_LATE}), a control record the
 * mechanism cannot honour — sends the record to {@link MechanismOutputs#REJECTED} (the dead-letter topic) with its
 * reason code and counts it in {@code rejects.<REASON>}; the record changes no state, and the subject's later records
 * are processed as if it had never come. It never fails the job: a failing record would fail it again on every
 * restore, a crash loop. A breach that is the job's fault fails the job: a noise key that cannot be loaded
 * ({@code NoiseKeyUnavailableException}, non-recoverable), a restore under another model or an unsafe ledger policy
 * change (at start), a broken invariant of the job's own state or wiring (an {@link IllegalStateException}). Messages
 * name subjects and ticks, never a state or a raw value.
 *
 * <p><b>State names.</b> Every NEW state descriptor (keyed or operator) is named {@code <mechanism>-<concept>} in lower
 * kebab case, the mechanism id first ({@link #stateName}); a mechanism's ledger is {@code <mechanism>-ledger}.
 * Existing names keep their spelling whatever the scheme says, because savepoints refer to them: {@code mqm-ledger},
 * {@code dphmm-subject}, {@code dphmm-ledger-policy}, {@code dphmm-model-states}, {@code mqm-subject},
 * {@code mqm-ledger-policy}, {@code redaction-buffer}, {@code tick-order}, {@code fleet-window-sums}. Every descriptor
 * carries explicit type information or a serializer of the project's (whose snapshot refuses a format this build
 * does not read: {@link org.pufferflow.operators.state.StateFormatSnapshot}), never a generic (Kryo) type.
 */
final class KeyedMechanism {

  private static final Pattern STATE_NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  private final String mechanism;
  private final NoiseKeySource key;
  private final BudgetGate gate;
  private final RestoredLedgerPolicy policy;
  private final LedgerStore store;

  private KeyedRandom random;
  private OperatorMetrics metrics;
  private Counter subjects;
  private Counter refusals;
  private Counter exhaustions;
  private LedgerHistory history;
  private LedgerEntries entries;
  /** Subjects whose durable entry changed since the last flush → the tick of the last change. */
  private final HashMap<String, long[]> changed = new HashMap<>();

  /**
   * A mechanism without a per-subject budget (redaction), whose durable entries record only what was released.
   *
   * @param store the deployment's durable ledger, read in {@link #open} ({@link LedgerStore#NONE}: none)
   */
  KeyedMechanism(String mechanism, NoiseKeySource key, LedgerStore store) {
    this(mechanism, key, null, store);
  }

  /**
   * A mechanism with a per-subject budget.
   *
   * @param budget the job's ledger policy
   * @param store the deployment's durable ledger, read in {@link #open} ({@link LedgerStore#NONE}: none)
   */
  KeyedMechanism(String mechanism, NoiseKeySource key, LedgerPolicy budget, LedgerStore store) {
    this.mechanism = PufferPreconditions.checkNotNull("mechanism", mechanism);
    this.key = PufferPreconditions.checkNotNull("noise key source", key);
    this.gate = budget == null ? null : new BudgetGate(mechanism, budget);
    this.policy = budget == null ? null : new RestoredLedgerPolicy(mechanism, budget);
    this.store = PufferPreconditions.checkNotNull("ledger store", store);
  }

  /**
   * The name of a new state descriptor of {@code mechanism}: {@code <mechanism>-<concept>} (class comment).
   *
   * @throws IllegalArgumentException unless both parts are lower kebab case
   */
  static String stateName(String mechanism, String concept) {
    String name = mechanism + "-" + concept;
    PufferPreconditions.checkArgument(STATE_NAME.matcher(name).matches(),
        "state name %s: must be <mechanism>-<concept> in lower kebab case", name);
    return name;
  }

  /** Registers the ledger policy's operator state and checks a restored one (call in {@code initializeState}). */
  void initializeState(FunctionInitializationContext context) throws Exception {
    if (policy != null) {
      policy.initialize(context);
    }
  }

  /** Records the ledger policy (call in {@code snapshotState}). */
  void snapshotState() throws Exception {
    if (policy != null) {
      policy.snapshot();
    }
  }

  /**
   * Loads the noise key, registers the metrics (with rejection counters for {@code reasons}) and reads the durable
   * history (call in {@code open()}).
   *
   * @throws IllegalArgumentException a {@code NoiseKeyUnavailableException} when the key cannot be loaded (the
   *     job's fault: it fails the job without restarts)
   */
  void open(RuntimeContext context, ReasonCode... reasons) {
    random = new KeyedRandom(key.load());
    metrics = OperatorMetrics.forMechanism(context, mechanism, reasons);
    subjects = metrics.counter(OperatorMetrics.SUBJECTS);
    if (gate != null) {
      refusals = metrics.counter(OperatorMetrics.BUDGET_REFUSALS);
      exhaustions = metrics.counter(OperatorMetrics.BUDGET_EXHAUSTIONS);
    }
    history = LedgerHistory.load(store, mechanism, context);
    entries = new LedgerEntries();
  }

  /**
   * The durable history of the subjects this instance owns, read from the store in {@link #open}: the functions
   * continue a subject from it when its Flink state is missing or behind ({@link LedgerHistory#ahead},
   * {@link LedgerHistory#after}) and {@link LedgerHistory#forget} it once their state carries it.
   */
  LedgerHistory history() {
    return history;
  }

  /**
   * Marks the current subject's durable entry changed by a charge, release or decision at {@code tick}: its entry is
   * written at the next {@link #flush} (nothing when the job keeps no store). Allocates only the first time a
   * subject changes between two flushes.
   */
  void changed(String subject, long tick) {
    if (store.durable()) {
      long[] last = changed.get(subject);
      if (last == null) {
        changed.put(subject, new long[] {tick});
      } else {
        last[0] = tick;
      }
    }
  }

  /** Builds a subject's durable entry from its Flink state, the key set to the subject ({@link #flush}). */
  interface EntrySource {
    LedgerEntry entry(String subject, long lastTick) throws Exception;
  }

  /**
   * Writes the entry of every subject {@link #changed} since the last flush, built by {@code source} from its Flink
   * state with {@code setKey} having made it the current key, to {@code out}; called by the operator before every
   * checkpoint barrier and at the end of the input ({@link LedgerFlushing}), so the entries of a checkpoint
   * are committed with its releases, one per subject and checkpoint however many records it had.
   */
  void flush(Consumer<String> setKey, Consumer<LedgerEntry> out, EntrySource source) throws Exception {
    if (changed.isEmpty()) {
      return;
    }
    for (Map.Entry<String, long[]> e : changed.entrySet()) {
      setKey.accept(e.getKey());
      out.accept(source.entry(e.getKey(), e.getValue()[0]));
    }
    changed.clear();
  }

  /** The entry of {@code subject} as of its last change at {@code tick} (for an {@link EntrySource}). */
  LedgerEntry entry(String subject, long tick, Long releasedTick, long releases, LedgerState ledger,
      CompactPosterior posterior) {
    return entries.entry(mechanism, subject, tick, releasedTick, releases, ledger, posterior);
  }

  /**
   * The counted rejection of a record at {@code tick}, at or before {@code last}, the last tick the durable ledger
   * recorded for the subject (an earlier run charged or released it).
   */
  RejectedObservation alreadyReleased(String subject, long tick, long last) {
    return reject(ReasonCode.ALREADY_RELEASED, subject, tick, "at or before tick " + last + ", the last tick the"
        + " deployment's ledger recorded for the subject (released or charged by an earlier run); a tick is"
        + " published once");
  }

  String mechanism() {
    return mechanism;
  }

  OperatorMetrics metrics() {
    return metrics;
  }

  /** The instance's keyed generator, not positioned (for mechanisms that position it themselves). */
  KeyedRandom random() {
    return random;
  }

  /** The keyed generator positioned at ({@code mechanism}, {@code subject}, {@code sequence}). */
  KeyedRandom noise(String subject, long sequence) {
    return NoiseContext.position(random, mechanism, subject, sequence);
  }

  /** Counts a subject whose keyed state the function creates now. */
  void newSubject() {
    subjects.inc();
  }

  /** A fresh ledger under the job's policy (stored by the first {@link #charge}). */
  LedgerState newLedger() {
    return gate.newState();
  }

  /** True (and a refusal counted) if {@code ledger}'s total budget is exhausted: the record is dropped unused. */
  boolean exhausted(LedgerState ledger) {
    if (ledger.isExhausted()) {
      refusals.inc();
      return true;
    }
    return false;
  }

  /**
   * Charges {@code epsilon} for the current subject's release at {@code tick} (the function stores {@code ledger},
   * charged or not). On a refusal counts it and, if it exhausts a budget, emits the ledger event.
   *
   * @return the outcome: the release may be made iff it is {@link ChargeResult#charged()}; the ledger changed iff
   *     it is charged or {@link ChargeResult#reportsExhaustion() reports an exhaustion} ({@link #ledgerChanged})
   */
  ChargeResult charge(KeyedProcessFunction<String, ?, ?>.Context ctx, LedgerState ledger, double epsilon,
      long tick) {
    ChargeResult charge = gate.charge(ledger, epsilon, tick);
    if (charge.charged()) {
      return charge;
    }
    refusals.inc();
    if (charge.reportsExhaustion()) {
      exhaustions.inc();
      ctx.output(MechanismOutputs.LEDGER_EVENTS, gate.exhaustionEvent(ctx.getCurrentKey(), ledger, charge));
    }
    return charge;
  }

  /** Whether a charge with this outcome changed the ledger, so its durable entry must be written ({@link #changed}). */
  static boolean ledgerChanged(ChargeResult charge) {
    return charge.charged() || charge.reportsExhaustion();
  }

  /** Whether {@code state} is a state of a model with {@code states} states. */
  static boolean inModel(int state, int states) {
    return state >= 0 && state < states;
  }

  /** The counted rejection of an observation whose state is outside the model's {@code states} (not shown). */
  RejectedObservation outsideModel(StateObservation obs, int states) {
    return reject(ReasonCode.UNKNOWN_LABEL, obs.subjectId, obs.tick,
        "state outside the " + mechanism + " model's " + states + " states (value not shown)");
  }

  /**
   * The counted rejection of an observation at {@code tick} that is not after {@code last}, the subject's last tick
   * for this mechanism ({@code what} names it, e.g. "last DPHMM release").
   */
  RejectedObservation outOfOrder(String subject, long tick, long last, String what) {
    return reject(Rejections.outOfOrder(tick, last), subject, tick,
        "not after the subject's " + what + " at tick " + last + " (ticks must increase per subject)");
  }

  /** The counted rejection of subject {@code subject}'s observation at {@code tick}. */
  RejectedObservation reject(ReasonCode reason, String subject, long tick, String detail) {
    metrics.reject(reason);
    return Rejections.ofObservation(mechanism, reason, subject, tick, detail);
  }

  /** Counts and returns the rejection of a control record (e.g. an opt-out). */
  RejectedObservation reject(ReasonCode reason, String source, byte[] payload, String message) {
    metrics.reject(reason);
    return Rejections.ofControlRecord(source, payload, reason, message);
  }
}
