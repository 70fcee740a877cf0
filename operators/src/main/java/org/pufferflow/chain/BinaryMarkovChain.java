package org.pufferflow.chain;

import java.io.Serializable;
import java.util.Locale;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * A stationary two-state Markov chain on {0, 1} with {@code P01 = alpha}, {@code P10 = beta} (docs/redaction.md, 'Model
 * and guarantee', §2.1; Maßny et al., Appendix F).
 *
 * <p>Closed forms: {@code lambda = 1 - alpha - beta}, stationary law {@code pi = (beta, alpha)/(alpha+beta)} and the
 * D-step kernel {@code P^D(x, v) = pi_v + lambda^D (1[x = v] - pi_v)}. Such a chain is reversible, so the same kernel
 * describes the chain read backwards.
 *
 * <p>Assumptions: {@code 0 < alpha, beta < 1} (full support); {@code lambda} may be negative. Immutable and
 * thread-safe. The general N-state analysis lives in {@code ChainAnalysis}; this class holds only what is special to
 * two states.
 */
public final class BinaryMarkovChain implements Serializable {

  private static final long serialVersionUID = 1L;

  private final double alpha;
  private final double beta;
  private final double lambda;
  private final double pi0;
  private final double pi1;

  private BinaryMarkovChain(double alpha, double beta) {
    this.alpha = alpha;
    this.beta = beta;
    this.lambda = 1 - alpha - beta;
    this.pi0 = beta / (alpha + beta);
    this.pi1 = alpha / (alpha + beta);
  }

  /** The chain with {@code Pr(0 -> 1) = alpha}, {@code Pr(1 -> 0) = beta}; both must lie in (0, 1). */
  public static BinaryMarkovChain of(double alpha, double beta) {
    PufferPreconditions.checkOpenProbability("alpha", alpha);
    PufferPreconditions.checkOpenProbability("beta", beta);
    return new BinaryMarkovChain(alpha, beta);
  }

  public double alpha() {
    return alpha;
  }

  public double beta() {
    return beta;
  }

  /** The second eigenvalue {@code 1 - alpha - beta}, in (-1, 1). */
  public double lambda() {
    return lambda;
  }

  /** The stationary probability of state {@code v}. */
  public double stationary(int v) {
    return v == 0 ? pi0 : pi1;
  }

  /** {@code lambda^D} for {@code D >= 0}. */
  public double lambdaPower(long d) {
    return d == 0 ? 1.0 : Math.pow(lambda, d);
  }

  /** {@code 1 - lambda^D}, accurate when {@code lambda^D} is close to 1. */
  public double oneMinusLambdaPower(long d) {
    if (d == 0) {
      return 0.0;
    }
    if (lambda > 0) {
      return -Math.expm1(d * Math.log(lambda));
    }
    return 1 - Math.pow(lambda, d);
  }

  /** One-step transition probability {@code P(x, v)}. */
  public double transition(int x, int v) {
    return transition(1, x, v);
  }

  /**
   * D-step transition probability {@code P^D(x, v) = Pr(X_{t+D} = v | X_t = x)}, {@code D >= 0}. Written as
   * {@code pi_v + lambda^D (1 - pi_v)} resp. {@code pi_v (1 - lambda^D)}: no cancellation for small results, and for
   * {@code lambda^D = 0} both rows are bit-identical (an i.i.d. chain has exactly zero influence).
   */
  public double transition(long d, int x, int v) {
    if (x == v) {
      return d == 0 ? 1.0 : stationary(v) + lambdaPower(d) * (1 - stationary(v));
    }
    return stationary(v) * oneMinusLambdaPower(d);
  }

  /** {@code alpha_D = P^D(0, 1)}. */
  public double alphaD(long d) {
    return transition(d, 0, 1);
  }

  /** {@code beta_D = P^D(1, 0)}. */
  public double betaD(long d) {
    return transition(d, 1, 0);
  }

  /** The chain with labels 0 and 1 swapped ({@code alpha' = beta}, {@code beta' = alpha}). */
  public BinaryMarkovChain relabelled() {
    return new BinaryMarkovChain(beta, alpha);
  }

  @Override
  public String toString() {
    return "BinaryMarkovChain{alpha=" + alpha + ", beta=" + beta + "}";
  }

  /**
   * Checks that a model's 2×2 transition matrix is the chain this redaction is calibrated for,
   * {@code [[1 - alpha, alpha], [beta, 1 - beta]]}, entry by entry within {@code tolerance} (the configuration uses
   * 1e-9).
   *
   * @throws IllegalArgumentException naming both the matrix and alpha, beta when they differ
   */
  public static void checkMatchesTransition(double alpha, double beta, double[][] transition, double tolerance) {
    PufferPreconditions.checkOpenProbability("alpha", alpha);
    PufferPreconditions.checkOpenProbability("beta", beta);
    PufferPreconditions.checkNonNegative("tolerance", tolerance);
    ModelPreconditions.checkMatrixShape("model transition", transition, 2, 2);
    double[][] expected = {{1 - alpha, alpha}, {beta, 1 - beta}};
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 2; j++) {
        if (!(Math.abs(transition[i][j] - expected[i][j]) <= tolerance)) {
          throw PufferPreconditions.invalid("model transition", String.format(Locale.ROOT,
              "model transition = [[%s, %s], [%s, %s]]: does not match redaction alpha = %s, beta = %s, whose "
                  + "transition is [[%s, %s], [%s, %s]] (entry [%d][%d] differs by more than %s)",
              transition[0][0], transition[0][1], transition[1][0], transition[1][1], alpha, beta,
              expected[0][0], expected[0][1], expected[1][0], expected[1][1], i, j, tolerance));
        }
      }
    }
  }
}
