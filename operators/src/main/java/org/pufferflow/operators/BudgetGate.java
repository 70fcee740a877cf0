package org.pufferflow.operators;

import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.accounting.PrivacyLedger;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.common.PufferPreconditions;

/**
 * One mechanism's per-subject budget as every keyed release function uses it (docs/privacy-noise.md, 'The privacy
 * ledger'): a release is made only if its cost was charged, and the refusal that exhausts a budget (the total, or
 * the current period's) yields exactly one {@link LedgerEvent}. Shared by the DPHMM, MQM and redaction functions,
 * so the three follow one rule.
 *
 * <p>Built by {@link KeyedMechanism} from the job's ledger policy; holds no per-subject data (that is the keyed
 * {@link LedgerState}). The caller's duties: charge in tick order per subject, emit the event this returns, and
 * store the state back after every charge.
 */
final class BudgetGate {

  private final String mechanism;
  private final PrivacyLedger ledger;

  /**
   * @param mechanism the public mechanism id written into ledger events ({@code dphmm}, {@code mqm},
   *     {@code redaction})
   */
  BudgetGate(String mechanism, LedgerPolicy policy) {
    this.mechanism = PufferPreconditions.checkNotNull("mechanism", mechanism);
    this.ledger = new PrivacyLedger(PufferPreconditions.checkNotNull("ledger policy", policy));
  }

  /** A fresh subject's ledger state, recording this gate's policy. */
  public LedgerState newState() {
    LedgerState s = new LedgerState();
    ledger.restore(s);
    return s;
  }

  /** Charges {@code epsilon} for a release at {@code tick}; the release may be made iff the result is charged. */
  public ChargeResult charge(LedgerState state, double epsilon, long tick) {
    return ledger.tryCharge(state, epsilon, tick);
  }

  /**
   * The ledger event of a charge that {@link ChargeResult#reportsExhaustion() reports exhaustion}: spent so far,
   * what is left (of the total, or of the current period for a period exhaustion) and whether the total budget is
   * exhausted for good.
   */
  public LedgerEvent exhaustionEvent(String subjectId, LedgerState state, ChargeResult result) {
    PufferPreconditions.checkArgument(result.reportsExhaustion(), "result = %s: reports no exhaustion", result);
    return LedgerEvent.newBuilder()
        .setSubjectId(subjectId)
        .setMechanism(mechanism)
        .setSpent(state.getSpent())
        .setRemaining(result == ChargeResult.EXHAUSTED ? ledger.remaining(state) : ledger.remainingInPeriod(state))
        .setExhausted(result == ChargeResult.EXHAUSTED)
        .build();
  }

  /** Total budget left for a subject, rounded downward. */
  public double remaining(LedgerState state) {
    return ledger.remaining(state);
  }

  public String mechanism() {
    return mechanism;
  }

  /** The ledger (its policy is public). */
  public PrivacyLedger ledger() {
    return ledger;
  }
}
