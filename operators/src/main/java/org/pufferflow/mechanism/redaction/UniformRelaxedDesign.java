package org.pufferflow.mechanism.redaction;

import java.util.Arrays;

/**
 * Design R-U, the closed-form uniform redaction probability of Section IV-B ("3R (relaxation)" in Figs. 3/4)
 * (docs/redaction.md, 'Mechanisms'): {@code q = max_{k=1..K} exp(-(eps' - delta_k) / k)} on every band-M record. It
 * satisfies the relaxed condition of {@link RelaxedBound} with the largest uniform total, so the side is
 * {@code eps'}-private.
 */
final class UniformRelaxedDesign {

  private UniformRelaxedDesign() {}

  public static double[] design(RedactionBands bands) {
    double[] c = RelaxedBound.caps(bands);
    double q = 0;
    for (int k = 1; k <= c.length; k++) {
      q = Math.max(q, Math.exp(-c[k - 1] / k));
    }
    double[] out = new double[c.length];
    Arrays.fill(out, Math.min(1, q));
    return out;
  }
}
