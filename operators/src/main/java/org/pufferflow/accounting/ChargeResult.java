package org.pufferflow.accounting;

/**
 * Outcome of {@link PrivacyLedger#tryCharge}: whether the release may be made, and whether this refusal is the one
 * that must be reported (one {@code LedgerEvent} per exhaustion; docs/privacy-noise.md, 'The privacy ledger').
 */
public enum ChargeResult {
  /** The charge was recorded; make the release. */
  CHARGED,
  /** Refused: the total budget cannot pay. First refusal: report exhaustion now; releases stop for good. */
  EXHAUSTED,
  /** Refused: this period's budget cannot pay. First refusal in this period: report it now. */
  PERIOD_EXHAUSTED,
  /** Refused; the exhaustion was already reported. */
  REFUSED,
  /**
   * Refused: the release's cost is +∞ (an unbounded privacy loss, e.g. a DPHMM release whose constrained-DP
   * multiplier is infinite). No budget can pay it; nothing is spent and no exhaustion is marked or reported, so
   * later finite charges are judged as if this one had not been asked.
   */
  UNBOUNDED_COST;

  /** Whether the charge was recorded (the release may be made). */
  public boolean charged() {
    return this == CHARGED;
  }

  /** Whether the caller must now emit the one exhaustion event. */
  public boolean reportsExhaustion() {
    return this == EXHAUSTED || this == PERIOD_EXHAUSTED;
  }
}
