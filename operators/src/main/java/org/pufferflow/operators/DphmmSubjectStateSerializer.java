package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.CompactPosteriorSerializer;

/**
 * Flink serializer of {@link DphmmSubjectState} (never Kryo): the last release's tick and the release count as
 * longs, then the posterior as {@link CompactPosteriorSerializer} writes it — the same bytes as the three values of
 * the three-state layout ({@link DphmmLegacyState}) together, 16 + 809 for a dense posterior of N = 100.
 */
@Internal
public final class DphmmSubjectStateSerializer extends TypeSerializerSingleton<DphmmSubjectState> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final DphmmSubjectStateSerializer INSTANCE = new DphmmSubjectStateSerializer();

  private DphmmSubjectStateSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public DphmmSubjectState createInstance() {
    return new DphmmSubjectState(0, 1, new CompactPosterior());
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
    CompactPosteriorSerializer.INSTANCE.serialize(s.posterior, out);
  }

  @Override
  public DphmmSubjectState deserialize(DataInputView in) throws IOException {
    long lastTick = in.readLong();
    long releaseSeq = in.readLong();
    if (releaseSeq < 1) {
      throw new IOException("corrupt DPHMM subject state: " + releaseSeq + " releases");
    }
    return new DphmmSubjectState(lastTick, releaseSeq, CompactPosteriorSerializer.INSTANCE.deserialize(in));
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
    return 2 * Long.BYTES + s.posterior.serializedSize();
  }

  @Override
  public TypeSerializerSnapshot<DphmmSubjectState> snapshotConfiguration() {
    return new Snapshot();
  }

  /** Snapshot for savepoint compatibility (format version 1). */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<DphmmSubjectState> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
