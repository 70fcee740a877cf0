package org.pufferflow.operators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.util.Collector;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.StreamingContract;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.state.RedactionBuffer;
import org.pufferflow.operators.state.RedactionBufferSerializer;

/**
 * The per-subject streaming redaction that both redaction functions run (docs/operators.md, 'Redaction function'):
 * {@link RedactionFunction} (two inputs: observations and live opt-outs) and {@link PreloadedRedactionFunction} (one
 * input: observations, opt-outs known before the job starts, so it chains to the operator before it). The rules —
 * when a held record is decided, how an opt-out is admitted, what is rejected — are stated in
 * {@link RedactionFunction}'s class comment; this class is where they are implemented, once. Flink needs one function
 * class per kind (a {@code KeyedCoProcessFunction} and a {@code KeyedProcessFunction}, whose contexts share no type),
 * so the two functions only hand their key, timer service, collector and side output to this plain class. Built by
 * the function's constructor (it validates the configuration), serialized with it; {@link #open} registers the keyed
 * state {@value #STATE_NAME} with the explicit serializer {@link RedactionBufferSerializer}, the metrics and the noise
 * key. Both functions therefore keep the same keyed state and the same event-time timers (Flink's internal timer
 * service {@code user-timers}), so a savepoint of one restores into the other under the same operator uid.
 */
final class RedactionDecider implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Name of the keyed state (stable: savepoints refer to it). */
  static final String STATE_NAME = "redaction-buffer";

  /** Source topic written into rejections (the control records carry no Kafka origin). */
  static final String OPT_OUT_SOURCE = "opt-out";

  /** The model's states: the released bit of a record is its state, 0 or 1 (a two-state model, checked at load). */
  static final int STATES = 2;

  private static final ReasonCode[] REASONS = {
    ReasonCode.OPT_OUT_TOO_LATE, ReasonCode.OPT_OUT_REFUSED, ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE,
    ReasonCode.UNKNOWN_LABEL, ReasonCode.ALREADY_RELEASED
  };

  private final RedactionPlan plan;
  private final NoiseKeySource key;
  private final TickClock clock;
  /** Redaction has no budget: its entries carry a ledger that never charged. */
  private static final LedgerState NO_BUDGET = new LedgerState();

  private final String[] bitLabels;
  private final OptOutPreload preload;
  private final LedgerStore store;
  private final boolean optOutStream;

  private transient StreamingContract contract;
  private transient KeyedMechanism mechanism;
  private transient ValueState<RedactionBuffer> state;
  private transient Counter released;
  private transient Counter redacted;
  private transient Counter optOuts;

  /** The parameters of {@link RedactionFunction}'s constructor, validated as documented there. */
  RedactionDecider(RedactionPlan plan, NoiseKeySource key, TickClock clock, OptOutPreload preload,
      boolean optOutStream, List<String> bitLabels, LedgerStore store) {
    this.store = PufferPreconditions.checkNotNull("ledger store", store);
    PufferPreconditions.checkArgument(bitLabels == null || bitLabels.size() == 2,
        "bitLabels = %s: must name bit 0 and bit 1", bitLabels);
    this.bitLabels = bitLabels == null ? null : new String[] {bitLabels.get(0), bitLabels.get(1)};
    this.preload = PufferPreconditions.checkNotNull("preload", preload);
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
    this.plan = PufferPreconditions.checkNotNull("redaction spec", plan);
    this.key = PufferPreconditions.checkNotNull("noise key source", key);
    this.optOutStream = optOutStream;
  }

  /** Builds the contract, loads the noise key, registers the metrics and the keyed state (the function's open()). */
  void open(RuntimeContext context) {
    contract = StreamingContract.of(plan, plan.holdBackTicks(), clock);
    mechanism = new KeyedMechanism(NoiseContext.REDACTION, key, store);
    mechanism.open(context, REASONS);
    state = context.getState(new ValueStateDescriptor<>(STATE_NAME, RedactionBufferSerializer.INSTANCE));
    OperatorMetrics metrics = mechanism.metrics();
    released = metrics.counter(OperatorMetrics.RELEASED);
    redacted = metrics.counter(OperatorMetrics.REDACTED);
    optOuts = metrics.counter(OperatorMetrics.OPT_OUTS);
  }

  /**
   * An observation of the current subject {@code subject}: held, and what it makes due decided; its rejection, if
   * any, goes to {@code rejected}.
   */
  void observe(StateObservation o, String subject, TimerService timers, Collector<RedactedRecord> out,
      Consumer<RejectedObservation> rejected) throws IOException {
    RejectedObservation r = accept(o, subject, timers, out);
    if (r != null) {
      rejected.accept(r);
    }
  }

  /** {@link #observe}: the rejection of {@code o}, or null when it was accepted. */
  private RejectedObservation accept(StateObservation o, String subject, TimerService timers,
      Collector<RedactedRecord> out) throws IOException {
    if (!KeyedMechanism.inModel(o.state, STATES)) {
      return mechanism.outsideModel(o, STATES);
    }
    RedactionBuffer stored = state.value();
    LedgerEntry history = mechanism.history().after(subject, stored == null ? Long.MIN_VALUE : stored.lastDecided());
    if (history != null && o.tick <= history.getLastTick()) {
      return mechanism.alreadyReleased(subject, o.tick, history.getLastTick());
    }
    RedactionBuffer b = buffer(subject, stored, history);
    long newest = b.newestTick();
    if (newest != RedactionBuffer.NONE && o.tick <= newest) {
      return mechanism.outOfOrder(o.subjectId, o.tick, newest, "newest tick");
    }
    if (!optOutStream) {
      // every held record t with t + H < o.tick: no opt-out can still change it (class comment)
      long decideBefore = o.tick - contract.holdBackTicks(); // no overflow: ticks >= 0 in practice
      while (!b.isEmpty() && b.firstTick() < decideBefore) {
        decideFirst(b, o.subjectId, out);
      }
    }
    b.add(o.tick, o.state); // state i is bit i
    if (b.size() == 1) {
      // invariant: while records are held, a timer is pending at or before the first one's deadline
      timers.registerEventTimeTimer(contract.deadline(o.tick));
    }
    decideDue(b, timers.currentWatermark(), o.subjectId, out); // a record behind the watermark
    state.update(b);
    return null;
  }

  /** An opt-out of the current subject {@code subject}; its rejections, if any, go to {@code rejected}. */
  void optOut(OptOut o, String subject, Consumer<RejectedObservation> rejected) throws IOException {
    optOuts.inc();
    RedactionBuffer stored = state.value();
    RedactionBuffer b = buffer(subject, stored,
        mechanism.history().after(subject, stored == null ? Long.MIN_VALUE : stored.lastDecided()));
    long from = o.getFromTick();
    long to = o.getToTick();
    if (from > to || from == OptOutRanges.NONE) {
      rejected.accept(reject(ReasonCode.OPT_OUT_REFUSED, o, String.format(Locale.ROOT,
          from > to ? "opt-out [%d, %d]: fromTick must not exceed toTick; nothing protected"
              : "opt-out [%d, %d]: fromTick Long.MIN_VALUE is reserved; nothing protected", from, to)));
      state.update(b); // the subject is known from now on
      return;
    }
    Long issued = o.getEventTime() == null ? null : o.getEventTime().toEpochMilli();
    StreamingContract.Admission admission = contract.admit(from, to, issued, b.lastDecided());
    if (admission.tooLate() != null) {
      rejected.accept(reject(ReasonCode.OPT_OUT_TOO_LATE, o, admission.tooLate()));
    }
    if (admission.protectFrom() <= to && !b.optOuts().add(admission.protectFrom(), to)) {
      rejected.accept(reject(ReasonCode.OPT_OUT_REFUSED, o, String.format(Locale.ROOT,
          "opt-out [%d, %d]: the subject already holds %d disjoint opt-out ranges (the limit); nothing protected",
          from, to, b.optOuts().size())));
    }
    state.update(b);
  }

  /** The current subject's timer fired: decides what is due and sets the next timer. */
  void onTimer(String subject, TimerService timers, Collector<RedactedRecord> out) throws IOException {
    RedactionBuffer b = state.value();
    if (b == null || b.isEmpty()) {
      return;
    }
    decideDue(b, timers.currentWatermark(), subject, out);
    if (!b.isEmpty()) {
      timers.registerEventTimeTimer(contract.deadline(b.firstTick()));
    }
    state.update(b);
  }

  /** Decides every held record whose deadline is at or before {@code watermark}. */
  private void decideDue(RedactionBuffer b, long watermark, String subject, Collector<RedactedRecord> out) {
    while (!b.isEmpty() && contract.deadline(b.firstTick()) <= watermark) {
      decideFirst(b, subject, out);
    }
  }

  /** Decides, emits and removes the oldest held record, then prunes ranges that can no longer matter. */
  private void decideFirst(RedactionBuffer b, String subject, Collector<RedactedRecord> out) {
    long t = b.firstTick();
    int x = b.firstValue();
    OptOutRanges ranges = b.optOuts();
    boolean release = plan.release(t, x, ranges, mechanism.random(), subject);
    b.removeFirst();
    mechanism.changed(subject, t);
    if (!ranges.isEmpty()) {
      ranges.pruneBefore(plan.oldestRelevantTick(t + 1));
    }
    out.collect(new RedactedRecord(subject, t, release ? Integer.valueOf(x) : null,
        release && bitLabels != null ? bitLabels[x] : null));
    (release ? released : redacted).inc();
  }

  /**
   * The subject's buffer: {@code stored}, or a new one; continued after the tick its durable {@code history} holds
   * when that is ahead of it (a start without state, an old savepoint). The caller stores it.
   */
  private RedactionBuffer buffer(String subject, RedactionBuffer stored, LedgerEntry history) {
    RedactionBuffer b = stored;
    if (b == null) {
      b = new RedactionBuffer(OptOutRanges.DEFAULT_CAPACITY);
      mechanism.newSubject();
      if (!preload.applyTo(subject, b.optOuts())) {
        throw new IllegalStateException("preloaded opt-outs exceed the subject's capacity (checked when built)");
      }
    }
    if (history != null) {
      b.continueAfter(history.getLastTick());
      mechanism.history().forget(subject);
    }
    return b;
  }

  /**
   * The durable entries of the subjects that decided records since the last flush ({@link LedgerFlushing}): each
   * records the last tick decided (released or redacted).
   */
  void flushLedger(Consumer<String> setKey, Consumer<LedgerEntry> out) throws Exception {
    mechanism.flush(setKey, out, (subject, tick) -> mechanism.entry(subject, tick, null, 0, NO_BUDGET, null));
  }

  private RejectedObservation reject(ReasonCode reason, OptOut o, String message) {
    return mechanism.reject(reason, OPT_OUT_SOURCE, encode(o), message);
  }

  /** The opt-out's Avro binary encoding (the payload of its rejection). */
  static byte[] encode(OptOut o) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
      BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
      new SpecificDatumWriter<>(OptOut.class).write(o, encoder);
      encoder.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode an opt-out", e);
    }
  }

  /** The metrics (after {@link #open}). */
  OperatorMetrics metrics() {
    return mechanism.metrics();
  }

  /** Names the configuration only: no key, no state, no subject data. */
  @Override
  public String toString() {
    return plan + ", " + key;
  }
}
