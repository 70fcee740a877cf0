package org.pufferflow.operators.state;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Flink serializer of {@link StateWindow}: W, k and the fill level as ints, then the held states oldest first, one
 * byte each when k ≤ 256 (an int each otherwise). The counts are not written; they are recomputed on read. A
 * window of W = 100 over 4 states therefore takes 112 bytes.
 */
@Internal
public final class StateWindowSerializer extends TypeSerializerSingleton<StateWindow> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final StateWindowSerializer INSTANCE = new StateWindowSerializer();

  private StateWindowSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public StateWindow createInstance() {
    return new StateWindow(1, 1);
  }

  @Override
  public StateWindow copy(StateWindow from) {
    return from.copy();
  }

  @Override
  public StateWindow copy(StateWindow from, StateWindow reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(StateWindow w, DataOutputView out) throws IOException {
    out.writeInt(w.window());
    out.writeInt(w.states());
    out.writeInt(w.size());
    boolean narrow = w.states() <= StateWindow.BYTE_STATES;
    for (int i = 0; i < w.size(); i++) {
      if (narrow) {
        out.writeByte(w.stateAt(i));
      } else {
        out.writeInt(w.stateAt(i));
      }
    }
  }

  @Override
  public StateWindow deserialize(DataInputView in) throws IOException {
    int window = in.readInt();
    int states = in.readInt();
    int size = in.readInt();
    if (window < 1 || states < 1 || size < 0 || size > window) {
      throw new IOException("corrupt MQM window state: window " + window + ", states " + states + ", size " + size);
    }
    StateWindow w = new StateWindow(window, states);
    boolean narrow = states <= StateWindow.BYTE_STATES;
    for (int i = 0; i < size; i++) {
      int s = narrow ? in.readUnsignedByte() : in.readInt();
      if (s >= states) {
        throw new IOException("corrupt MQM window state: state index out of range");
      }
      w.push(s);
    }
    return w;
  }

  @Override
  public StateWindow deserialize(StateWindow reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView in, DataOutputView out) throws IOException {
    serialize(deserialize(in), out);
  }

  /** Bytes one window takes serialized (for the state-size figures of the benchmarks). */
  public static int serializedSize(StateWindow w) {
    return 12 + w.size() * (w.states() <= StateWindow.BYTE_STATES ? 1 : 4);
  }

  @Override
  public TypeSerializerSnapshot<StateWindow> snapshotConfiguration() {
    return new Snapshot();
  }

  /** Snapshot for savepoint compatibility (format version 1). */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<StateWindow> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
