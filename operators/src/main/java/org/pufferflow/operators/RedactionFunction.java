package org.pufferflow.operators;

import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.StreamingContract;
import org.pufferflow.operators.state.RedactionBuffer;
import org.pufferflow.operators.state.RedactionBufferSerializer;

/**
 * Correlation-aware redaction of one subject's binary stream (docs/operators.md, 'Redaction function';
 * docs/redaction.md, 'Streaming contract' and 'When an opt-out takes effect'; Maßny et al., Sec. IV). Keyed by
 * subject; input 1 is the subject's {@link StateObservation}s in strictly increasing tick order (gaps allowed), input
 * 2 its {@link OptOut} control records, connected and keyed by subject. The model has two states and a record's
 * bit is its state (0 or 1; the job's configuration loader checks the model). Output: one {@link RedactedRecord}
 * per observed tick, in tick order, whose value is the record's bit or null (redacted).
 *
 * <p><b>When records are decided.</b> With {@code H = plan.holdBackTicks()} ({@code >= plan.holdBack()}), the record
 * of tick {@code t} is decided, with the opt-out ranges known at that moment, once event time (the watermark, the
 * minimum over both inputs) reaches the start of tick {@code t + H + 1} ({@link StreamingContract#deadline}); the
 * final watermark of a bounded input decides every held record. When opt-outs come on input 2 from a live source
 * ({@code optOutStream}), that is the only way: an observation stream running ahead of the opt-out stream (skewed
 * partitions, a recovery) then cannot get a record decided before an opt-out that precedes it in event time. When
 * they are all known before the job starts ({@link OptOutPreload}; input 2 empty, or no input 2 at all:
 * {@link PreloadedRedactionFunction}, which runs the same rules on one input so it chains to the operator before it),
 * nothing can race, and a record is also decided as soon as a record of the same subject with a tick {@code > t + H}
 * arrives, which keeps the held span at most H + 1 ticks without waiting for the watermark. The decision is
 * {@code plan.release(t, bit, ranges, random, subject)}, the keyed coin of context {@code ("redaction", subject, t)};
 * a tick without a record (a gap) is a redacted record of the design: nothing is emitted for it.
 *
 * <p><b>Opt-outs.</b> An opt-out {@code [from, to]} issued at event time {@code e} ({@code OptOut.eventTime})
 * protects its ticks from {@link StreamingContract#firstTickIssuedAt}(e) on, and in any case only ticks whose
 * records and the hold-back before them are still undecided ({@link StreamingContract#admit}); the ticks before are
 * reported to {@link MechanismOutputs#REJECTED} with reason {@link ReasonCode#OPT_OUT_TOO_LATE} and counted, and the
 * rest, if any, is protected. An opt-out with {@code from > to}, or one that would exceed the subject's limit of
 * {@link OptOutRanges#DEFAULT_CAPACITY} disjoint ranges, is reported whole with {@link ReasonCode#OPT_OUT_REFUSED}. A
 * record of input 1 at or before the subject's newest tick (an upstream ordering fault) is reported as
 * {@link ReasonCode#DUPLICATE_TICK} or {@link ReasonCode#TOO_LATE}, and one whose state is neither 0 nor 1 as
 * {@link ReasonCode#UNKNOWN_LABEL}; such a record changes nothing and the subject's later records are processed
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
 *
 * <p>The rules are implemented once, in {@link RedactionDecider}, which this function and
 * {@link PreloadedRedactionFunction} delegate to.
 */
@PublicEvolving
public final class RedactionFunction
    extends KeyedCoProcessFunction<String, StateObservation, OptOut, RedactedRecord> implements LedgerFlushing {

  private static final long serialVersionUID = 1L;

  /** Name of the keyed state (stable: savepoints refer to it). */
  public static final String STATE_NAME = RedactionDecider.STATE_NAME;

  /** The type of the opt-out (second) input: Avro's specific record type, never a generic (Kryo) one. */
  public static final TypeInformation<OptOut> OPT_OUT_TYPE = TypeInformation.of(OptOut.class);

  /** Source topic written into rejections (the control records carry no Kafka origin). */
  public static final String OPT_OUT_SOURCE = RedactionDecider.OPT_OUT_SOURCE;

  private final RedactionDecider decider;

  /**
   * @param plan the public redaction configuration (the plan is built in {@code open()})
   * @param key where the noise key comes from (loaded in {@code open()})
   * @param clock the tick clock of the observations and opt-outs
   * @param preload opt-outs known before the job starts, added when the function first meets a subject
   *     ({@link OptOutPreload#NONE}: none)
   * @param optOutStream whether input 2 carries opt-outs from a live source: records are then decided by event time
   *     only (class comment)
   */
  public RedactionFunction(RedactionPlan plan, NoiseKeySource key, TickClock clock, OptOutPreload preload,
      boolean optOutStream) {
    this(plan, key, clock, preload, optOutStream, null);
  }

  /**
   * @param bitLabels the label of each released value (bit 0, bit 1), carried beside it in every released record;
   *     null for none (the {@code label} field stays null)
   */
  public RedactionFunction(RedactionPlan plan, NoiseKeySource key, TickClock clock, OptOutPreload preload,
      boolean optOutStream, List<String> bitLabels) {
    this(plan, key, clock, preload, optOutStream, bitLabels, LedgerStore.NONE);
  }

  /**
   * @param store the deployment's durable ledger: read in {@code open()}, written through
   *     {@link MechanismOutputs#LEDGER_ENTRIES} ({@link LedgerStore#NONE}: tests of the operator)
   */
  public RedactionFunction(RedactionPlan plan, NoiseKeySource key, TickClock clock, OptOutPreload preload,
      boolean optOutStream, List<String> bitLabels, LedgerStore store) {
    this.decider = new RedactionDecider(plan, key, clock, preload, optOutStream, bitLabels, store);
  }

  @Override
  public void open(OpenContext openContext) {
    decider.open(getRuntimeContext());
  }

  @Override
  public void processElement1(StateObservation o, Context ctx, Collector<RedactedRecord> out) throws Exception {
    decider.observe(o, ctx.getCurrentKey(), ctx.timerService(), out, r -> ctx.output(MechanismOutputs.REJECTED, r));
  }

  /** The durable entries of the subjects that decided records since the last flush. */
  @Override
  public void flushLedger(Consumer<String> setKey, Consumer<LedgerEntry> out) throws Exception {
    decider.flushLedger(setKey, out);
  }

  @Override
  public void processElement2(OptOut o, Context ctx, Collector<RedactedRecord> out) throws Exception {
    decider.optOut(o, ctx.getCurrentKey(), r -> ctx.output(MechanismOutputs.REJECTED, r));
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<RedactedRecord> out) throws Exception {
    decider.onTimer(ctx.getCurrentKey(), ctx.timerService(), out);
  }

  /** This instance's metrics (after {@code open()}; tests). */
  @VisibleForTesting
  OperatorMetrics metrics() {
    return decider.metrics();
  }

  /** Names the configuration only: no key, no state, no subject data. */
  @Override
  public String toString() {
    return "RedactionFunction[" + decider + "]";
  }
}
