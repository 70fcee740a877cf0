package org.pufferflow.operators;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Flink's {@link KeyedProcessOperator} for a function that keeps durable ledger entries ({@link LedgerFlushing}): the
 * same operator (same state, timers and savepoint layout), which also flushes the function's entries before every
 * checkpoint barrier and when its input ends.
 */
@Internal
public final class DurableProcessOperator<F extends KeyedProcessFunction<String, I, O> & LedgerFlushing, I, O>
    extends KeyedProcessOperator<String, I, O> {

  private static final long serialVersionUID = 1L;

  private final F function;

  public DurableProcessOperator(F function) {
    super(function);
    this.function = function;
  }

  @Override
  public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    super.prepareSnapshotPreBarrier(checkpointId);
    LedgerFlushing.flush(function, this::setCurrentKey, raw(output));
  }

  @Override
  public void finish() throws Exception {
    LedgerFlushing.flush(function, this::setCurrentKey, raw(output));
    super.finish();
  }

  /** An operator's output, for side-output records of another type than its main output's. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Output<StreamRecord<?>> raw(Output<? extends StreamRecord<?>> output) {
    return (Output) output;
  }
}
