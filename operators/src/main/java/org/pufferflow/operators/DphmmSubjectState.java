package org.pufferflow.operators;

import org.apache.flink.annotation.Internal;
import org.pufferflow.operators.state.CompactPosterior;

/**
 * All of one subject's {@link DphmmReleaseFunction} state but its ledger, kept as ONE keyed value
 * ({@code dphmm-subject}, {@link DphmmSubjectStateSerializer}) so that a record costs one state read and one state
 * write instead of three of each: the tick of the subject's last release, the number of releases made (the next
 * release's noise sequence) and the adversary's posterior p⁺ after the last release ({@link CompactPosterior}).
 *
 * <p>Mutable: the function updates it in place after each charged release and writes it back. Public quantities only
 * (ticks, counts, and a posterior computed from released values and the public model), so {@link #toString()} may
 * show them.
 */
@Internal
public final class DphmmSubjectState {

  long lastTick;
  long releaseSeq;
  final CompactPosterior posterior;

  /** The three parts; {@code posterior} is used as it is (not copied). */
  DphmmSubjectState(long lastTick, long releaseSeq, CompactPosterior posterior) {
    if (posterior == null || releaseSeq < 1) {
      throw new IllegalStateException("DPHMM subject state needs a posterior and at least one release, has "
          + releaseSeq);
    }
    this.lastTick = lastTick;
    this.releaseSeq = releaseSeq;
    this.posterior = posterior;
  }

  /** Tick of the subject's last release. */
  public long lastTick() {
    return lastTick;
  }

  /** Releases made, i.e. the noise sequence of the next release. */
  public long releaseSeq() {
    return releaseSeq;
  }

  /** p⁺ after the last release. */
  public CompactPosterior posterior() {
    return posterior;
  }

  /** Deep copy. */
  DphmmSubjectState copy() {
    return new DphmmSubjectState(lastTick, releaseSeq, posterior.copy());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DphmmSubjectState s && s.lastTick == lastTick && s.releaseSeq == releaseSeq
        && s.posterior.equals(posterior);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(lastTick) * 31 + Long.hashCode(releaseSeq) * 17 + posterior.hashCode();
  }

  @Override
  public String toString() {
    return "DphmmSubjectState[lastTick=" + lastTick + ", releaseSeq=" + releaseSeq + ", " + posterior + "]";
  }
}
