package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.CompactPosteriorSerializer;
import org.pufferflow.operators.state.LedgerStateFormat;
import org.pufferflow.operators.state.StateFormatSnapshot;

/**
 * Flink serializer of {@link DphmmSubjectState} (never Kryo). Format {@value Snapshot#FORMAT}: the last release's
 * tick and the release count as longs, whether a ledger follows (a byte) and the ledger ({@link LedgerStateFormat}),
 * then, after a release, the posterior as {@link CompactPosteriorSerializer} writes it: 17 + 50 + 809 bytes for a
 * dense posterior of N = 100. A savepoint of another format is refused, never migrated ({@link Snapshot}), and so is
 * one whose posterior bytes differ: they are part of this format.
 */
@Internal
public final class DphmmSubjectStateSerializer extends TypeSerializerSingleton<DphmmSubjectState> {

  private static final long serialVersionUID = 2L;

  /** The one instance (stateless). */
  public static final DphmmSubjectStateSerializer INSTANCE = new DphmmSubjectStateSerializer();

  /** Private: the one instance. */
  private DphmmSubjectStateSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public DphmmSubjectState createInstance() {
    return DphmmSubjectState.withoutRelease(null);
  }

  @Override
  public DphmmSubjectState copy(DphmmSubjectState from) {
    return from.copy();
  }

  @Override
  public DphmmSubjectState copy(DphmmSubjectState from, DphmmSubjectState reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(DphmmSubjectState s, DataOutputView out) throws IOException {
    out.writeLong(s.lastTick);
    out.writeLong(s.releaseSeq);
    out.writeBoolean(s.ledger != null);
    if (s.ledger != null) {
      LedgerStateFormat.write(s.ledger, out);
    }
    if (s.posterior != null) {
      CompactPosteriorSerializer.INSTANCE.serialize(s.posterior, out);
    }
  }

  @Override
  public DphmmSubjectState deserialize(DataInputView in) throws IOException {
    long lastTick = in.readLong();
    long releaseSeq = in.readLong();
    if (releaseSeq < 0 || (releaseSeq == 0 && lastTick != DphmmSubjectState.NO_RELEASE)) {
      throw new IOException("corrupt DPHMM subject state: " + releaseSeq + " releases, last tick " + lastTick);
    }
    LedgerState ledger = in.readBoolean() ? LedgerStateFormat.read(in) : null;
    CompactPosterior posterior = releaseSeq == 0 ? null : CompactPosteriorSerializer.INSTANCE.deserialize(in);
    return new DphmmSubjectState(lastTick, releaseSeq, posterior, ledger);
  }

  @Override
  public DphmmSubjectState deserialize(DphmmSubjectState reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView in, DataOutputView out) throws IOException {
    serialize(deserialize(in), out);
  }

  /** Bytes one subject's state takes serialized (for the state-size figures). */
  public static int serializedSize(DphmmSubjectState s) {
    return 2 * Long.BYTES + 1 + (s.ledger == null ? 0 : LedgerStateFormat.BYTES)
        + (s.posterior == null ? 0 : s.posterior.serializedSize());
  }

  @Override
  public TypeSerializerSnapshot<DphmmSubjectState> snapshotConfiguration() {
    return new Snapshot();
  }

  /** Snapshot for savepoint compatibility: format {@value #FORMAT}, the only one read ({@link StateFormatSnapshot}). */
  public static final class Snapshot extends StateFormatSnapshot<DphmmSubjectState> {
    static final int FORMAT = 4;

    public Snapshot() {
      super("DPHMM subjects (dphmm-subject)", FORMAT, () -> INSTANCE);
    }
  }
}
