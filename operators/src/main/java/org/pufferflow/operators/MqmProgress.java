package org.pufferflow.operators;

import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * Per-subject progress of {@link MqmWindowFunction} (keyed state beside the {@code StateWindow}): how many states
 * of the subject were observed, the last observed tick, the next MQM release sequence number, and the ticks at
 * which the windows still in flight start.
 *
 * <p>Windows count observed ticks (docs/mqm.md, 'Windows over gaps'), so the window ending at the subject's n-th
 * observation starts at its (n−W+1)-th. Full windows start at ranks 1, 1+S, 1+2S, …; the ticks of the last
 * ⌈W/S⌉ such ranks are kept in a small ring ({@link #startTicks}), which is all the window boundaries need
 * (8·⌈W/S⌉ bytes instead of a tick per held state). Ticks are public (the output carries them); nothing here is
 * a private state.
 *
 * <p>A Flink POJO (public fields, no-argument constructor) with explicit {@link #TYPE}; never Kryo.
 */
@Internal
public class MqmProgress {

  /** Type information of this POJO (Flink's PojoSerializer). */
  public static final TypeInformation<MqmProgress> TYPE = Types.POJO(MqmProgress.class);

  /** Number of states observed so far. */
  public long observed;
  /** The last observed tick (meaningful once {@link #observed} &gt; 0). */
  public long lastTick;
  /** Sequence number of the subject's next MQM release (the noise context's sequence). */
  public long releaseSeq;
  /** The slide S the progress was built with (a restore under another slide is refused). */
  public int slide;
  /** Ring of window start ticks: slot ((r−1)/S) mod ⌈W/S⌉ holds the tick of observed rank r ≡ 1 (mod S). */
  public long[] startTicks;

  public MqmProgress() {}

  /** Fresh progress for windows of length {@code window} sliding by {@code slide}. */
  static MqmProgress fresh(int window, int slide) {
    MqmProgress p = new MqmProgress();
    p.slide = slide;
    p.startTicks = new long[(window + slide - 1) / slide];
    return p;
  }

  /**
   * Refuses progress built under another window schedule (a restore after a change of mqm.slide or mqm.window).
   *
   * @throws IllegalStateException naming the parameter that changed
   */
  void checkParameters(int window, int expectedSlide) {
    if (slide != expectedSlide || startTicks == null || startTicks.length != (window + slide - 1) / slide) {
      throw new IllegalStateException("MQM progress state was built with slide " + slide
          + ", the configuration now says window " + window + ", slide " + expectedSlide
          + "; restore from a savepoint taken with the same mqm.window and mqm.slide, or start without state");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MqmProgress p && p.observed == observed && p.lastTick == lastTick
        && p.releaseSeq == releaseSeq && p.slide == slide && Arrays.equals(p.startTicks, startTicks);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(observed) * 31 + Long.hashCode(releaseSeq);
  }

  @Override
  public String toString() {
    return "MqmProgress[observed=" + observed + ", lastTick=" + lastTick + ", releaseSeq=" + releaseSeq + "]";
  }
}
