package org.pufferflow.operators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Flink serializer of {@link AcceptedRecord}, the element that crosses ingestion's keyBy once per input record
 * (docs/benchmarks.md, 'Pipeline, end to end'): the subject id, then tick, state and event time, then the Kafka
 * origin (topic, partition, offset) and the payload as a length and its bytes. Flink's POJO serializer, which it
 * replaces, read and wrote every field through reflection and boxed each {@code long} and {@code int} on the way.
 * A string is its length in UTF-8 bytes and the bytes, read in one call into a scratch buffer (Flink's
 * {@code StringValue} reads one byte per call through a thread-local buffer), and the topic, the same in nearly every
 * record, is decoded once and reused while it repeats. A null subject, topic or payload is written as such (the
 * validator never emits one; the serializer does not rely on it). Records in flight only: nothing of this type is
 * kept in state, so its format can change between versions.
 *
 * <p>Not thread-safe (the scratch buffer and the last topic): {@link #duplicate()} gives each user its own instance,
 * as Flink's contract for serializers with state asks.
 */
@Internal
public final class AcceptedRecordSerializer extends TypeSerializer<AcceptedRecord> {

  private static final long serialVersionUID = 2L;
  /** Strings up to this many bytes are read through the scratch buffer; longer ones into an array of their own. */
  private static final int SCRATCH_LIMIT = 1024;

  private transient byte[] scratch;
  /** The topic read last, and its bytes. */
  private transient String topic;
  private transient byte[] topicBytes;

  public AcceptedRecordSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public TypeSerializer<AcceptedRecord> duplicate() {
    return new AcceptedRecordSerializer();
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
    writeString(r.subjectId, out);
    out.writeLong(r.tick);
    out.writeInt(r.state);
    out.writeLong(r.eventTime);
    writeString(r.topic, out);
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
    r.subjectId = readString(in);
    r.tick = in.readLong();
    r.state = in.readInt();
    r.eventTime = in.readLong();
    r.topic = readTopic(in);
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

  /**
   * {@code s} as its UTF-8 length and bytes, -1 for null; without an allocation when ASCII (ids and topics usually
   * are).
   */
  private void writeString(String s, DataOutputView out) throws IOException {
    if (s == null) {
      out.writeInt(-1);
      return;
    }
    int n = s.length();
    if (n <= SCRATCH_LIMIT) {
      byte[] b = scratch();
      int i = 0;
      while (i < n && s.charAt(i) < 0x80) {
        b[i] = (byte) s.charAt(i);
        i++;
      }
      if (i == n) {
        out.writeInt(n);
        out.write(b, 0, n);
        return;
      }
    }
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
  }

  /** A string {@link #writeString} wrote. */
  private String readString(DataInputView in) throws IOException {
    int n = in.readInt();
    return n < 0 ? null : new String(read(in, n), 0, n, StandardCharsets.UTF_8);
  }

  /** The topic {@link #writeString} wrote: while it repeats, the instance decoded the first time. */
  private String readTopic(DataInputView in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      return null;
    }
    byte[] b = read(in, n);
    if (topicBytes == null || !Arrays.equals(b, 0, n, topicBytes, 0, topicBytes.length)) {
      topic = new String(b, 0, n, StandardCharsets.UTF_8);
      topicBytes = Arrays.copyOf(b, n);
    }
    return topic;
  }

  /** The next {@code n} bytes, in the scratch buffer when they fit. */
  private byte[] read(DataInputView in, int n) throws IOException {
    byte[] b = n <= SCRATCH_LIMIT ? scratch() : new byte[n];
    in.readFully(b, 0, n);
    return b;
  }

  private byte[] scratch() {
    if (scratch == null) {
      scratch = new byte[SCRATCH_LIMIT];
    }
    return scratch;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AcceptedRecordSerializer;
  }

  @Override
  public int hashCode() {
    return AcceptedRecordSerializer.class.hashCode();
  }

  @Override
  public TypeSerializerSnapshot<AcceptedRecord> snapshotConfiguration() {
    return new Snapshot();
  }

  /** Snapshot of the serializer (no configuration). */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<AcceptedRecord> {
    public Snapshot() {
      super(AcceptedRecordSerializer::new);
    }
  }
}
