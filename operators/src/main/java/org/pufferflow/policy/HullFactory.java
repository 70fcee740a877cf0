package org.pufferflow.policy;

import org.pufferflow.geometry.SensitivityHull;

/**
 * Builds a {@link SensitivityHull} from a canonical point set (distinct points, sorted lexicographically; see
 * {@link DeltaF#distinctPoints}). The mechanism passes a memoising factory so that constraints with the same Δf
 * share one hull (docs/dphmm.md, 'Making it fast'); {@link #DIRECT} builds every time.
 */
@FunctionalInterface
public interface HullFactory {

  /** Builds directly. */
  HullFactory DIRECT = SensitivityHull::ofFlat;

  /** K = conv of the m points of {@code canonicalPoints} (row-major m×d); the array must not be modified later. */
  SensitivityHull hull(int d, double[] canonicalPoints, int m);
}
