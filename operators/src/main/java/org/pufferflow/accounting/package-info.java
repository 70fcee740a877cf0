/**
 * The privacy ledger (design.md §3 "Budgets"; dphmm.md §2 step 10; mqm.md §3.8 (a)): per subject and mechanism, a
 * spend kept in doubles rounded upward, a total and optional per-period budget, charges that are refused rather
 * than overspent, and one exhaustion report. Plain Java; the keyed state {@link org.pufferflow.accounting.LedgerState}
 * is a Flink POJO without importing Flink. See docs/privacy-noise.md §4.
 */
package org.pufferflow.accounting;
