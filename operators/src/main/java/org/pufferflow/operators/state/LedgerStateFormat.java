package org.pufferflow.operators.state;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.pufferflow.accounting.LedgerState;

/**
 * The bytes of a {@link LedgerState} kept inside a mechanism's per-subject value (docs/operators.md, 'DPHMM release
 * function'): every field, in declaration order, {@value #BYTES} bytes. The value's serializer writes and reads it
 * and versions it through its own snapshot; a ledger kept as a keyed state of its own ({@link LedgerStateTypes})
 * keeps Flink's POJO format.
 */
@Internal
public final class LedgerStateFormat {

  /** Serialized size: six 8-byte fields and two booleans. */
  public static final int BYTES = 6 * 8 + 2;

  private LedgerStateFormat() {}

  public static void write(LedgerState s, DataOutputView out) throws IOException {
    out.writeDouble(s.getSpent());
    out.writeDouble(s.getPeriodSpent());
    out.writeLong(s.getPeriod());
    out.writeBoolean(s.isExhausted());
    out.writeBoolean(s.isPeriodExhausted());
    out.writeDouble(s.getPolicyTotalBudget());
    out.writeDouble(s.getPolicyPeriodBudget());
    out.writeLong(s.getPolicyPeriodTicks());
  }

  public static LedgerState read(DataInputView in) throws IOException {
    LedgerState s = new LedgerState();
    s.setSpent(in.readDouble());
    s.setPeriodSpent(in.readDouble());
    s.setPeriod(in.readLong());
    s.setExhausted(in.readBoolean());
    s.setPeriodExhausted(in.readBoolean());
    s.setPolicyTotalBudget(in.readDouble());
    s.setPolicyPeriodBudget(in.readDouble());
    s.setPolicyPeriodTicks(in.readLong());
    return s;
  }
}
