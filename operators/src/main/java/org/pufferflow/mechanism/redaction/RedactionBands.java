package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * The band layout of one side of a private record for a side budget {@code eps'} (docs/redaction.md, 'Model and
 * guarantee', docs/redaction.md, 'Mechanisms'): distances {@code 1 <= D < dM} form band L (always redacted),
 * {@code dM <= D < dS} band M (only the releasable value {@code v*} may be released) and {@code D >= dS} band S (always
 * released).
 *
 * <p>Per distance: S if both {@code i_v(D) <= eps'}, M if exactly one (then {@code v*} is that value: 0 when
 * {@code alpha <= beta}, else 1), L otherwise. Because both influences are non-increasing in D these are bands; the
 * constructor asserts the structure. Both thresholds are capped at {@code sideLength + 1} ("no such record"), so
 * {@code dS - dM} is the number of M records that exist. A side budget of 0 redacts the whole (finite) side, unless
 * the chain is i.i.d. ({@code lambda = 0}).
 */
final class RedactionBands {

  private final BinaryMarkovChain chain;
  private final double epsilon;
  private final long sideLength;
  private final long dM;
  private final long dS;
  private final int releasableValue;

  private RedactionBands(BinaryMarkovChain chain, double epsilon, long sideLength) {
    this.chain = chain;
    this.epsilon = epsilon;
    this.sideLength = sideLength;
    this.releasableValue = Influence.releasableValue(chain);
    long cap = sideLength == LocalRedactionMechanism.UNBOUNDED ? sideLength : sideLength + 1;
    if (sideLength == 0) {
      dM = 1;
      dS = 1;
    } else if (epsilon == 0 && chain.lambda() != 0) {
      dM = cap;
      dS = cap;
    } else if (epsilon == 0) {
      dM = 1;
      dS = 1;
    } else {
      dM = Math.min(cap, InfluenceThresholds.dM(chain, epsilon));
      dS = Math.min(cap, InfluenceThresholds.dS(chain, epsilon));
    }
    checkStructure();
  }

  /**
   * Bands of a side with {@code sideLength} records ({@link LocalRedactionMechanism#UNBOUNDED} for the open side of
   * a stream) and budget {@code epsilon >= 0} (must be {@code > 0} on an unbounded side unless lambda = 0).
   */
  static RedactionBands of(BinaryMarkovChain chain, double epsilon, long sideLength) {
    PufferPreconditions.checkNotNull("chain", chain);
    PufferPreconditions.checkNonNegative("side epsilon", epsilon);
    PufferPreconditions.checkAtLeast("side length", sideLength, 0);
    PufferPreconditions.checkArgument("side epsilon",
        epsilon > 0 || sideLength != LocalRedactionMechanism.UNBOUNDED || chain.lambda() == 0,
        "side epsilon = 0 on an unbounded side would redact the whole stream");
    return new RedactionBands(chain, epsilon, sideLength);
  }

  private void checkStructure() {
    if (dM > dS) {
      throw new IllegalStateException("band structure violated: dM = " + dM + " > dS = " + dS);
    }
    for (long d = dM; d < dS; d++) {
      double iv = Influence.pointwise(chain, d, releasableValue);
      if (!(iv <= epsilon) || Influence.max(chain, d) <= epsilon) {
        throw new IllegalStateException("band structure violated at distance " + d);
      }
    }
  }

  public BinaryMarkovChain chain() {
    return chain;
  }

  public double epsilon() {
    return epsilon;
  }

  public long sideLength() {
    return sideLength;
  }

  /** First distance outside band L (capped at {@code sideLength + 1}). */
  public long dM() {
    return dM;
  }

  /** First distance of band S (capped at {@code sideLength + 1}). */
  public long dS() {
    return dS;
  }

  /** Number {@code K} of records in band M. */
  public int mSize() {
    return Math.toIntExact(dS - dM);
  }

  /** The value {@code v*} that band-M records may release. */
  public int releasableValue() {
    return releasableValue;
  }

  /**
   * {@code delta} of the {@code k}-th M record ({@code k = 1..K}) (Eq. 4): the influence of what the next record
   * outward can release — {@code i_{v*}} if it is in M, {@code max_v i_v} if in S, 0 if it does not exist.
   */
  public double delta(int k) {
    long next = dM + k;
    if (sideLength != LocalRedactionMechanism.UNBOUNDED && next > sideLength) {
      return 0;
    }
    if (next < dS) {
      return Influence.pointwise(chain, next, releasableValue);
    }
    return Influence.max(chain, next);
  }

  /** The {@code b0} term of the complete relaxed bound (docs/redaction.md, 'Mechanisms'). */
  public double b0() {
    if (dS > dM) {
      return Influence.pointwise(chain, dM, releasableValue);
    }
    if (sideLength == LocalRedactionMechanism.UNBOUNDED || dS <= sideLength) {
      return Influence.max(chain, dS);
    }
    return 0;
  }
}
