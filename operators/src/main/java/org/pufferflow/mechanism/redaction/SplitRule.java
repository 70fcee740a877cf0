package org.pufferflow.mechanism.redaction;

/**
 * How a 3R mechanism splits its budget between the sides (redaction.md §3.6, §7.4–7.5).
 */
public enum SplitRule {
  /**
   * The candidate split ({@code half}, {@code right}, and on a finite sequence also its mirror {@code (eps, 0)})
   * with the fewest expected redactions, i.e. the largest utility; ties go to the earlier candidate. This contains
   * MQ's splits, which Corollary 1 needs.
   */
  AUTO,
  /** {@code (eps/2, eps/2)} (Theorem 1). */
  HALF,
  /** {@code (0, eps)} (Sec. IV-B; the natural choice for {@code p = 1}). */
  RIGHT;

  /** The name used by {@code pufferflow plan redaction --split}. */
  public String cliName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
