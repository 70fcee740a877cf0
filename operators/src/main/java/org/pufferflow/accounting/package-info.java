/**
 * The privacy ledger (docs/privacy-noise.md, 'The privacy ledger'): per subject and mechanism, a
 * spend kept in doubles rounded upward, a total and optional per-period budget, charges that are refused rather
 * than overspent, and one exhaustion report. Plain Java; the keyed state {@link org.pufferflow.accounting.LedgerState}
 * is a Flink POJO without importing Flink.
 */
package org.pufferflow.accounting;
