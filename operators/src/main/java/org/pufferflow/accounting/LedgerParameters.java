package org.pufferflow.accounting;

import org.pufferflow.common.InvalidParameterException;

/**
 * The ids of the parameters {@link LedgerPolicy.Builder} checks: the {@link InvalidParameterException#parameter()}
 * of each refusal, stable and separate from the label a message shows. Every public field is an id (tests
 * enumerate them).
 */
public final class LedgerParameters {

  private LedgerParameters() {}

  /** The total ε budget per subject: finite and &gt; 0. */
  public static final String TOTAL_BUDGET = "totalBudget";
  /** The ε budget per period: finite, &gt; 0 and at most the total. */
  public static final String PERIOD_BUDGET = "periodBudget";
  /** The length of a period in ticks (≥ 1). */
  public static final String PERIOD_TICKS = "periodTicks";
}
