package org.pufferflow.operators.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * The redaction operator's hold-back buffer (docs/operators.md, 'Redaction function') against a plain queue model:
 * any sequence of holds (with gaps, including spans beyond the ring) and removals keeps exactly the model's records;
 * the serializer round-trips to the same content and the same bytes (canonical, whatever the ring's capacity).
 */
class RedactionBufferProperties {

  @Property(tries = 400)
  void holdsExactlyTheQueueOfAModelAndRoundTripsCanonically(
      @ForAll @LongRange(min = -1_000, max = 1L << 40) long start,
      @ForAll @Size(max = 150) List<@IntRange(min = 0, max = 199) Integer> steps) throws IOException {
    RedactionBuffer b = new RedactionBuffer(16);
    ArrayDeque<long[]> model = new ArrayDeque<>();
    long next = start;
    long lastRemoved = RedactionBuffer.NONE;
    for (int step : steps) {
      if (step < 60 && !model.isEmpty()) {
        long[] head = model.removeFirst();
        assertThat(b.firstTick()).isEqualTo(head[0]);
        assertThat(b.firstValue()).isEqualTo((int) head[1]);
        b.removeFirst();
        lastRemoved = head[0];
      } else {
        long gap = step < 190 ? 1 : 1 + (step - 189) * 37L; // mostly dense, sometimes a long gap
        next += gap;
        int value = step & 1;
        b.add(next, value);
        model.addLast(new long[] {next, value});
      }
      if (step % 7 == 0) {
        b.optOuts().add(next + step, next + step + (step % 3));
      }
      assertThat(b.size()).isEqualTo(model.size());
      assertThat(b.lastDecided()).isEqualTo(lastRemoved);
      if (!model.isEmpty()) {
        assertThat(b.lastTick()).isEqualTo(model.peekLast()[0]);
      }
    }
    byte[] bytes = write(b);
    RedactionBuffer back = read(bytes);
    assertThat(write(back)).isEqualTo(bytes);
    assertThat(write(b.copy())).isEqualTo(bytes);
    assertThat(back.size()).isEqualTo(model.size());
    assertThat(back.lastDecided()).isEqualTo(lastRemoved);
    assertThat(back.optOuts().size()).isEqualTo(b.optOuts().size());
    for (int i = 0; i < b.optOuts().size(); i++) {
      assertThat(back.optOuts().range(i)).isEqualTo(b.optOuts().range(i));
    }
    while (!model.isEmpty()) {
      long[] head = model.removeFirst();
      assertThat(back.firstTick()).isEqualTo(head[0]);
      assertThat(back.firstValue()).isEqualTo((int) head[1]);
      back.removeFirst();
    }
    assertThat(back.isEmpty()).isTrue();
  }

  static byte[] write(RedactionBuffer b) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(64);
    RedactionBufferSerializer.INSTANCE.serialize(b, out);
    return out.getCopyOfBuffer();
  }

  static RedactionBuffer read(byte[] bytes) throws IOException {
    DataInputDeserializer in = new DataInputDeserializer(bytes);
    RedactionBuffer b = RedactionBufferSerializer.INSTANCE.deserialize(in);
    assertThat(in.available()).as("the whole state is read").isZero();
    return b;
  }
}
