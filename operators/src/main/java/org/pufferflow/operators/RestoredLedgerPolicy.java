package org.pufferflow.operators;

import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerPolicyChangedException;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.accounting.PrivacyLedger;
import org.pufferflow.operators.state.LedgerStateTypes;

/**
 * The job's ledger policy kept in operator state, so that a restore under a changed budget configuration fails at
 * START, naming the changed key, instead of on some subject's first charge (docs/privacy-noise.md, 'The privacy
 * ledger'). The policy is stored as a {@link LedgerState} that records it (explicit POJO type information, never
 * Kryo) in union list state, so every subtask sees it after rescaling.
 *
 * <p>The check is conservative: it assumes that some subject has charged a period under the old policy, which is
 * the case in which {@code PrivacyLedger#restore} refuses a period change (the keyed states themselves are
 * migrated, one by one, on their next charge).
 */
final class RestoredLedgerPolicy {

  private final String mechanism;
  private final LedgerPolicy current;
  private ListState<LedgerState> state;

  RestoredLedgerPolicy(String mechanism, LedgerPolicy current) {
    this.mechanism = mechanism;
    this.current = current;
  }

  /** Registers the operator state {@code <mechanism>-ledger-policy} and checks a restored policy. */
  void initialize(FunctionInitializationContext context) throws Exception {
    state = context.getOperatorStateStore().getUnionListState(
        new ListStateDescriptor<>(KeyedMechanism.stateName(mechanism, "ledger-policy"),
            LedgerStateTypes.LEDGER_STATE));
    if (context.isRestored()) {
      for (LedgerState recorded : state.get()) {
        check(mechanism, recorded, current);
      }
    }
    snapshot();
  }

  /** Writes the current policy (call in {@code snapshotState}). */
  void snapshot() throws Exception {
    LedgerState s = new LedgerState();
    new PrivacyLedger(current).restore(s);
    state.update(List.of(s));
  }

  /**
   * Throws unless a ledger state charged under the policy {@code recorded} holds can be migrated to
   * {@code current}.
   *
   * @throws IllegalStateException whose message names the mechanism and the changed key, caused by the ledger's
   *     {@link LedgerPolicyChangedException}
   */
  static void check(String mechanism, LedgerState recorded, LedgerPolicy current) {
    if (!recorded.hasRecordedPolicy()) {
      return;
    }
    LedgerState probe = new LedgerState();
    probe.setPolicyTotalBudget(recorded.getPolicyTotalBudget());
    probe.setPolicyPeriodBudget(recorded.getPolicyPeriodBudget());
    probe.setPolicyPeriodTicks(recorded.getPolicyPeriodTicks());
    probe.setSpent(Double.MIN_VALUE);
    probe.setPeriod(0);
    probe.setPeriodSpent(Double.MIN_VALUE);
    try {
      new PrivacyLedger(current).restore(probe);
    } catch (LedgerPolicyChangedException e) {
      throw new IllegalStateException(
          mechanism + " budget: the restored state was charged under another ledger policy (changed key: "
              + e.key() + "): " + e.getMessage(), e);
    }
  }
}
