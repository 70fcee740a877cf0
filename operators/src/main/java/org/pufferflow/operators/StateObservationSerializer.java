package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/**
 * Flink serializer of {@link StateObservation}: the subject id, the tick and the state. It crosses a network
 * exchange where a mechanism's operator cannot be chained to ingestion (redaction's two-input operator) and in jobs
 * that key their own observations. Records in flight only: nothing of this type is kept in state.
 */
@Internal
public final class StateObservationSerializer extends TypeSerializerSingleton<StateObservation> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final StateObservationSerializer INSTANCE = new StateObservationSerializer();

  private StateObservationSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public StateObservation createInstance() {
    return new StateObservation();
  }

  @Override
  public StateObservation copy(StateObservation from) {
    return new StateObservation(from.subjectId, from.tick, from.state);
  }

  @Override
  public StateObservation copy(StateObservation from, StateObservation reuse) {
    return copy(from);
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(StateObservation o, DataOutputView out) throws IOException {
    StringValue.writeString(o.subjectId, out);
    out.writeLong(o.tick);
    out.writeInt(o.state);
  }

  @Override
  public StateObservation deserialize(DataInputView in) throws IOException {
    return new StateObservation(StringValue.readString(in), in.readLong(), in.readInt());
  }

  @Override
  public StateObservation deserialize(StateObservation reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView source, DataOutputView target) throws IOException {
    serialize(deserialize(source), target);
  }

  @Override
  public TypeSerializerSnapshot<StateObservation> snapshotConfiguration() {
    return new Snapshot();
  }

  /** Snapshot of the stateless serializer. */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<StateObservation> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
