package org.pufferflow.operators;

import org.pufferflow.accounting.LedgerPolicy;

/** Ledger policies of the operator tests, through {@link LedgerPolicy#builder()}. */
final class Budgets {

  private Budgets() {}

  /** A lifetime budget only. */
  static LedgerPolicy total(double total) {
    return LedgerPolicy.builder().totalBudget(total).build();
  }

  /** A lifetime budget and {@code perPeriod} per {@code periodTicks} ticks. */
  static LedgerPolicy withPeriod(double total, double perPeriod, long periodTicks) {
    return LedgerPolicy.builder().totalBudget(total).periodBudget(perPeriod, periodTicks).build();
  }
}
