package org.pufferflow.operators.state;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.pufferflow.accounting.LedgerState;

/**
 * Flink type information for the privacy ledger's keyed state: {@link LedgerState} is a Flink POJO, serialized by
 * Flink's {@code PojoSerializer} (never Kryo), with schema evolution and savepoint compatibility as Flink provides
 * for POJOs. The ledger class itself stays Flink-free (org.pufferflow.accounting).
 *
 * <p>The state carries the policy it was charged under (three primitive fields). A savepoint written before those
 * fields existed restores through the POJO serializer's schema evolution with them at 0, i.e. "no recorded policy",
 * and such a state adopts the current policy ({@code PrivacyLedger#restore}; docs/privacy-noise.md, 'The privacy
 * ledger').
 */
@Internal
public final class LedgerStateTypes {

  /** Type information of {@link LedgerState}; declared explicitly so that a change breaking the POJO rules fails. */
  public static final TypeInformation<LedgerState> LEDGER_STATE = Types.POJO(LedgerState.class);

  private LedgerStateTypes() {}

  /** A value-state descriptor for one mechanism's ledger, e.g. {@code descriptor("mqm-ledger")}. */
  public static ValueStateDescriptor<LedgerState> descriptor(String name) {
    return new ValueStateDescriptor<>(name, LEDGER_STATE);
  }
}
