package org.pufferflow.operators.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/** Invariants of the compact keyed-state encodings: counts always equal a recount, round trips are exact. */
class CompactStateProperties {

  @Property(tries = 300)
  void windowCountsEqualARecountOfTheLastWStates(
      @ForAll @IntRange(min = 1, max = 40) int window,
      @ForAll @IntRange(min = 1, max = 300) int states,
      @ForAll @Size(max = 200) List<@IntRange(min = 0, max = 100_000) Integer> draws) throws IOException {
    StateWindow w = new StateWindow(window, states);
    ArrayDeque<Integer> model = new ArrayDeque<>();
    for (int d : draws) {
      int s = d % states;
      int evicted = w.push(s);
      model.addLast(s);
      int expectedEvicted = model.size() > window ? model.removeFirst() : -1;
      assertThat(evicted).isEqualTo(expectedEvicted);
    }
    assertThat(w.size()).isEqualTo(model.size());
    assertThat(w.isFull()).isEqualTo(model.size() == window);
    int[] recount = new int[states];
    model.forEach(s -> recount[s]++);
    for (int s = 0; s < states; s++) {
      assertThat(w.count(s)).isEqualTo(recount[s]);
    }
    assertThat(model).containsExactlyElementsOf(java.util.stream.IntStream.range(0, w.size()).map(w::stateAt).boxed().toList());
    StateWindow back = roundTrip(StateWindowSerializer.INSTANCE, w);
    assertThat(back).isEqualTo(w);
    for (int s = 0; s < states; s++) {
      assertThat(back.count(s)).isEqualTo(recount[s]);
    }
  }

  @Property(tries = 300)
  void posteriorRoundTripsBitForBitInTheSmallerEncoding(
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 9) Integer> masks,
      @ForAll @IntRange(min = 1, max = 1_000_000) int seed) throws IOException {
    double[] p = new double[masks.size()];
    for (int i = 0; i < p.length; i++) {
      // about one entry in five is non-zero (or, with runs, a stretch of consecutive ones); arbitrary low bits
      boolean in = masks.get(i) < 2 || seed % 3 == 0 && masks.get(i) < 8;
      p[i] = in ? Math.scalb((double) ((seed * 2654435761L + i * 40503L) & 0xFFFFFFFFL) + 1, -40) : 0;
    }
    CompactPosterior c = new CompactPosterior().encode(p);
    int nnz = (int) java.util.Arrays.stream(p).filter(x -> x != 0).count();
    assertThat(c.support()).isEqualTo(nnz);
    int runs = 0;
    for (int i = 0; i < p.length; i++) {
      runs += p[i] != 0 && (i == 0 || p[i - 1] == 0) ? 1 : 0;
    }
    long dense = 9 + 8L * p.length;
    long pairs = 9 + 12L * nnz;
    long rle = 13 + 8L * runs + 8L * nnz;
    assertThat(c.runs()).isEqualTo(runs);
    assertThat((long) c.serializedSize()).isEqualTo(Math.min(dense, Math.min(pairs, rle)));
    assertThat(c.isSparse()).isEqualTo(Math.min(pairs, rle) < dense);
    double[] out = new double[p.length];
    c.decodeInto(out);
    assertThat(out).containsExactly(p);
    CompactPosterior back = roundTrip(CompactPosteriorSerializer.INSTANCE, c);
    double[] out2 = new double[p.length];
    back.decodeInto(out2);
    for (int i = 0; i < p.length; i++) {
      assertThat(Double.doubleToRawLongBits(out2[i])).isEqualTo(Double.doubleToRawLongBits(p[i]));
    }
    assertThat(c.serializedSize()).isEqualTo(serializedLength(CompactPosteriorSerializer.INSTANCE, c));
  }

  @Property(tries = 50)
  void reusedHolderForgetsTheEarlierVector(@ForAll @IntRange(min = 2, max = 200) int n) {
    double[] wide = new double[n];
    java.util.Arrays.fill(wide, 1.0 / n);
    double[] narrow = new double[n];
    narrow[n - 1] = 1;
    CompactPosterior c = new CompactPosterior().encode(wide).encode(narrow);
    double[] out = new double[n];
    c.decodeInto(out);
    assertThat(out).containsExactly(narrow);
  }

  @org.junit.jupiter.api.Test
  void sizesOfTheDocumentedExamples() throws IOException {
    StateWindow w = new StateWindow(100, 4);
    for (int i = 0; i < 150; i++) {
      w.push(i % 4);
    }
    assertThat(serializedLength(StateWindowSerializer.INSTANCE, w)).isEqualTo(112)
        .isEqualTo(StateWindowSerializer.serializedSize(w));
    StateWindow wide = new StateWindow(10, 1000);
    wide.push(999);
    assertThat(serializedLength(StateWindowSerializer.INSTANCE, wide)).isEqualTo(16);
    double[] grid = new double[2500];
    for (int i = 0; i < 25; i++) {
      grid[1200 + i] = 1.0 / 25;
    }
    CompactPosterior c = new CompactPosterior().encode(grid);
    assertThat(c.isSparse()).isTrue();
    // one run of 25 cells: N, support, tag, run count, (start, length), 25 doubles
    assertThat(serializedLength(CompactPosteriorSerializer.INSTANCE, c)).isEqualTo(9 + 4 + 8 + 25 * 8);
    double[] scattered = new double[2500];
    for (int i = 0; i < 25; i++) {
      scattered[100 * i] = 1.0 / 25;
    }
    assertThat(serializedLength(CompactPosteriorSerializer.INSTANCE, new CompactPosterior().encode(scattered)))
        .isEqualTo(9 + 25 * 12);
  }

  @org.junit.jupiter.api.Test
  void theOriginalSparseFormatStillRestores() throws IOException {
    // bytes of the format before runs: N = 5, support 2, sparse = true, (1, 0.25), (3, 0.75)
    DataOutputSerializer old = new DataOutputSerializer(64);
    old.writeInt(5);
    old.writeInt(2);
    old.writeBoolean(true);
    old.writeInt(1);
    old.writeDouble(0.25);
    old.writeInt(3);
    old.writeDouble(0.75);
    CompactPosterior p =
        CompactPosteriorSerializer.INSTANCE.deserialize(new DataInputDeserializer(old.getCopyOfBuffer()));
    double[] out = new double[5];
    p.decodeInto(out);
    assertThat(out).containsExactly(0, 0.25, 0, 0.75, 0);
    assertThat(p.runs()).isEqualTo(2);
  }

  @org.junit.jupiter.api.Test
  void overlappingOrShortRunsAreRejected() {
    DataOutputSerializer bad = new DataOutputSerializer(64);
    try {
      bad.writeInt(10);
      bad.writeInt(3);
      bad.writeByte(2);
      bad.writeInt(2);
      bad.writeInt(4);
      bad.writeInt(2);
      bad.writeInt(5); // overlaps the first run
      bad.writeInt(1);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    assertThatThrownBy(() -> CompactPosteriorSerializer.INSTANCE.deserialize(
        new DataInputDeserializer(bad.getCopyOfBuffer()))).isInstanceOf(IOException.class)
        .hasMessageContaining("runs");
  }

  @org.junit.jupiter.api.Test
  void stateBuiltUnderOtherParametersIsRefused() {
    StateWindow w = new StateWindow(10, 3);
    assertThatThrownBy(() -> w.checkParameters(20, 3)).hasMessageContaining("window 10")
        .hasMessageContaining("20");
    assertThatThrownBy(() -> w.checkParameters(10, 4)).hasMessageContaining("3 model states");
    w.checkParameters(10, 3);
    CompactPosterior c = new CompactPosterior().encode(new double[] {0.5, 0.5});
    assertThatThrownBy(() -> c.checkStates(3)).hasMessageContaining("2 states");
  }

  @org.junit.jupiter.api.Test
  void corruptBytesAreRejected() {
    DataInputDeserializer in = new DataInputDeserializer(new byte[] {0, 0, 0, 5, 0, 0, 0, 2, 0, 0, 0, 9});
    assertThatThrownBy(() -> StateWindowSerializer.INSTANCE.deserialize(in)).isInstanceOf(IOException.class)
        .hasMessageContaining("corrupt");
  }

  @org.junit.jupiter.api.Test
  void toStringShowsNoStateOrCount() {
    StateWindow w = new StateWindow(5, 7);
    w.push(6);
    assertThat(w.toString()).doesNotContain("6]").contains("size=1");
  }

  static <T> T roundTrip(TypeSerializer<T> s, T value) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(64);
    s.serialize(value, out);
    T back = s.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    DataOutputSerializer again = new DataOutputSerializer(64);
    s.serialize(back, again);
    assertThat(again.getCopyOfBuffer()).containsExactly(out.getCopyOfBuffer());
    return back;
  }

  static <T> int serializedLength(TypeSerializer<T> s, T value) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(64);
    s.serialize(value, out);
    return out.length();
  }
}
