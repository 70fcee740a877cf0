package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * Utility (Definition 2 of Maßny et al.) of a local redaction mechanism on a finite sequence under the chain's
 * stationary law (docs/redaction.md, 'Model and guarantee'):
 * {@code nu = (1/n) sum_t [pi0 (1 - r_t(0)) + pi1 (1 - r_t(1))]}.
 */
public final class RedactionUtility {

  private RedactionUtility() {}

  public static double of(BinaryMarkovChain chain, LocalRedactionMechanism m) {
    long n = m.length();
    PufferPreconditions.checkArgument(n != LocalRedactionMechanism.UNBOUNDED, "utility needs a finite n");
    double released = 0;
    for (long t = 1; t <= n; t++) {
      released += chain.stationary(0) * (1 - m.redactionProbability(t, 0))
          + chain.stationary(1) * (1 - m.redactionProbability(t, 1));
    }
    return released / n;
  }
}
