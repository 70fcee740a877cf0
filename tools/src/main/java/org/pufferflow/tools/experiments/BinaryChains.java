package org.pufferflow.tools.experiments;

import java.util.ArrayList;
import java.util.List;
import org.pufferflow.chain.BinaryMarkovChain;

/**
 * The binary chains of the MQM simulations (docs/experiments.md, 'mqm-fig2'): p = P(1→1) and q = P(0→0) are the
 * self-transition probabilities, so the matrix is {@code [[q, 1−q], [1−p, p]]} — a {@link BinaryMarkovChain} with
 * α = P(0→1) = 1 − q and β = P(1→0) = 1 − p. The grid is p, q ∈ {0.1, …, 0.9} as in the authors' code.
 */
final class BinaryChains {

  /** The grid values i/10, i = 1..9. */
  static final double[] GRID = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};

  private BinaryChains() {}

  /** The transition matrix with self-transition probabilities p (state 1) and q (state 0). */
  static double[][] matrix(double p, double q) {
    BinaryMarkovChain c = BinaryMarkovChain.of(1 - q, 1 - p);
    return new double[][] {
      {c.transition(0, 0), c.transition(0, 1)},
      {c.transition(1, 0), c.transition(1, 1)}
    };
  }

  /** The grid chains with ℓ ≤ p, q ≤ 1 − ℓ, p outer and q inner, both increasing; {@code pq} receives (p, q). */
  static List<double[][]> grid(double ell, List<double[]> pq) {
    List<double[][]> out = new ArrayList<>();
    for (double p : GRID) {
      for (double q : GRID) {
        if (p >= ell - 1e-12 && p <= 1 - ell + 1e-12 && q >= ell - 1e-12 && q <= 1 - ell + 1e-12) {
          out.add(matrix(p, q));
          pq.add(new double[] {p, q});
        }
      }
    }
    return out;
  }
}
