package org.pufferflow.operators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
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
 * Correlation-aware redaction of one subject's binary stream (docs/operators.md, 'Redaction function';
 * docs/redaction.md, 'Streaming contract' and 'When an opt-out takes effect'; Maßny et al., Sec. IV). Keyed by
 * subject; input 1 is the subject's {@link StateObservation}s in strictly increasing tick order (gaps allowed), input
 * 2 its {@link OptOut} control records, connected and keyed by subject. Output: one {@link RedactedRecord} per
 * observed tick, in tick order, whose value is the record's bit or null (redacted).
 *
 * <p><b>When records are decided.</b> With {@code H = spec.holdBackTicks()} ({@code >= plan.holdBack()}), the record
 * of tick {@code t} is decided, with the opt-out ranges known at that moment, once event time (the watermark, the
 * minimum over both inputs) reaches the start of tick {@code t + H + 1} ({@link StreamingContract#deadline}); the
 * final watermark of a bounded input decides every held record. When opt-outs come on input 2 from a live source
 * ({@code optOutStream}), that is the only way: an observation stream running ahead of the opt-out stream (skewed
 * partitions, a recovery) then cannot get a record decided before an opt-out that precedes it in event time. When
 * they are all known before the job starts ({@link OptOutPreload}; input 2 empty), nothing can race, and a record is
 * also decided as soon as a record of the same subject with a tick {@code > t + H} arrives, which keeps the held span
 * at most H + 1 ticks without waiting for the watermark. The decision is {@code plan.release(t, bit, ranges, random,
 * subject)}, the keyed coin of context {@code ("redaction", subject, t)}; a tick without a record (a gap) is a
 * redacted record of the design: nothing is emitted for it.
 *
 * <p><b>Opt-outs.</b> An opt-out {@code [from, to]} issued at event time {@code e} ({@code OptOut.eventTime})
 * protects its ticks from {@link StreamingContract#firstTickIssuedAt}(e) on, and in any case only ticks whose
 * records and the hold-back before them are still undecided ({@link StreamingContract#admit}); the ticks before are
 * reported to {@link MechanismOutputs#REJECTED} with reason {@link ReasonCode#OPT_OUT_TOO_LATE} and counted, and the
 * rest, if any, is protected. An opt-out with {@code from > to}, or one that would exceed the subject's limit of
 * {@link OptOutRanges#DEFAULT_CAPACITY} disjoint ranges, is reported whole with {@link ReasonCode#OPT_OUT_REFUSED}. A
 * record of input 1 at or before the subject's newest tick (an upstream ordering fault) is reported as
 * {@link ReasonCode#DUPLICATE_TICK} or {@link ReasonCode#TOO_LATE}, and one whose state is outside {@code stateBits}
 * as {@link ReasonCode#UNKNOWN_LABEL}; such a record changes nothing and the subject's later records are processed
 * (the contract-breach policy of {@link KeyedMechanism}, which also holds the noise key, the metrics and the
 * rejections). Opt-out rejections carry the Avro-encoded opt-out as payload and source {@value #OPT_OUT_SOURCE};
 * observation rejections have source {@code redaction} and no payload. Rejections name ticks only, never a state.
 *
 * <p><b>State</b> per subject: one {@link RedactionBuffer} (descriptor {@value #STATE_NAME}, explicit serializer
 * {@link RedactionBufferSerializer}): the held bits, the last decided tick and the opt-out ranges, pruned with
 * {@code plan.oldestRelevantTick} after every decision. One event-time timer per subject is pending at or before the
 * first held record's deadline. Redaction has no per-subject ε budget: each opt-out's guarantee is ε by the plan, so
 * there is no ledger.
 *
 * <p><b>Metrics</b> ({@link OperatorMetrics}, group {@code pufferflow} → {@code redaction}): {@code released},
 * {@code redacted}, {@code optOuts}, {@code subjects} (subjects whose state this instance created since it started)
 * and {@code rejects.<REASON>}.
 */
@PublicEvolving
public final class RedactionFunction
    extends KeyedCoProcessFunction<String, StateObservation, OptOut, RedactedRecord> {

  private static final long serialVersionUID = 1L;

  /** Name of the keyed state (stable: savepoints refer to it). */
  public static final String STATE_NAME = "redaction-buffer";

  /** The type of the opt-out (second) input: Avro's specific record type, never a generic (Kryo) one. */
  public static final TypeInformation<OptOut> OPT_OUT_TYPE = TypeInformation.of(OptOut.class);

  /** Source topic written into rejections (the control records carry no Kafka origin). */
  public static final String OPT_OUT_SOURCE = "opt-out";

  private static final ReasonCode[] REASONS = {
    ReasonCode.OPT_OUT_TOO_LATE, ReasonCode.OPT_OUT_REFUSED, ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE,
    ReasonCode.UNKNOWN_LABEL
  };

  private final RedactionPlan spec;
  private final NoiseKeySource key;
  private final int[] stateBits;
  private final TickClock clock;
  private final String[] bitLabels;
  private final OptOutPreload preload;
  private final boolean optOutStream;

  private transient RedactionPlan plan;
  private transient StreamingContract contract;
  private transient KeyedMechanism mechanism;
  private transient ValueState<RedactionBuffer> state;
  private transient Counter released;
  private transient Counter redacted;
  private transient Counter optOuts;

  /**
   * @param spec the public redaction configuration (the plan is built in {@code open()})
   * @param key where the noise key comes from (loaded in {@code open()})
   * @param stateBits the released bit of each model state: {@code stateBits[s]} is 0 or 1 for every state s
   * @param clock the tick clock of the observations and opt-outs
   * @param preload opt-outs known before the job starts, added when the function first meets a subject
   *     ({@link OptOutPreload#NONE}: none)
   * @param optOutStream whether input 2 carries opt-outs from a live source: records are then decided by event time
   *     only (class comment)
   */
  public RedactionFunction(RedactionPlan spec, NoiseKeySource key, int[] stateBits, TickClock clock,
      OptOutPreload preload, boolean optOutStream) {
    this(spec, key, stateBits, clock, preload, optOutStream, null);
  }

  /**
   * @param bitLabels the label of each released value (bit 0, bit 1), carried beside it in every released record;
   *     null for none (the {@code label} field stays null)
   */
  public RedactionFunction(RedactionPlan spec, NoiseKeySource key, int[] stateBits, TickClock clock,
      OptOutPreload preload, boolean optOutStream, List<String> bitLabels) {
    PufferPreconditions.checkArgument(bitLabels == null || bitLabels.size() == 2,
        "bitLabels = %s: must name bit 0 and bit 1", bitLabels);
    this.bitLabels = bitLabels == null ? null : new String[] {bitLabels.get(0), bitLabels.get(1)};
    this.preload = PufferPreconditions.checkNotNull("preload", preload);
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
    this.spec = PufferPreconditions.checkNotNull("redaction spec", spec);
    this.key = PufferPreconditions.checkNotNull("noise key source", key);
    this.optOutStream = optOutStream;
    PufferPreconditions.checkNotNull("stateBits", stateBits);
    PufferPreconditions.checkArgument(stateBits.length > 0, "stateBits = []: must map every model state");
    for (int s = 0; s < stateBits.length; s++) {
      PufferPreconditions.checkArgument(stateBits[s] == 0 || stateBits[s] == 1,
          "stateBits[%s] = %s: must be 0 or 1", s, stateBits[s]);
    }
    this.stateBits = stateBits.clone();
  }

  @Override
  public void open(OpenContext openContext) {
    plan = spec;
    contract = StreamingContract.of(plan, spec.holdBackTicks(), clock);
    mechanism = new KeyedMechanism(NoiseContext.REDACTION, key);
    mechanism.open(getRuntimeContext(), REASONS);
    state = getRuntimeContext().getState(new ValueStateDescriptor<>(STATE_NAME, RedactionBufferSerializer.INSTANCE));
    OperatorMetrics metrics = mechanism.metrics();
    released = metrics.counter(OperatorMetrics.RELEASED);
    redacted = metrics.counter(OperatorMetrics.REDACTED);
    optOuts = metrics.counter(OperatorMetrics.OPT_OUTS);
  }

  @Override
  public void processElement1(StateObservation o, Context ctx, Collector<RedactedRecord> out) throws Exception {
    if (!KeyedMechanism.inModel(o.state, stateBits.length)) {
      ctx.output(MechanismOutputs.REJECTED, mechanism.outsideModel(o, stateBits.length));
      return;
    }
    RedactionBuffer b = buffer(ctx.getCurrentKey());
    long newest = b.newestTick();
    if (newest != RedactionBuffer.NONE && o.tick <= newest) {
      ctx.output(MechanismOutputs.REJECTED, mechanism.outOfOrder(o.subjectId, o.tick, newest, "newest tick"));
      return;
    }
    if (!optOutStream) {
      // every held record t with t + H < o.tick: no opt-out can still change it (class comment)
      long decideBefore = o.tick - contract.holdBackTicks(); // no overflow: ticks >= 0 in practice
      while (!b.isEmpty() && b.firstTick() < decideBefore) {
        decideFirst(b, o.subjectId, out);
      }
    }
    b.add(o.tick, stateBits[o.state]);
    if (b.size() == 1) {
      // invariant: while records are held, a timer is pending at or before the first one's deadline
      ctx.timerService().registerEventTimeTimer(contract.deadline(o.tick));
    }
    decideDue(b, ctx.timerService().currentWatermark(), o.subjectId, out); // a record behind the watermark
    state.update(b);
  }

  @Override
  public void processElement2(OptOut o, Context ctx, Collector<RedactedRecord> out) throws Exception {
    optOuts.inc();
    RedactionBuffer b = buffer(ctx.getCurrentKey());
    long from = o.getFromTick();
    long to = o.getToTick();
    if (from > to || from == OptOutRanges.NONE) {
      reject(ctx, ReasonCode.OPT_OUT_REFUSED, encode(o), String.format(Locale.ROOT,
          from > to ? "opt-out [%d, %d]: fromTick must not exceed toTick; nothing protected"
              : "opt-out [%d, %d]: fromTick Long.MIN_VALUE is reserved; nothing protected", from, to));
      state.update(b); // the subject is known from now on
      return;
    }
    Long issued = o.getEventTime() == null ? null : o.getEventTime().toEpochMilli();
    StreamingContract.Admission admission = contract.admit(from, to, issued, b.lastDecided());
    if (admission.tooLate() != null) {
      reject(ctx, ReasonCode.OPT_OUT_TOO_LATE, encode(o), admission.tooLate());
    }
    if (admission.protectFrom() <= to && !b.optOuts().add(admission.protectFrom(), to)) {
      reject(ctx, ReasonCode.OPT_OUT_REFUSED, encode(o), String.format(Locale.ROOT,
          "opt-out [%d, %d]: the subject already holds %d disjoint opt-out ranges (the limit); nothing protected",
          from, to, b.optOuts().size()));
    }
    state.update(b);
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<RedactedRecord> out) throws Exception {
    RedactionBuffer b = state.value();
    if (b == null || b.isEmpty()) {
      return;
    }
    decideDue(b, ctx.timerService().currentWatermark(), ctx.getCurrentKey(), out);
    if (!b.isEmpty()) {
      ctx.timerService().registerEventTimeTimer(contract.deadline(b.firstTick()));
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
    if (!ranges.isEmpty()) {
      ranges.pruneBefore(plan.oldestRelevantTick(t + 1));
    }
    out.collect(new RedactedRecord(subject, t, release ? Integer.valueOf(x) : null,
        release && bitLabels != null ? bitLabels[x] : null));
    (release ? released : redacted).inc();
  }

  private RedactionBuffer buffer(String subject) throws IOException {
    RedactionBuffer b = state.value();
    if (b == null) {
      b = new RedactionBuffer(OptOutRanges.DEFAULT_CAPACITY);
      mechanism.newSubject();
      if (!preload.applyTo(subject, b.optOuts())) {
        throw new IllegalStateException("preloaded opt-outs exceed the subject's capacity (checked when built)");
      }
    }
    return b;
  }

  private void reject(Context ctx, ReasonCode reason, byte[] payload, String message) {
    ctx.output(MechanismOutputs.REJECTED, mechanism.reject(reason, OPT_OUT_SOURCE, payload, message));
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

  /** This instance's metrics (after {@code open()}; tests). */
  @VisibleForTesting
  OperatorMetrics metrics() {
    return mechanism.metrics();
  }

  /** Names the configuration only: no key, no state, no subject data. */
  @Override
  public String toString() {
    return "RedactionFunction[" + spec + ", " + key + ", states=" + stateBits.length + "]";
  }
}
