package org.pufferflow.mechanism.redaction;

/**
 * How the band-M redaction probabilities of a 3R mechanism are chosen (docs/redaction.md, "Mechanisms"; Maßny et
 * al., Sec. IV). The user-facing names ({@code 3r-relaxed}, ...) belong to {@link RedactionMechanism}, the one enum
 * that the CLI and the configuration parse.
 */
public enum ThreeRDesign {
  /** R-U: closed-form uniform q from the relaxed bound ("3R (relaxation)"). */
  RELAXED,
  /** R-OPT: the exact optimum of the relaxed convex program (taut string). */
  OPTIMAL,
  /** N: smallest uniform q with exact side leakage at most the side budget (bisection). */
  NUMERICAL;

  /** Band-M probabilities for one side. */
  public double[] design(RedactionBands bands) {
    switch (this) {
      case RELAXED:
        return UniformRelaxedDesign.design(bands);
      case OPTIMAL:
        return TautStringDesign.design(bands);
      default:
        return NumericalDesign.design(bands);
    }
  }

  /** The side rule designed for {@code bands}. */
  public SideRule sideRule(RedactionBands bands) {
    return SideRule.threeR(bands, design(bands));
  }
}
