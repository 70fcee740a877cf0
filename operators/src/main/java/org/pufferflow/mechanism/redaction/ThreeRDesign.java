package org.pufferflow.mechanism.redaction;

/**
 * How the band-M redaction probabilities of a 3R mechanism are chosen (redaction.md §3.3–3.5).
 */
public enum ThreeRDesign {
  /** R-U: closed-form uniform q from the relaxed bound ("3R (relaxation)"). */
  RELAXED("3r-relaxed"),
  /** R-OPT: the exact optimum of the relaxed convex program (taut string). */
  OPTIMAL("3r-optimal"),
  /** N: smallest uniform q with exact side leakage at most the side budget (bisection). */
  NUMERICAL("3r-numerical");

  private final String cliName;

  ThreeRDesign(String cliName) {
    this.cliName = cliName;
  }

  /** The name used by {@code pufferflow plan redaction --mechanism}. */
  public String cliName() {
    return cliName;
  }

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
