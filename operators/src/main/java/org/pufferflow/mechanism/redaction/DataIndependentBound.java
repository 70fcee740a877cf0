package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * Theorem 2 of Maßny et al.: an upper bound on the utility of every {@code eps}-private data-independent local
 * redaction mechanism (one with {@code r_t(0) = r_t(1)}) on {@code n} records, private record {@code p}
 * (docs/test-vectors.md, 'Redaction'). For {@code p > n/2} the sequence is reversed first.
 *
 * <pre>
 *   nu_DIM <= 0          if eps < I(n - p)
 *             1 - R2/n   if eps >= I(p - 1) + I(n - p)          (never for p = 1, I(0) = inf)
 *             1 - R1/n   otherwise
 *   R1 = Delta*(eps) + p - 1,  R2 = min{R1, 2 Delta*(eps/2) - 2}    (CORRECTED; printed: ... - 1)
 * </pre>
 *
 * The printed two-sided case is off by one (docs/redaction.md, 'Spec errata', test vector T11); {@link #corrected} is
 * the valid bound, {@link #printed} is kept for reference.
 */
public final class DataIndependentBound {

  private DataIndependentBound() {}

  public static double corrected(BinaryMarkovChain chain, long n, long p, double eps) {
    return bound(chain, n, p, eps, 2);
  }

  public static double printed(BinaryMarkovChain chain, long n, long p, double eps) {
    return bound(chain, n, p, eps, 1);
  }

  private static double bound(BinaryMarkovChain chain, long n, long p, double eps, long offset) {
    PufferPreconditions.checkNotNull("chain", chain);
    PufferPreconditions.checkSequenceLength("n", n);
    PufferPreconditions.checkArgument(n != LocalRedactionMechanism.UNBOUNDED, "n: Theorem 2 needs a finite n");
    PufferPreconditions.checkRecordIndex("private index p", p, n);
    PufferPreconditions.checkEpsilon("epsilon", eps);
    long q = p > n / 2 && p > 1 ? n + 1 - p : p;
    double far = Influence.max(chain, n - q);
    if (eps < far) {
      return 0;
    }
    long r1 = InfluenceThresholds.deltaStar(chain, eps) + q - 1;
    if (eps >= Influence.max(chain, q - 1) + far) {
      long r2 = Math.min(r1, 2 * InfluenceThresholds.deltaStar(chain, eps / 2) - offset);
      return 1 - (double) r2 / n;
    }
    return 1 - (double) r1 / n;
  }
}
