package org.pufferflow.operators;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.CompactPosteriorSerializer;

/**
 * The one mapping between a subject's ledger in Flink state ({@link LedgerState}, ticks, release count, the DPHMM
 * posterior) and its durable {@link LedgerEntry} (docs/privacy-noise.md, 'The durable ledger'). Every field of the
 * ledger round-trips bit for bit, so a subject continued from the store is charged exactly as if its Flink state had
 * been kept.
 */
final class LedgerEntries {

  private final DataOutputSerializer scratch = new DataOutputSerializer(256);

  /**
   * The entry of {@code subject} after a charge or release at {@code tick}.
   *
   * @param releasedTick the tick of the last release, or null before the first
   * @param posterior DPHMM's posterior after the last release, or null (MQM; no release yet)
   */
  LedgerEntry entry(String mechanism, String subject, long tick, Long releasedTick, long releases,
      LedgerState ledger, CompactPosterior posterior) {
    LedgerEntry e = new LedgerEntry();
    e.setMechanism(mechanism);
    e.setSubjectId(subject);
    e.setLastTick(tick);
    e.setReleasedTick(releasedTick);
    e.setReleases(releases);
    e.setSpent(ledger.getSpent());
    e.setPeriodSpent(ledger.getPeriodSpent());
    e.setPeriod(ledger.getPeriod());
    e.setExhausted(ledger.isExhausted());
    e.setPeriodExhausted(ledger.isPeriodExhausted());
    e.setPolicyTotalBudget(ledger.getPolicyTotalBudget());
    e.setPolicyPeriodBudget(ledger.getPolicyPeriodBudget());
    e.setPolicyPeriodTicks(ledger.getPolicyPeriodTicks());
    e.setPosterior(posterior == null ? null : encode(posterior));
    return e;
  }

  private ByteBuffer encode(CompactPosterior posterior) {
    scratch.clear();
    try {
      CompactPosteriorSerializer.INSTANCE.serialize(posterior, scratch);
    } catch (IOException e) {
      throw new UncheckedIOException("encoding a posterior in memory", e);
    }
    return ByteBuffer.wrap(scratch.getCopyOfBuffer());
  }

  /** The ledger an entry records (policy included: the ledger migrates it as after a restore). */
  static LedgerState ledger(LedgerEntry e) {
    LedgerState s = new LedgerState();
    s.setSpent(e.getSpent());
    s.setPeriodSpent(e.getPeriodSpent());
    s.setPeriod(e.getPeriod());
    s.setExhausted(e.getExhausted());
    s.setPeriodExhausted(e.getPeriodExhausted());
    s.setPolicyTotalBudget(e.getPolicyTotalBudget());
    s.setPolicyPeriodBudget(e.getPolicyPeriodBudget());
    s.setPolicyPeriodTicks(e.getPolicyPeriodTicks());
    return s;
  }

  /** The posterior an entry records, or null. */
  static CompactPosterior posterior(LedgerEntry e) {
    ByteBuffer b = e.getPosterior();
    if (b == null) {
      return null;
    }
    try {
      return CompactPosteriorSerializer.INSTANCE.deserialize(new DataInputDeserializer(b.duplicate()));
    } catch (IOException ex) {
      throw new IllegalStateException("ledger entry of mechanism " + e.getMechanism() + ", subject "
          + e.getSubjectId() + ": its posterior does not decode (" + ex.getMessage() + ")", ex);
    }
  }
}
