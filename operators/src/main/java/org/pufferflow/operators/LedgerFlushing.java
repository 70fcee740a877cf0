package org.pufferflow.operators;

import java.util.function.Consumer;
import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.pufferflow.avro.LedgerEntry;

/**
 * A keyed mechanism function that keeps durable ledger entries (docs/privacy-noise.md, 'The durable ledger'): it
 * marks the subjects whose entry changed, and its operator ({@link DurableProcessOperator},
 * {@link DurableCoProcessOperator}) has it write their entries to {@link MechanismOutputs#LEDGER_ENTRIES} before each
 * checkpoint barrier and at the end of the input. A checkpoint's entries therefore reach the ledger's sink before
 * its barrier does — in the same checkpoint as its releases (Flink prepares a chain's operators head first) — and a
 * subject costs one entry per checkpoint however many records it had.
 */
@Internal
public interface LedgerFlushing {

  /**
   * Writes the entry of every subject whose ledger changed since the last call.
   *
   * @param setKey makes a subject the current key, so the function reads its Flink state
   * @param out where the entries go
   */
  void flushLedger(Consumer<String> setKey, Consumer<LedgerEntry> out) throws Exception;

  /** What both operators do before a barrier and at the end: {@code function}'s entries to the side output. */
  static void flush(LedgerFlushing function, Consumer<String> setKey, Output<StreamRecord<?>> output)
      throws Exception {
    function.flushLedger(setKey, e -> output.collect(MechanismOutputs.LEDGER_ENTRIES, new StreamRecord<>(e)));
  }
}
