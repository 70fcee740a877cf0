package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * Distance thresholds of the redaction bands (docs/redaction.md, 'Model and guarantee', Theorem 2 of Maßny et al.):
 *
 * <pre>
 *   Delta*(eps) = d_S(eps) = smallest D >= 1 with max_v i_v(D) <= eps     (first distance of band S)
 *   d_M(eps)               = smallest D >= 1 with min_v i_v(D) <= eps     (first distance outside band L)
 * </pre>
 *
 * Each is available by the plain loop {@code D = 1, 2, ...} ({@code ...ByLoop}) and by the closed form for
 * {@code 0 < lambda < 1} ({@code ...ClosedForm}, with {@code E = exp(eps)} and {@code c = beta/alpha} resp.
 * {@code alpha/beta} for {@code alpha <= beta}):
 * {@code max(1, ceil(ln((E - 1)/(E + c)) / ln lambda))}, guarded against floating error by re-checking the candidate
 * and its neighbour. For {@code lambda = 0} both are 1; for {@code lambda < 0} the closed form is not available and
 * the loop is used. {@link #deltaStar} and {@link #dM} pick the closed form when it applies.
 *
 * <p>Both influences are non-increasing in D (docs/redaction.md, 'Model and guarantee', verified in the tests), which
 * makes these thresholds well defined band boundaries. The caller must pass {@code eps > 0}; an infinite {@code eps}
 * gives 1.
 */
final class InfluenceThresholds {

  private InfluenceThresholds() {}

  /** {@code Delta*(eps)}: the smallest distance whose max-influence is at most {@code eps}. */
  public static long deltaStar(BinaryMarkovChain chain, double eps) {
    return chain.lambda() > 0 ? deltaStarClosedForm(chain, eps) : deltaStarByLoop(chain, eps);
  }

  /** {@code d_S(eps) = Delta*(eps)}. */
  public static long dS(BinaryMarkovChain chain, double eps) {
    return deltaStar(chain, eps);
  }

  /** {@code d_M(eps)}: the smallest distance at which the less informative value may be released. */
  public static long dM(BinaryMarkovChain chain, double eps) {
    return chain.lambda() > 0 ? dMClosedForm(chain, eps) : dMByLoop(chain, eps);
  }

  public static long deltaStarByLoop(BinaryMarkovChain chain, double eps) {
    return byLoop(chain, eps, true);
  }

  /** {@code d_S} by the loop (= {@link #deltaStarByLoop}). */
  public static long dSByLoop(BinaryMarkovChain chain, double eps) {
    return deltaStarByLoop(chain, eps);
  }

  /** {@code d_S} by the closed form (= {@link #deltaStarClosedForm}); requires {@code lambda > 0}. */
  public static long dSClosedForm(BinaryMarkovChain chain, double eps) {
    return deltaStarClosedForm(chain, eps);
  }

  public static long dMByLoop(BinaryMarkovChain chain, double eps) {
    return byLoop(chain, eps, false);
  }

  /** The smallest distance {@code d >= 1} whose max- (or min-) influence is at most {@code eps}, by counting. */
  private static long byLoop(BinaryMarkovChain chain, double eps, boolean max) {
    PufferPreconditions.checkPositive("epsilon", eps == Double.POSITIVE_INFINITY ? 1 : eps);
    long d = 1;
    while (influence(chain, d, max) > eps) {
      d++;
    }
    return d;
  }

  /** Closed form of {@code Delta*}; requires {@code lambda > 0}. */
  public static long deltaStarClosedForm(BinaryMarkovChain chain, double eps) {
    double c = Math.max(chain.beta() / chain.alpha(), chain.alpha() / chain.beta());
    return closedForm(chain, eps, c, true);
  }

  /** Closed form of {@code d_M}; requires {@code lambda > 0}. */
  public static long dMClosedForm(BinaryMarkovChain chain, double eps) {
    double c = Math.min(chain.beta() / chain.alpha(), chain.alpha() / chain.beta());
    return closedForm(chain, eps, c, false);
  }

  private static long closedForm(BinaryMarkovChain chain, double eps, double c, boolean max) {
    PufferPreconditions.checkPositive("epsilon", eps == Double.POSITIVE_INFINITY ? 1 : eps);
    PufferPreconditions.checkArgument("lambda",
        chain.lambda() > 0, "lambda = %s: the closed form needs 0 < lambda < 1", chain.lambda());
    if (influence(chain, 1, max) <= eps) {
      return 1;
    }
    double e = Math.exp(eps);
    // lambda^D <= (E - 1)/(E + c); written with expm1 for small eps
    double target = Math.log(Math.expm1(eps) / (e + c));
    double raw = Math.ceil(target / Math.log(chain.lambda()));
    long d = (long) Math.max(1, Math.min(raw, 1e15));
    while (d > 1 && influence(chain, d - 1, max) <= eps) {
      d--;
    }
    while (influence(chain, d, max) > eps) {
      d++;
    }
    return d;
  }

  private static double influence(BinaryMarkovChain chain, long d, boolean max) {
    return max ? Influence.max(chain, d) : Influence.min(chain, d);
  }

  /** The symmetric-chain closed form {@code max(1, ceil(ln tanh(eps/2) / ln(1 - 2 alpha)))}, alpha = beta < 1/2. */
  public static long deltaStarSymmetric(double alpha, double eps) {
    PufferPreconditions.checkOpenInterval("alpha", alpha, 0, 0.5);
    PufferPreconditions.checkEpsilon("epsilon", eps);
    return (long) Math.max(1, Math.ceil(Math.log(Math.tanh(eps / 2)) / Math.log(1 - 2 * alpha)));
  }
}
