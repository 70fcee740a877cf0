package org.pufferflow.operators;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;

/**
 * Flink's {@link KeyedCoProcessOperator} for a two-input function that keeps durable ledger entries
 * ({@link LedgerFlushing}; {@link DurableProcessOperator} for one input).
 */
@Internal
public final class DurableCoProcessOperator<F extends KeyedCoProcessFunction<String, A, B, O> & LedgerFlushing, A, B,
    O> extends KeyedCoProcessOperator<String, A, B, O> {

  private static final long serialVersionUID = 1L;

  private final F function;

  public DurableCoProcessOperator(F function) {
    super(function);
    this.function = function;
  }

  @Override
  public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    super.prepareSnapshotPreBarrier(checkpointId);
    LedgerFlushing.flush(function, this::setCurrentKey, DurableProcessOperator.raw(output));
  }

  @Override
  public void finish() throws Exception {
    LedgerFlushing.flush(function, this::setCurrentKey, DurableProcessOperator.raw(output));
    super.finish();
  }
}
