package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import org.pufferflow.common.PufferPreconditions;

/**
 * The δ-location set of Xiao and Xiong (docs/dphmm.md, 'What a release does' step 2, docs/dphmm.md, 'Baselines and
 * analysis'): sort states by p⁻ descending (ties: lower index first) and take the shortest prefix with cumulative mass
 * ≥ (1 − δ) − 1e-12 (the 1e-12 absorbs summation error; docs/test-vectors.md, 'DPHMM'). Only states with p⁻ &gt; 0 are
 * taken.
 *
 * <p>Selection is a heap over the candidates, O(N + |C| log N), in the caller's buffer; no allocation. Immutable.
 */
final class DeltaLocationSet implements Constraint {

  private static final long serialVersionUID = 1L;

  /** Absolute tolerance on the mass target. */
  public static final double MASS_TOLERANCE = 1e-12;

  private final double delta;

  DeltaLocationSet(double delta) {
    this.delta = PufferPreconditions.checkClosedOpenInterval(DphmmParameters.DELTA, delta, 0, 1);
  }

  public double delta() {
    return delta;
  }

  @Override
  public int select(double[] p, int[] out) {
    int m = 0;
    for (int i = 0; i < p.length; i++) {
      if (p[i] > 0) {
        out[m++] = i;
      }
    }
    if (m == 0) {
      throw new IllegalStateException("delta-location set: the prior has no positive entry");
    }
    for (int i = m / 2 - 1; i >= 0; i--) {
      siftDown(p, out, i, m);
    }
    double target = (1 - delta) - MASS_TOLERANCE;
    double mass = 0;
    int size = m;
    int k = 0;
    while (size > 0 && (k == 0 || mass < target)) {
      int top = out[0];
      mass += p[top];
      size--;
      out[0] = out[size];
      out[size] = top; // popped elements collect at the end, in order
      siftDown(p, out, 0, size);
      k++;
    }
    System.arraycopy(out, m - k, out, 0, k);
    Arrays.sort(out, 0, k);
    return k;
  }

  /** Max-heap order: larger p first, ties lower index first. */
  private static boolean before(double[] p, int a, int b) {
    return p[a] > p[b] || (p[a] == p[b] && a < b);
  }

  private static void siftDown(double[] p, int[] h, int i, int size) {
    while (true) {
      int l = 2 * i + 1;
      if (l >= size) {
        return;
      }
      int best = l;
      if (l + 1 < size && before(p, h[l + 1], h[l])) {
        best = l + 1;
      }
      if (!before(p, h[best], h[i])) {
        return;
      }
      int t = h[i];
      h[i] = h[best];
      h[best] = t;
      i = best;
    }
  }

  @Override
  public double droppedMassBound(int states) {
    return Math.min(1, Math.nextUp(Math.nextUp(delta + MASS_TOLERANCE) + PROPAGATION_ERROR));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DeltaLocationSet && Double.compare(((DeltaLocationSet) o).delta, delta) == 0;
  }

  @Override
  public int hashCode() {
    return Double.hashCode(delta) * 31 + 7;
  }

  @Override
  public String toString() {
    return "deltaLocationSet(" + delta + ")";
  }
}
