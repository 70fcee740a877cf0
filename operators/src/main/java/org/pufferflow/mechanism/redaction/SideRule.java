package org.pufferflow.mechanism.redaction;

import java.io.Serializable;
import java.util.Arrays;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;

/**
 * The redaction rule of one side of a private record, by distance (docs/redaction.md, 'Mechanisms', Eq. 1): band L
 * (distances {@code < dM}) always redacted, band M redacts the releasable value {@code v*} with probability
 * {@code q[D - dM]} and the other value always, band S ({@code >= dS}) always released. A deterministic window of
 * radius {@code R} is the special case {@code dM = dS = R + 1}. Immutable.
 */
public final class SideRule implements SideRedaction, Serializable {

  private static final long serialVersionUID = 1L;

  private final long sideLength;
  private final long dM;
  private final long dS;
  private final int releasableValue;
  private final double[] q;

  private SideRule(long sideLength, long dM, long dS, int releasableValue, double[] q) {
    this.sideLength = sideLength;
    this.dM = dM;
    this.dS = dS;
    this.releasableValue = releasableValue;
    this.q = q;
  }

  /**
   * The 3R rule for {@code bands} with band-M redaction probabilities {@code q} (length {@code K}). Each {@code q_k}
   * is raised to {@code max_{j >= k} q_j}, so the rule never redacts less at a larger distance. Every design here is
   * non-increasing in exact arithmetic (the taut string's increments grow, the others are uniform); this only removes
   * floating-point wiggles of an ulp, and raising a redaction probability is post-processing (never more leakage).
   * The streaming rule relies on it: only the nearest private tick on each side matters.
   */
  public static SideRule threeR(RedactionBands bands, double[] q) {
    PufferPreconditions.checkArgument(
        q.length == bands.mSize(), "q has %s entries, band M has %s records", q.length, bands.mSize());
    for (int k = 0; k < q.length; k++) {
      PufferPreconditions.checkProbability("q[" + k + "]", q[k]);
    }
    double[] monotone = q.clone();
    for (int k = monotone.length - 2; k >= 0; k--) {
      monotone[k] = Math.max(monotone[k], monotone[k + 1]);
    }
    return new SideRule(bands.sideLength(), bands.dM(), bands.dS(), bands.releasableValue(), monotone);
  }

  /** A deterministic window redacting distances {@code 1..radius} (capped at the side length). */
  public static SideRule window(long radius, long sideLength) {
    PufferPreconditions.checkAtLeast("radius", radius, 0);
    long first = sideLength == LocalRedactionMechanism.UNBOUNDED ? radius + 1 : Math.min(radius, sideLength) + 1;
    return new SideRule(sideLength, first, first, 0, new double[0]);
  }

  @Override
  public double redactionProbability(long distance, int value) {
    if (distance < dM) {
      return 1;
    }
    if (distance >= dS) {
      return 0;
    }
    return value == releasableValue ? q[(int) (distance - dM)] : 1;
  }

  public long sideLength() {
    return sideLength;
  }

  public long dM() {
    return dM;
  }

  public long dS() {
    return dS;
  }

  public int releasableValue() {
    return releasableValue;
  }

  /** The band-M probabilities {@code q} (a copy), nearest record first. */
  public double[] q() {
    return q.clone();
  }

  /** {@code E[#redacted records on this side]} under the stationary law (docs/redaction.md, 'Model and guarantee'). */
  public double expectedRedactions(BinaryMarkovChain chain) {
    long last = Math.min(dS - 1, sideLength);
    double sum = Math.min(dM - 1, last); // band L: always redacted
    for (long d = dM; d <= last; d++) {
      sum += chain.stationary(0) * redactionProbability(d, 0) + chain.stationary(1) * redactionProbability(d, 1);
    }
    return sum;
  }

  /** Exact {@code {A, B}} of this side (docs/redaction.md, 'Guarantees with proof outlines'). */
  public double[] leakage(BinaryMarkovChain chain) {
    return ExactLeakage.side(chain, this, sideLength, dS, dM);
  }

  @Override
  public String toString() {
    return "SideRule{dM=" + dM + ", dS=" + dS + ", v*=" + releasableValue + ", q=" + Arrays.toString(q) + "}";
  }
}
