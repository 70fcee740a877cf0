package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.pufferflow.operators.state.StateWindow;
import org.pufferflow.operators.state.StateWindowSerializer;

/**
 * {@link MqmSubjectState} and {@link MqmSubjectStateSerializer} (docs/operators.md, 'MQM window function'): exact
 * round trips, the documented size, deep copies, the parameters it carries and refuses to be restored under others.
 */
class MqmSubjectStateProperties {

  private static final MqmSubjectStateSerializer SERIALIZER = MqmSubjectStateSerializer.INSTANCE;

  private static byte[] bytes(MqmSubjectState s) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(64);
    SERIALIZER.serialize(s, out);
    return out.getCopyOfBuffer();
  }

  private static MqmSubjectState read(byte[] b) throws IOException {
    return SERIALIZER.deserialize(new DataInputDeserializer(b));
  }

  /** A state of W, S, k after the given draws, with arbitrary (public) ticks and sequence. */
  private static MqmSubjectState state(int window, int slide, int states, List<Integer> draws, long tick0) {
    MqmSubjectState s = MqmSubjectState.fresh(window, slide, states);
    long tick = tick0;
    for (int d : draws) {
      s.window.push(d % states);
      long n = ++s.progress.observed;
      tick += 1 + d % 5;
      s.progress.lastTick = tick;
      if ((n - 1) % slide == 0) {
        s.progress.startTicks[(int) (((n - 1) / slide) % s.progress.startTicks.length)] = tick;
      }
      if (n >= window && (n - window) % slide == 0) {
        s.progress.releaseSeq++;
      }
    }
    return s;
  }

  @Property(tries = 400)
  void roundTripsExactlyAndTakesItsStatedSize(
      @ForAll @IntRange(min = 1, max = 60) int window,
      @ForAll @IntRange(min = 1, max = 70) int slide,
      @ForAll @IntRange(min = 1, max = 400) int states,
      @ForAll @Size(max = 150) List<@IntRange(min = 0, max = 100_000) Integer> draws,
      @ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L) long tick0) throws IOException {
    MqmSubjectState s = state(window, slide, states, draws, tick0);
    byte[] b = bytes(s);
    MqmSubjectState back = read(b);
    assertThat(back).isEqualTo(s);
    assertThat(back.progress).isEqualTo(s.progress);
    assertThat(back.window).isEqualTo(s.window);
    for (int k = 0; k < states; k++) {
      assertThat(back.window.count(k)).isEqualTo(s.window.count(k));
    }
    assertThat(bytes(back)).containsExactly(b);
    int starts = (window + slide - 1) / slide;
    assertThat(b.length).isEqualTo(MqmSubjectStateSerializer.serializedSize(s))
        .isEqualTo(StateWindowSerializer.serializedSize(s.window) + 32 + 8 * starts);
    // the same parameters come back and are checked as the two-state layout checked them
    assertThat(new int[] {back.window(), back.slide(), back.states()}).containsExactly(window, slide, states);
    back.checkParameters(window, slide, states);
  }

  @Property(tries = 200)
  void aCopyIsEqualAndIndependent(
      @ForAll @IntRange(min = 1, max = 30) int window,
      @ForAll @IntRange(min = 1, max = 30) int slide,
      @ForAll @IntRange(min = 2, max = 300) int states,
      @ForAll @Size(max = 80) List<@IntRange(min = 0, max = 1000) Integer> draws) throws IOException {
    MqmSubjectState s = state(window, slide, states, draws, 0);
    byte[] before = bytes(s);
    MqmSubjectState c = SERIALIZER.copy(s);
    assertThat(c).isEqualTo(s).isNotSameAs(s);
    c.window.push(1);
    c.progress.observed++;
    c.progress.lastTick++;
    c.progress.releaseSeq++;
    c.progress.startTicks[0]++;
    assertThat(bytes(s)).containsExactly(before);
    assertThat(c).isNotEqualTo(s);
  }

  @Property(tries = 200)
  void aRestoreUnderAnotherWindowSlideOrStateCountIsRefusedNamingIt(
      @ForAll @IntRange(min = 1, max = 30) int window,
      @ForAll @IntRange(min = 1, max = 30) int slide,
      @ForAll @IntRange(min = 1, max = 300) int states,
      @ForAll @IntRange(min = 1, max = 5) int delta) throws IOException {
    MqmSubjectState s = read(bytes(state(window, slide, states, List.of(3, 1, 4, 1, 5), 7)));
    assertThatThrownBy(() -> s.checkParameters(window + delta, slide, states))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("window " + window);
    assertThatThrownBy(() -> s.checkParameters(window, slide + delta, states))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("slide " + slide)
        .hasMessageContaining("mqm.slide");
    assertThatThrownBy(() -> s.checkParameters(window, slide, states + delta))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining(states + " model states");
  }

  @Property(tries = 200)
  void aTruncatedOrInconsistentEncodingIsAnIoErrorNeverAState(
      @ForAll @IntRange(min = 1, max = 30) int window,
      @ForAll @IntRange(min = 1, max = 30) int slide,
      @ForAll @Size(max = 60) List<@IntRange(min = 0, max = 1000) Integer> draws,
      @ForAll @IntRange(min = 1, max = 1000) int cut) throws IOException {
    byte[] b = bytes(state(window, slide, 4, draws, 0));
    byte[] truncated = java.util.Arrays.copyOf(b, Math.max(0, b.length - 1 - cut % b.length));
    assertThatThrownBy(() -> read(truncated)).isInstanceOf(IOException.class);
    // the count of start ticks is the last int before them; one too many no longer matches ⌈W/S⌉
    int starts = (window + slide - 1) / slide;
    byte[] inconsistent = b.clone();
    int at = b.length - 8 * starts - 4;
    inconsistent[at + 3]++;
    assertThatThrownBy(() -> read(inconsistent)).isInstanceOf(IOException.class).hasMessageContaining("corrupt");
  }

  @Test
  void sizeOfTheDocumentedExamples() throws IOException {
    List<Integer> draws = java.util.stream.IntStream.range(0, 150).boxed().toList();
    // W = 100, S = 10, k = 4: the window 12 + 100, the progress 3 longs + 2 ints + 10 start ticks
    assertThat(bytes(state(100, 10, 4, draws, 0))).hasSize(112 + 32 + 80);
    assertThat(bytes(state(24, 24, 3, draws, 0))).hasSize(36 + 32 + 8);
  }

  @Test
  void toStringShowsNoState() {
    MqmSubjectState s = MqmSubjectState.fresh(3, 1, 400);
    s.window.push(377);
    s.window.push(291);
    assertThat(s.toString()).contains("window=3").contains("states=400").doesNotContain("377")
        .doesNotContain("291");
    assertThatThrownBy(() -> new MqmSubjectState(new StateWindow(2, 2), null))
        .isInstanceOf(IllegalStateException.class);
  }
}
