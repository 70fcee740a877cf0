package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * Pointwise and maximal influence of a private record {@code X_p} on a record at distance {@code D} (docs/redaction.md
 * docs/redaction.md, 'Model and guarantee'; Definition 3 and Proposition 1, Eqs. 13–14 of Maßny et al.).
 *
 * <pre>
 *   i_v(D)  = | ln( P^D(0, v) / P^D(1, v) ) |                 (pointwise, released value v)
 *   icheck  = i_0 = | log1p((alpha/beta) lambda^D) - log1p(-lambda^D) |
 *   ihat    = i_1 = | log1p((beta/alpha) lambda^D) - log1p(-lambda^D) |
 *   I(D)    = max_v i_v(D)    (= ihat when alpha <= beta);   i_v(0) = I(0) = +inf
 * </pre>
 *
 * Valid for every {@code lambda} in (-1, 1). Stateless.
 */
final class Influence {

  private Influence() {}

  /** Pointwise influence {@code i(X_p ~> X_t = v)} of a record at distance {@code d >= 0}; infinite at d = 0. */
  public static double pointwise(BinaryMarkovChain chain, long d, int v) {
    PufferPreconditions.checkAtLeast("distance", d, 0);
    if (d == 0) {
      return Double.POSITIVE_INFINITY;
    }
    double c = v == 0 ? chain.alpha() / chain.beta() : chain.beta() / chain.alpha();
    double lp = chain.lambdaPower(d);
    return Math.abs(Math.log1p(c * lp) - Math.log1p(-lp));
  }

  /** The signed log-ratio {@code ln(P^D(0, v) / P^D(1, v))} (used for sets of records on both sides). */
  public static double logRatio(BinaryMarkovChain chain, long d, int v) {
    if (d == 0) {
      return v == 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }
    double lp = chain.lambdaPower(d);
    double r = Math.log1p((v == 0 ? chain.alpha() / chain.beta() : chain.beta() / chain.alpha()) * lp)
        - Math.log1p(-lp);
    return v == 0 ? r : -r;
  }

  /** {@code icheck(D) = i(X_p ~> X_t = 0)}, the paper's lower influence when {@code alpha <= beta}. */
  public static double icheck(BinaryMarkovChain chain, long d) {
    return pointwise(chain, d, 0);
  }

  /** {@code ihat(D) = i(X_p ~> X_t = 1)}, the paper's max-influence when {@code alpha <= beta}. */
  public static double ihat(BinaryMarkovChain chain, long d) {
    return pointwise(chain, d, 1);
  }

  /** Max-influence {@code I(X_p ~> X_t) = max_v i_v(D)} for any alpha, beta; 0 for {@code d = UNBOUNDED}. */
  public static double max(BinaryMarkovChain chain, long d) {
    if (d == LocalRedactionMechanism.UNBOUNDED) {
      return 0.0;
    }
    return Math.max(pointwise(chain, d, 0), pointwise(chain, d, 1));
  }

  /** {@code min_v i_v(D)}: the influence of the less informative value (docs/redaction.md, 'Mechanisms'). */
  public static double min(BinaryMarkovChain chain, long d) {
    return Math.min(pointwise(chain, d, 0), pointwise(chain, d, 1));
  }

  /**
   * The value whose release reveals less about {@code X_p} (docs/redaction.md, 'Mechanisms'): 0 when
   * {@code alpha <= beta}, else 1. When {@code alpha == beta} both values are equally informative and band M is empty.
   */
  public static int releasableValue(BinaryMarkovChain chain) {
    return chain.alpha() <= chain.beta() ? 0 : 1;
  }

  /**
   * Pointwise influence of a two-sided set whose nearest records are at distances {@code dl} (value {@code vl}) and
   * {@code dr} (value {@code vr}): {@code |ln(rho_vl(dl) rho_vr(dr))|} (docs/redaction.md, 'Model and guarantee',
   * Markov property).
   */
  public static double twoSided(BinaryMarkovChain chain, long dl, int vl, long dr, int vr) {
    return Math.abs(logRatio(chain, dl, vl) + logRatio(chain, dr, vr));
  }

  /** Max-influence of a two-sided set with nearest records at {@code dl}, {@code dr} (Remark 1). */
  public static double maxTwoSided(BinaryMarkovChain chain, long dl, long dr) {
    double best = 0;
    for (int vl = 0; vl < 2; vl++) {
      for (int vr = 0; vr < 2; vr++) {
        best = Math.max(best, twoSided(chain, dl, vl, dr, vr));
      }
    }
    return best;
  }
}
