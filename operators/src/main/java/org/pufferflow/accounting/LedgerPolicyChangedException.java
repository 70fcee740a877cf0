package org.pufferflow.accounting;

/**
 * Thrown by {@link PrivacyLedger#restore} (and so by the first charge of a restored state) when a ledger state was
 * charged under a {@link LedgerPolicy} that cannot be migrated safely to the current one. The message names the
 * changed key, its old and new values and why no safe migration exists (docs/privacy-noise.md, 'The privacy
 * ledger'). It is an {@link IllegalStateException}: the job's configuration contradicts its restored state, so the
 * job must not run until one of them is changed.
 */
public final class LedgerPolicyChangedException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final String key;

  LedgerPolicyChangedException(String key, String message) {
    super(message);
    this.key = key;
  }

  /** The changed policy key: {@code "periodTicks"}. */
  public String key() {
    return key;
  }
}
