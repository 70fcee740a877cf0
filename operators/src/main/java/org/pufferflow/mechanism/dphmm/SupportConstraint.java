package org.pufferflow.mechanism.dphmm;

import org.pufferflow.common.PufferPreconditions;

/**
 * support(τ): C = {i : p⁻[i] &gt; τ}, strict comparison (docs/dphmm.md, 'The constraint C_t'). The default τ = 0 is
 * the paper's Definition 4.1, C_t = {s : p⁻_t(s) &gt; 0}: the releaser keeps every structurally positive prior entry
 * positive ({@link PriorSupport}), so underflow cannot drop a state. τ &gt; 0 is the opt-in truncation, a relaxation:
 * the states it drops carry at most δ = (N − 1)·τ + {@link Constraint#PROPAGATION_ERROR} of the filter's prior mass
 * per release ({@link #droppedMassBound})
 * and are dropped from the posterior too (a sparse per-subject state); over T releases the true state is outside C
 * at some release with probability at most T·δ under the model. Immutable.
 */
final class SupportConstraint implements Constraint {

  private static final long serialVersionUID = 1L;

  /** The exact support (τ = 0, Definition 4.1). */
  static final SupportConstraint EXACT = new SupportConstraint(0);

  private final double tau;

  SupportConstraint(double tau) {
    this.tau =
        PufferPreconditions.checkClosedOpenInterval(DphmmParameters.TRUNCATION, "support truncation tau", tau, 0, 1);
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
  public double droppedMassBound(int states) {
    return tau == 0 ? 0 : Math.min(1, Math.nextUp(Math.nextUp((states - 1) * tau) + PROPAGATION_ERROR));
  }

  /** A truncated support drops its states from the posterior too (docs/dphmm.md, 'The constraint C_t'). */
  @Override
  public boolean restrictsPosterior() {
    return true;
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
    return tau == 0 ? "support" : "support(truncation " + tau + ")";
  }
}
