package org.pufferflow.operators.state;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.pufferflow.mechanism.redaction.OptOutRanges;

/**
 * Flink serializer of {@link RedactionBuffer}, in a canonical form (equal content, equal bytes):
 *
 * <ol>
 *   <li>the last decided tick (long, {@link RedactionBuffer#NONE} if none);
 *   <li>the opt-out capacity and the number of ranges (ints), then each range's first and last tick (longs);
 *   <li>the number of held records (int); if positive, the first held tick (long), the held span
 *       {@code last - first + 1} (int), then the presence bits and the value bits of the span, 8 ticks a byte,
 *       oldest tick in the lowest bit.
 * </ol>
 *
 * A subject holding 5 records and no opt-out takes 8 + 8 + 4 + 12 + 2 = 34 bytes.
 */
@Internal
public final class RedactionBufferSerializer extends TypeSerializerSingleton<RedactionBuffer> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final RedactionBufferSerializer INSTANCE = new RedactionBufferSerializer();

  private RedactionBufferSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public RedactionBuffer createInstance() {
    return new RedactionBuffer(OptOutRanges.DEFAULT_CAPACITY);
  }

  @Override
  public RedactionBuffer copy(RedactionBuffer from) {
    return from.copy();
  }

  @Override
  public RedactionBuffer copy(RedactionBuffer from, RedactionBuffer reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(RedactionBuffer b, DataOutputView out) throws IOException {
    out.writeLong(b.lastDecided());
    OptOutRanges ranges = b.optOuts();
    out.writeInt(ranges.capacity());
    out.writeInt(ranges.size());
    for (int i = 0; i < ranges.size(); i++) {
      long[] r = ranges.range(i);
      out.writeLong(r[0]);
      out.writeLong(r[1]);
    }
    out.writeInt(b.size());
    if (b.isEmpty()) {
      return;
    }
    long first = b.firstTick();
    int span = Math.toIntExact(b.lastTick() - first + 1);
    out.writeLong(first);
    out.writeInt(span);
    for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < span; i += 8) {
        int octet = 0;
        for (int j = 0; j < 8 && i + j < span; j++) {
          long t = first + i + j;
          int bit = pass == 0 ? (b.holds(t) ? 1 : 0) : (b.holds(t) ? b.valueAt(t) : 0);
          octet |= bit << j;
        }
        out.writeByte(octet);
      }
    }
  }

  @Override
  public RedactionBuffer deserialize(DataInputView in) throws IOException {
    long lastDecided = in.readLong();
    int capacity = in.readInt();
    int n = in.readInt();
    if (capacity < 1 || n < 0 || n > capacity) {
      throw new IOException("corrupt redaction state: opt-out capacity " + capacity + ", ranges " + n);
    }
    RedactionBuffer b = new RedactionBuffer(capacity);
    for (int i = 0; i < n; i++) {
      long from = in.readLong();
      long to = in.readLong();
      if (from > to || from == OptOutRanges.NONE || !b.optOuts().add(from, to)) {
        throw new IOException("corrupt redaction state: opt-out range " + i + " invalid");
      }
    }
    b.setLastDecided(lastDecided);
    int count = in.readInt();
    if (count == 0) {
      return b;
    }
    long first = in.readLong();
    int span = in.readInt();
    if (count < 0 || span < count || first == RedactionBuffer.NONE || (lastDecided != RedactionBuffer.NONE
        && first <= lastDecided)) {
      throw new IOException("corrupt redaction state: " + count + " records held over " + span + " ticks");
    }
    byte[] presence = new byte[(span + 7) / 8];
    byte[] value = new byte[presence.length];
    in.readFully(presence);
    in.readFully(value);
    int seen = 0;
    for (int i = 0; i < span; i++) {
      if ((presence[i >>> 3] >>> (i & 7) & 1) == 1) {
        b.add(first + i, value[i >>> 3] >>> (i & 7) & 1);
        seen++;
      }
    }
    if (seen != count || !b.holds(first) || !b.holds(first + span - 1)) {
      throw new IOException("corrupt redaction state: presence bits do not match " + count + " records");
    }
    return b;
  }

  @Override
  public RedactionBuffer deserialize(RedactionBuffer reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView in, DataOutputView out) throws IOException {
    serialize(deserialize(in), out);
  }

  @Override
  public TypeSerializerSnapshot<RedactionBuffer> snapshotConfiguration() {
    return new Snapshot();
  }

  /**
   * Snapshot for savepoint compatibility: format {@value #FORMAT}, the only one read ({@link StateFormatSnapshot}); 3
   * is the version Flink's {@code SimpleTypeSerializerSnapshot}, this snapshot's earlier base, wrote for these bytes,
   * so savepoints taken with it stay readable.
   */
  public static final class Snapshot extends StateFormatSnapshot<RedactionBuffer> {
    static final int FORMAT = 3;

    public Snapshot() {
      super("redaction subjects (redaction-buffer)", FORMAT, () -> INSTANCE);
    }
  }
}
