package org.pufferflow.operators;

import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * Redaction when every opt-out is known before the job starts (docs/operators.md, 'Redaction function'): the rules
 * of {@link RedactionFunction} without a live opt-out stream, on one input — the keyed {@link StateObservation}s —
 * so Flink can chain the operator to the one before it (a two-input operator cannot be chained on its inputs, and
 * every observation would cross one more exchange). The opt-outs come from {@link OptOutPreload} (or there are none);
 * a held record of tick {@code t} is decided when a record of its subject with a tick {@code > t + H} arrives or
 * when the watermark reaches the start of tick {@code t + H + 1}, whichever comes first. For the same input it emits
 * the same records, rejections and metrics as {@link RedactionFunction} with {@code optOutStream = false} and an empty
 * second input: both delegate to {@link RedactionDecider}.
 *
 * <p><b>Savepoints.</b> The keyed state ({@value #STATE_NAME}, serializer {@code RedactionBufferSerializer}) and the
 * event-time timers (Flink's internal timer service {@code user-timers}, keyed by subject, void namespace) are those of
 * {@link RedactionFunction}, and the job gives both the same operator uid ({@code redaction}): a savepoint taken with
 * either restores into the other (PreloadedRedactionFunctionTest).
 */
@PublicEvolving
public final class PreloadedRedactionFunction
    extends KeyedProcessFunction<String, StateObservation, RedactedRecord> implements LedgerFlushing {

  private static final long serialVersionUID = 1L;

  /** Name of the keyed state: the same as {@link RedactionFunction#STATE_NAME}. */
  public static final String STATE_NAME = RedactionDecider.STATE_NAME;

  private final RedactionDecider decider;

  /**
   * @param plan the public redaction configuration
   * @param key where the noise key comes from (loaded in {@code open()})
   * @param clock the tick clock of the observations
   * @param preload opt-outs known before the job starts, added when the function first meets a subject
   *     ({@link OptOutPreload#NONE}: none)
   * @param bitLabels the label of each released value (bit 0, bit 1), carried beside it in every released record;
   *     null for none
   */
  public PreloadedRedactionFunction(RedactionPlan plan, NoiseKeySource key, TickClock clock, OptOutPreload preload,
      List<String> bitLabels) {
    this(plan, key, clock, preload, bitLabels, LedgerStore.NONE);
  }

  /**
   * @param store the deployment's durable ledger: read in {@code open()}, written through
   *     {@link MechanismOutputs#LEDGER_ENTRIES} ({@link LedgerStore#NONE}: tests of the operator)
   */
  public PreloadedRedactionFunction(RedactionPlan plan, NoiseKeySource key, TickClock clock, OptOutPreload preload,
      List<String> bitLabels, LedgerStore store) {
    this.decider = new RedactionDecider(plan, key, clock, preload, false, bitLabels, store);
  }

  @Override
  public void open(OpenContext openContext) {
    decider.open(getRuntimeContext());
  }

  @Override
  public void processElement(StateObservation o, Context ctx, Collector<RedactedRecord> out) throws Exception {
    decider.observe(o, ctx.getCurrentKey(), ctx.timerService(), out, r -> ctx.output(MechanismOutputs.REJECTED, r));
  }

  /** The durable entries of the subjects that decided records since the last flush. */
  @Override
  public void flushLedger(Consumer<String> setKey, Consumer<LedgerEntry> out) throws Exception {
    decider.flushLedger(setKey, out);
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
    return "PreloadedRedactionFunction[" + decider + "]";
  }
}
