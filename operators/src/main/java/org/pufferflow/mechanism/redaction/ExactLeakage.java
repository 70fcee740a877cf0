package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * The exact leakage {@code L(X_p -> Y)} (Definition 1 of Maßny et al.) of ANY local redaction mechanism on a
 * stationary binary chain, in O(records until the first always-released one) (docs/redaction.md, 'Guarantees with proof
 * outlines').
 *
 * <p>Why it is exact: given {@code X_p}, the two sides are independent (Markov property) and the outputs factor
 * per side; on one side the likelihood ratio of an output depends only on the first non-⊥ output counted outward
 * from {@code p} (its value pins the state there) or on "all ⊥". The chain is reversible, so the left side uses the
 * same kernel. The sup over {@code supp(Y)} factorises per side because {@code 0 < alpha, beta < 1} gives full
 * support; the direction of the ratio must agree on both sides. The side recursion carries the unnormalised law of
 * the current state given "all ⊥ so far" under {@code X_p = 0} and {@code X_p = 1}, rescaled by a common factor.
 *
 * <p>Consequences used elsewhere (data processing): raising any {@code r_t(v)} never raises {@code L}; truncating a
 * stream never raises {@code L}. If {@code X_p} is not always redacted, {@code L = +inf}.
 */
public final class ExactLeakage {

  private ExactLeakage() {}

  /**
   * Exact leakage about record {@code p} (1-based) of {@code mechanism}. On an unbounded stream the mechanism must
   * report a finite {@link LocalRedactionMechanism#alwaysReleasedFrom()}.
   */
  public static Leakage of(BinaryMarkovChain chain, LocalRedactionMechanism mechanism, long p) {
    long n = mechanism.length();
    PufferPreconditions.checkSequenceLength("n", n);
    PufferPreconditions.checkRecordIndex("private index p", p, n);
    if (mechanism.redactionProbability(p, 0) < 1 || mechanism.redactionProbability(p, 1) < 1) {
      return Leakage.INFINITE;
    }
    double[] left = side(chain, (d, v) -> mechanism.redactionProbability(p - d, v), p - 1,
        LocalRedactionMechanism.UNBOUNDED);
    long horizon = LocalRedactionMechanism.UNBOUNDED;
    if (mechanism.alwaysReleasedFrom() != LocalRedactionMechanism.UNBOUNDED) {
      horizon = Math.max(1, mechanism.alwaysReleasedFrom() - p);
    }
    long rightLength = n == LocalRedactionMechanism.UNBOUNDED ? LocalRedactionMechanism.UNBOUNDED : n - p;
    double[] right = side(chain, (d, v) -> mechanism.redactionProbability(p + d, v), rightLength, horizon);
    return new Leakage(left[0], left[1], right[0], right[1]);
  }

  /**
   * {@code SIDE} of docs/redaction.md, 'Guarantees with proof outlines': returns {@code {A, B}} =
   * {@code {max ln rho, max -ln rho}} over the outcomes of one side.
   *
   * @param rule the redaction probabilities by distance from {@code p}
   * @param sideLength number of records on this side, or {@link LocalRedactionMechanism#UNBOUNDED}
   * @param releaseHorizon a distance from which every record is always released (the rule is not consulted there),
   *     or {@link LocalRedactionMechanism#UNBOUNDED}; must be finite when the side is unbounded
   */
  public static double[] side(BinaryMarkovChain chain, SideRedaction rule, long sideLength, long releaseHorizon) {
    return side(chain, rule, sideLength, releaseHorizon, 1);
  }

  /**
   * {@link #side(BinaryMarkovChain, SideRedaction, long, long)} for a rule known to redact every record at distance
   * {@code < redactedBelow} with probability 1 (a band L): those steps are jumped with the closed-form kernel
   * {@code P^k}, so a long fully redacted prefix costs O(1).
   */
  public static double[] side(
      BinaryMarkovChain chain, SideRedaction rule, long sideLength, long releaseHorizon, long redactedBelow) {
    PufferPreconditions.checkArgument(
        sideLength != LocalRedactionMechanism.UNBOUNDED || releaseHorizon != LocalRedactionMechanism.UNBOUNDED,
        "mechanism redacts arbitrarily far from p on an unbounded stream: its exact leakage needs a finite release"
            + " horizon");
    double p00 = chain.transition(0, 0);
    double p01 = chain.transition(0, 1);
    double p10 = chain.transition(1, 0);
    double p11 = chain.transition(1, 1);
    double f00 = 1;
    double f01 = 0;
    double f10 = 0;
    double f11 = 1;
    double maxLog = Double.NEGATIVE_INFINITY;
    double minLog = Double.POSITIVE_INFINITY;
    boolean any = false;
    long end = Math.min(sideLength, releaseHorizon);
    long skip = Math.min(Math.max(0, redactedBelow - 1), Math.min(end, sideLength));
    if (skip > 0) {
      f00 = chain.transition(skip, 0, 0);
      f01 = chain.transition(skip, 0, 1);
      f10 = chain.transition(skip, 1, 0);
      f11 = chain.transition(skip, 1, 1);
    }
    for (long d = skip + 1; d <= end; d++) {
      if (f00 + f01 == 0) {
        break;
      }
      double g00 = f00 * p00 + f01 * p10;
      double g01 = f00 * p01 + f01 * p11;
      double g10 = f10 * p00 + f11 * p10;
      double g11 = f10 * p01 + f11 * p11;
      double r0 = d >= releaseHorizon ? 0 : rule.redactionProbability(d, 0);
      double r1 = d >= releaseHorizon ? 0 : rule.redactionProbability(d, 1);
      if (r0 < 1) {
        double l = Math.log(g00 / g10);
        maxLog = Math.max(maxLog, l);
        minLog = Math.min(minLog, l);
        any = true;
      }
      if (r1 < 1) {
        double l = Math.log(g01 / g11);
        maxLog = Math.max(maxLog, l);
        minLog = Math.min(minLog, l);
        any = true;
      }
      double c = Math.max(g00 + g01, g10 + g11);
      f00 = g00 * r0 / c;
      f01 = g01 * r1 / c;
      f10 = g10 * r0 / c;
      f11 = g11 * r1 / c;
    }
    if (!any) {
      return new double[] {0, 0}; // every record of the side is always redacted: "all ⊥" has probability 1
    }
    if (f00 + f01 > 0) {
      double l = Math.log((f00 + f01) / (f10 + f11));
      maxLog = Math.max(maxLog, l);
      minLog = Math.min(minLog, l);
    }
    return new double[] {Math.max(0, maxLog), Math.max(0, -minLog)};
  }

  /** {@code L(X_p -> Y^(side))} of one side: {@code max(A, B)} of {@link #side}. */
  public static double sideLeakage(
      BinaryMarkovChain chain, SideRedaction rule, long sideLength, long releaseHorizon) {
    double[] ab = side(chain, rule, sideLength, releaseHorizon);
    return Math.max(ab[0], ab[1]);
  }
}
