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
 * Flink serializer of {@link AcceptedRecord}, the element that crosses ingestion's keyBy once per input record
 * (docs/benchmarks.md, 'Pipeline, end to end'): the subject id, then tick, state and event time, then the Kafka
 * origin (topic, partition, offset) and the payload as a length and its bytes. Flink's POJO serializer, which it
 * replaces, read and wrote every field through reflection and boxed each {@code long} and {@code int} on the way.
 * A null subject, topic or payload is written as such (the validator never emits one; the serializer does not rely
 * on it). Records in flight only: nothing of this type is kept in state, so its format can change between versions.
 */
@Internal
public final class AcceptedRecordSerializer extends TypeSerializerSingleton<AcceptedRecord> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final AcceptedRecordSerializer INSTANCE = new AcceptedRecordSerializer();

  private AcceptedRecordSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public AcceptedRecord createInstance() {
    return new AcceptedRecord();
  }

  @Override
  public AcceptedRecord copy(AcceptedRecord from) {
    AcceptedRecord r = new AcceptedRecord();
    r.subjectId = from.subjectId;
    r.tick = from.tick;
    r.state = from.state;
    r.eventTime = from.eventTime;
    r.topic = from.topic;
    r.partition = from.partition;
    r.offset = from.offset;
    r.payload = from.payload == null ? null : from.payload.clone();
    return r;
  }

  @Override
  public AcceptedRecord copy(AcceptedRecord from, AcceptedRecord reuse) {
    return copy(from);
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(AcceptedRecord r, DataOutputView out) throws IOException {
    StringValue.writeString(r.subjectId, out);
    out.writeLong(r.tick);
    out.writeInt(r.state);
    out.writeLong(r.eventTime);
    StringValue.writeString(r.topic, out);
    out.writeInt(r.partition);
    out.writeLong(r.offset);
    if (r.payload == null) {
      out.writeInt(-1);
    } else {
      out.writeInt(r.payload.length);
      out.write(r.payload);
    }
  }

  @Override
  public AcceptedRecord deserialize(DataInputView in) throws IOException {
    AcceptedRecord r = new AcceptedRecord();
    r.subjectId = StringValue.readString(in);
    r.tick = in.readLong();
    r.state = in.readInt();
    r.eventTime = in.readLong();
    r.topic = StringValue.readString(in);
    r.partition = in.readInt();
    r.offset = in.readLong();
    int n = in.readInt();
    if (n >= 0) {
      r.payload = new byte[n];
      in.readFully(r.payload);
    }
    return r;
  }

  @Override
  public AcceptedRecord deserialize(AcceptedRecord reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView source, DataOutputView target) throws IOException {
    serialize(deserialize(source), target);
  }

  @Override
  public TypeSerializerSnapshot<AcceptedRecord> snapshotConfiguration() {
    return new Snapshot();
  }

  /** Snapshot of the stateless serializer. */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<AcceptedRecord> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
