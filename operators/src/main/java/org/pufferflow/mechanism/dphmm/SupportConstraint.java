package org.pufferflow.mechanism.dphmm;

import org.pufferflow.common.PufferPreconditions;

/**
 * support(τ): C = {i : p⁻[i] &gt; τ}, strict comparison (docs/test-vectors.md, 'DPHMM'). τ = 1e-12 by default; the paper's
 * Definition 4.1 uses τ = 0. Immutable.
 */
final class SupportConstraint implements Constraint {

  private static final long serialVersionUID = 1L;

  /** The project's default threshold. */
  public static final double DEFAULT_TAU = 1e-12;

  static final SupportConstraint DEFAULT = new SupportConstraint(DEFAULT_TAU);

  private final double tau;

  SupportConstraint(double tau) {
    this.tau = PufferPreconditions.checkClosedOpenInterval("support threshold tau", tau, 0, 1);
  }

  public double tau() {
    return tau;
  }

  @Override
  public int select(double[] prior, int[] out) {
    int k = 0;
    for (int i = 0; i < prior.length; i++) {
      if (prior[i] > tau) {
        out[k++] = i;
      }
    }
    if (k == 0) {
      throw new IllegalStateException("support constraint: no state has prior probability above " + tau);
    }
    return k;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SupportConstraint && Double.compare(((SupportConstraint) o).tau, tau) == 0;
  }

  @Override
  public int hashCode() {
    return Double.hashCode(tau);
  }

  @Override
  public String toString() {
    return "support(" + tau + ")";
  }
}
