package org.pufferflow.mechanism.redaction;

import java.util.Locale;
import org.pufferflow.common.PufferPreconditions;

/**
 * How a redaction mechanism splits its budget between the two sides of a private record (docs/redaction.md,
 * "Mechanisms"; Maßny et al., Theorem 1 and Sec. IV-B). The one enum for this concept: the CLI's {@code --split}
 * and the configuration's {@code redaction.split} both parse with {@link #fromConfigName(String)}.
 */
public enum SplitRule {
  /**
   * The candidate split ({@code half}, {@code right}, and on a finite sequence also its mirror {@code (eps, 0)})
   * with the fewest expected redactions, i.e. the largest utility; ties go to the earlier candidate. This contains
   * MQ's splits, which Corollary 1 needs. On an unbounded stream only {@code half} has a bounded hold-back, so
   * {@code auto} is {@code half} there (docs/redaction.md, "Streaming contract").
   */
  AUTO("auto"),
  /** {@code (eps/2, eps/2)} (Theorem 1). */
  HALF("half"),
  /**
   * {@code (0, eps)} (Sec. IV-B; the natural choice for {@code p = 1}). Redacts every record before a private one,
   * so it is refused for streaming plans ({@link RedactionPlan#of}).
   */
  RIGHT("right");

  /** The spelling of {@link #DEFAULT}, a compile-time constant for annotations (e.g. picocli defaults). */
  public static final String DEFAULT_CONFIG_NAME = "auto";

  /** The default split of the CLI and the configuration. */
  public static final SplitRule DEFAULT = fromConfigName(DEFAULT_CONFIG_NAME);

  private final String configName;

  SplitRule(String configName) {
    this.configName = configName;
  }

  /** The spelling in the configuration and on the command line ({@code auto | half | right}). */
  public String configName() {
    return configName;
  }

  /**
   * Parses a spelling ({@code auto | half | right}, case-insensitive, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the value and the accepted spellings
   */
  public static SplitRule fromConfigName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (SplitRule s : values()) {
      if (s.configName.equals(n)) {
        return s;
      }
    }
    throw PufferPreconditions.invalid("split", "split = " + name + ": must be one of auto, half, right");
  }

  @Override
  public String toString() {
    return configName;
  }
}
