package org.pufferflow.policy;

import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.geometry.SensitivityHull;

/**
 * Blowfish-style analysis of what a K-norm release protects (the paper's Example 5.3 and Theorem 5.3; docs/dphmm.md
 * docs/dphmm.md, 'Baselines and analysis'): given the sensitivity points Δf and candidate difference vectors v (e.g.
 * f(D ∪ s_i) − f(D) for unbounded DP), the per-secret ε multiplier of the K-norm mechanism is ‖v‖_K, and that of the
 * Laplace mechanism is ‖v‖₁/S_f with S_f = max ‖Δf‖₁. Immutable.
 */
final class BlowfishAnalysis {

  private final SensitivityHull hull;
  private final double l1Sensitivity;

  private BlowfishAnalysis(SensitivityHull hull, double l1Sensitivity) {
    this.hull = hull;
    this.l1Sensitivity = l1Sensitivity;
  }

  /** From the rows of Δf (m×d; the set must be centrally symmetric, as ±(f_j − f_k) pairs are). */
  static BlowfishAnalysis of(double[][] deltaF) {
    PufferPreconditions.checkNotNull("deltaF", deltaF);
    PufferPreconditions.checkArgument(deltaF.length > 0, "deltaF: must hold at least one point");
    int d = deltaF[0].length;
    SensitivityHull h = SensitivityHull.of(d, deltaF);
    double sf = 0;
    for (double[] p : deltaF) {
      double s = 0;
      for (double x : p) {
        s += Math.abs(x);
      }
      sf = Math.max(sf, s);
    }
    return new BlowfishAnalysis(h, sf);
  }

  public SensitivityHull hull() {
    return hull;
  }

  /** S_f = max over Δf of ‖·‖₁. */
  public double l1Sensitivity() {
    return l1Sensitivity;
  }

  /** K-norm multipliers ‖v‖_K of each candidate vector (+∞ off the span of K). */
  public double[] kNormMultipliers(double[][] vectors) {
    double[] out = new double[vectors.length];
    for (int i = 0; i < vectors.length; i++) {
      PufferPreconditions.checkArgument(vectors[i].length == hull.dimension(),
          "vectors[%d]: has %d coordinates, expected %d", i, vectors[i].length, hull.dimension());
      out[i] = hull.norm(vectors[i]);
    }
    return out;
  }

  /** Laplace multipliers ‖v‖₁/S_f of each candidate vector. */
  public double[] laplaceMultipliers(double[][] vectors) {
    double[] out = new double[vectors.length];
    for (int i = 0; i < vectors.length; i++) {
      double s = 0;
      for (double x : vectors[i]) {
        s += Math.abs(x);
      }
      out[i] = l1Sensitivity == 0 ? (s == 0 ? 0 : Double.POSITIVE_INFINITY) : s / l1Sensitivity;
    }
    return out;
  }
}
