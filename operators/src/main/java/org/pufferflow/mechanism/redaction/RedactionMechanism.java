package org.pufferflow.mechanism.redaction;

import java.util.Locale;
import org.pufferflow.common.PufferPreconditions;

/**
 * Which redaction mechanism a plan uses (docs/redaction.md, "Mechanisms"): the three 3R designs of Maßny et al.,
 * Sec. IV (bands L/M/S with band-M probabilities from a {@link ThreeRDesign}) and the MQ window of Algorithm 1,
 * as printed or with the tight radius {@code Delta* - 1} of Theorem 2's proof. The one enum for this concept: the
 * CLI's {@code --mechanism} and the configuration's {@code redaction.mechanism} both parse with
 * {@link #fromConfigName(String)} and default to {@link #DEFAULT}.
 */
public enum RedactionMechanism {
  /** 3R with R-U, the closed-form uniform q of the relaxed bound ("3R (relaxation)"). */
  THREE_R_RELAXED("3r-relaxed", ThreeRDesign.RELAXED, false),
  /** 3R with R-OPT, the exact optimum of the relaxed convex program (taut string). */
  THREE_R_OPTIMAL("3r-optimal", ThreeRDesign.OPTIMAL, false),
  /** 3R with N, the smallest uniform q whose exact side leakage is within the side budget ("3R (numerical)"). */
  THREE_R_NUMERICAL("3r-numerical", ThreeRDesign.NUMERICAL, false),
  /** The MQ window of Algorithm 1 as printed, radius {@code Delta*}. */
  MQ("mq", null, false),
  /** The MQ window with radius {@code Delta* - 1}. */
  MQ_TIGHT("mq-tight", null, true);

  /**
   * The spelling of {@link #DEFAULT}, a compile-time constant for annotations (e.g. picocli defaults).
   * {@code 3r-numerical}: among the three 3R designs it is the one whose band-M probabilities are checked against
   * the exact leakage rather than a bound, and on streams it redacts the fewest records in expectation
   * (docs/redaction.md, "Default mechanism").
   */
  public static final String DEFAULT_CONFIG_NAME = "3r-numerical";

  /** The default mechanism of the CLI ({@code plan redaction}) and the configuration. */
  public static final RedactionMechanism DEFAULT = fromConfigName(DEFAULT_CONFIG_NAME);

  private final String configName;
  private final ThreeRDesign design;
  private final boolean tight;

  RedactionMechanism(String configName, ThreeRDesign design, boolean tight) {
    this.configName = configName;
    this.design = design;
    this.tight = tight;
  }

  /** The spelling in the configuration and on the command line, e.g. {@code 3r-optimal}. */
  public String configName() {
    return configName;
  }

  /** Whether this is a 3R mechanism (then {@link #design()} is defined), as opposed to an MQ window. */
  public boolean isThreeR() {
    return design != null;
  }

  /**
   * The band-M design of a 3R mechanism.
   *
   * @throws IllegalStateException for {@link #MQ} and {@link #MQ_TIGHT}
   */
  public ThreeRDesign design() {
    if (design == null) {
      throw new IllegalStateException(configName + " is not a 3R mechanism");
    }
    return design;
  }

  /** Whether an MQ window uses the tight radius {@code Delta* - 1} (false for every 3R mechanism). */
  public boolean tight() {
    return tight;
  }

  /** The 3R mechanism with band-M design {@code design}. */
  public static RedactionMechanism threeR(ThreeRDesign design) {
    for (RedactionMechanism m : values()) {
      if (m.design == design && design != null) {
        return m;
      }
    }
    throw PufferPreconditions.invalid("design", "design = " + design + ": not a 3R design");
  }

  /**
   * Parses a spelling ({@code 3r-relaxed | 3r-optimal | 3r-numerical | mq | mq-tight}, case-insensitive,
   * surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the value and the accepted spellings
   */
  public static RedactionMechanism fromConfigName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (RedactionMechanism m : values()) {
      if (m.configName.equals(n)) {
        return m;
      }
    }
    throw PufferPreconditions.invalid("mechanism",
        "mechanism = " + name + ": must be one of 3r-relaxed, 3r-optimal, 3r-numerical, mq, mq-tight");
  }

  @Override
  public String toString() {
    return configName;
  }
}
