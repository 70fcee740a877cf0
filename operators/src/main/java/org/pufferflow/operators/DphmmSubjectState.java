package org.pufferflow.operators;

import java.util.Objects;
import org.apache.flink.annotation.Internal;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.operators.state.CompactPosterior;

/**
 * All of one subject's {@link DphmmReleaseFunction} state, kept as ONE keyed value ({@code dphmm-subject},
 * {@link DphmmSubjectStateSerializer}) so that a record costs one state read and one state write: the subject's
 * privacy ledger, the tick of its last release, the number of releases made (the next release's releaseSeq) and
 * the adversary's posterior p⁺ after the last release ({@link CompactPosterior}).
 *
 * <p>A subject whose releases were all refused by its budget has a ledger and no release yet: release count 0, no
 * posterior, last tick {@link #NO_RELEASE}. The format can hold a value without a ledger (a null ledger: a flag of
 * {@link DphmmSubjectStateSerializer}); the function stores every value with its ledger and gives a value read
 * without one a fresh ledger.
 *
 * <p>Mutable: the function updates it in place after each charge and writes it back. Public quantities only (ticks,
 * counts, budget spent, and a posterior computed from released values and the public model), so {@link #toString()}
 * may show them.
 */
@Internal
public final class DphmmSubjectState {

  /** The last tick of a subject without a release. */
  public static final long NO_RELEASE = Long.MIN_VALUE;

  long lastTick;
  long releaseSeq;
  CompactPosterior posterior;
  LedgerState ledger;

  /**
   * The parts; {@code posterior} and {@code ledger} are used as they are (not copied).
   *
   * @param posterior p⁺ after the last release; null exactly when {@code releaseSeq} is 0
   * @param ledger the subject's ledger, or null (the function then gives it a fresh one)
   */
  DphmmSubjectState(long lastTick, long releaseSeq, CompactPosterior posterior, LedgerState ledger) {
    if (releaseSeq < 0 || (posterior == null) != (releaseSeq == 0) || (releaseSeq == 0 && lastTick != NO_RELEASE)) {
      throw new IllegalStateException("DPHMM subject state: " + releaseSeq + " releases, "
          + (posterior == null ? "no posterior" : "a posterior") + ", last tick " + lastTick);
    }
    this.lastTick = lastTick;
    this.releaseSeq = releaseSeq;
    this.posterior = posterior;
    this.ledger = ledger;
  }

  /** A subject with a ledger and no release yet. */
  static DphmmSubjectState withoutRelease(LedgerState ledger) {
    return new DphmmSubjectState(NO_RELEASE, 0, null, ledger);
  }

  /**
   * A subject continued from its durable ledger entry (a start without its Flink state): the ledger, the last
   * release's tick, the release count and the posterior after the last release, exactly as the entry records them.
   */
  static DphmmSubjectState fromHistory(LedgerEntry e) {
    long releases = e.getReleases();
    CompactPosterior posterior = releases == 0 ? null : LedgerEntries.posterior(e);
    Long released = e.getReleasedTick();
    return new DphmmSubjectState(releases == 0 || released == null ? NO_RELEASE : released, releases, posterior,
        LedgerEntries.ledger(e));
  }

  /** Tick of the subject's last release, or {@link #NO_RELEASE}. */
  public long lastTick() {
    return lastTick;
  }

  /** Releases made, i.e. the releaseSeq of the next release. */
  public long releaseSeq() {
    return releaseSeq;
  }

  /** Whether the subject has made a release. */
  public boolean released() {
    return releaseSeq > 0;
  }

  /** p⁺ after the last release, or null before the first. */
  public CompactPosterior posterior() {
    return posterior;
  }

  /** The subject's ledger, or null in a value of the format without one. */
  public LedgerState ledger() {
    return ledger;
  }

  /** Deep copy. */
  DphmmSubjectState copy() {
    return new DphmmSubjectState(lastTick, releaseSeq, posterior == null ? null : posterior.copy(),
        ledger == null ? null : ledger.copy());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DphmmSubjectState s && s.lastTick == lastTick && s.releaseSeq == releaseSeq
        && Objects.equals(s.posterior, posterior) && Objects.equals(s.ledger, ledger);
  }

  @Override
  public int hashCode() {
    return Objects.hash(lastTick, releaseSeq, posterior, ledger);
  }

  @Override
  public String toString() {
    return "DphmmSubjectState[lastTick=" + lastTick + ", releaseSeq=" + releaseSeq + ", " + posterior + ", "
        + ledger + "]";
  }
}
