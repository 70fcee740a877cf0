package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.pufferflow.operators.state.StateFormatSnapshot;
import org.pufferflow.operators.state.StateWindow;
import org.pufferflow.operators.state.StateWindowSerializer;

/**
 * Flink serializer of {@link MqmSubjectState} (never Kryo): the window as {@link StateWindowSerializer} writes it
 * (W, k, fill level, the held states oldest first), then the progress — observed count, last tick, next release
 * sequence (longs), S and the number of window start ticks ⌈W/S⌉ (ints), the start ticks (longs). For W = 100,
 * S = 10, k = 4 that is 112 + 32 + 80 = 224 bytes.
 */
@Internal
public final class MqmSubjectStateSerializer extends TypeSerializerSingleton<MqmSubjectState> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final MqmSubjectStateSerializer INSTANCE = new MqmSubjectStateSerializer();

  private MqmSubjectStateSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public MqmSubjectState createInstance() {
    return MqmSubjectState.fresh(1, 1, 1);
  }

  @Override
  public MqmSubjectState copy(MqmSubjectState from) {
    return from.copy();
  }

  @Override
  public MqmSubjectState copy(MqmSubjectState from, MqmSubjectState reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(MqmSubjectState s, DataOutputView out) throws IOException {
    StateWindowSerializer.INSTANCE.serialize(s.window, out);
    MqmProgress p = s.progress;
    out.writeLong(p.observed);
    out.writeLong(p.lastTick);
    out.writeLong(p.releaseSeq);
    out.writeInt(p.slide);
    out.writeInt(p.startTicks.length);
    for (long t : p.startTicks) {
      out.writeLong(t);
    }
  }

  @Override
  public MqmSubjectState deserialize(DataInputView in) throws IOException {
    StateWindow window = StateWindowSerializer.INSTANCE.deserialize(in);
    MqmProgress p = new MqmProgress();
    p.observed = in.readLong();
    p.lastTick = in.readLong();
    p.releaseSeq = in.readLong();
    p.slide = in.readInt();
    int starts = in.readInt();
    if (p.observed < 0 || p.releaseSeq < 0 || p.releaseSeq > p.observed || p.slide < 1
        || starts != (window.window() + p.slide - 1) / p.slide) {
      throw new IOException("corrupt MQM subject state: observed " + p.observed + ", releaseSeq " + p.releaseSeq
          + ", slide " + p.slide + ", " + starts + " start ticks for window " + window.window());
    }
    p.startTicks = new long[starts];
    for (int i = 0; i < starts; i++) {
      p.startTicks[i] = in.readLong();
    }
    return new MqmSubjectState(window, p);
  }

  @Override
  public MqmSubjectState deserialize(MqmSubjectState reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView in, DataOutputView out) throws IOException {
    serialize(deserialize(in), out);
  }

  /** Bytes one subject's state takes serialized (for the state-size figures). */
  public static int serializedSize(MqmSubjectState s) {
    return StateWindowSerializer.serializedSize(s.window) + 3 * Long.BYTES + 2 * Integer.BYTES
        + s.progress.startTicks.length * Long.BYTES;
  }

  @Override
  public TypeSerializerSnapshot<MqmSubjectState> snapshotConfiguration() {
    return new Snapshot();
  }

  /**
   * Snapshot for savepoint compatibility: format {@value #FORMAT}, the only one read ({@link StateFormatSnapshot}); 3
   * is the version Flink's {@code SimpleTypeSerializerSnapshot}, this snapshot's earlier base, wrote for these bytes,
   * so savepoints taken with it stay readable.
   */
  public static final class Snapshot extends StateFormatSnapshot<MqmSubjectState> {
    static final int FORMAT = 3;

    public Snapshot() {
      super("MQM subjects (mqm-subject)", FORMAT, () -> INSTANCE);
    }
  }
}
