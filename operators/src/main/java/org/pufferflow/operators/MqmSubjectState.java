package org.pufferflow.operators;

import org.apache.flink.annotation.Internal;
import org.pufferflow.operators.state.StateWindow;

/**
 * All of one subject's {@link MqmWindowFunction} state but its ledger, kept as ONE keyed value
 * ({@code mqm-subject}, {@link MqmSubjectStateSerializer}) so a record costs one state read and one state write: the
 * window of the last W observed states ({@link StateWindow}) and the subject's {@link MqmProgress} (observed count,
 * last tick, next release sequence, window start ticks).
 *
 * <p>It carries the parameters it was built with — W and k in the window, S in the progress — and
 * {@link #checkParameters} refuses it under others, exactly as the two parts do on their own, so a savepoint taken
 * with one configuration is never silently reinterpreted under another.
 *
 * <p>Private data: the window holds the subject's true states. {@link #toString()} shows only the parameters, the
 * fill level and public quantities (counts of observations and releases, ticks).
 */
@Internal
public final class MqmSubjectState {

  final StateWindow window;
  final MqmProgress progress;

  /** The two parts, used as they are (not copied). */
  MqmSubjectState(StateWindow window, MqmProgress progress) {
    if (window == null || progress == null) {
      throw new IllegalStateException("MQM subject state needs both its window and its progress");
    }
    this.window = window;
    this.progress = progress;
  }

  /** A new subject's state: an empty window of W = {@code window} over k = {@code states} states, slide S. */
  static MqmSubjectState fresh(int window, int slide, int states) {
    return new MqmSubjectState(new StateWindow(window, states), MqmProgress.fresh(window, slide));
  }

  /**
   * Refuses state built under another configuration: the window's W and k first, then the progress's S.
   *
   * @throws IllegalStateException naming the parameter that changed
   */
  void checkParameters(int expectedWindow, int expectedSlide, int expectedStates) {
    window.checkParameters(expectedWindow, expectedStates);
    progress.checkParameters(expectedWindow, expectedSlide);
  }

  /** W, the window length it was built with. */
  public int window() {
    return window.window();
  }

  /** S, the slide it was built with. */
  public int slide() {
    return progress.slide;
  }

  /** k, the number of model states it was built with. */
  public int states() {
    return window.states();
  }

  /** Deep copy (Flink's copy semantics for mutable state). */
  MqmSubjectState copy() {
    MqmProgress p = new MqmProgress();
    p.observed = progress.observed;
    p.lastTick = progress.lastTick;
    p.releaseSeq = progress.releaseSeq;
    p.slide = progress.slide;
    p.startTicks = progress.startTicks == null ? null : progress.startTicks.clone();
    return new MqmSubjectState(window.copy(), p);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MqmSubjectState s && s.window.equals(window) && s.progress.equals(progress);
  }

  @Override
  public int hashCode() {
    return 31 * window.hashCode() + progress.hashCode();
  }

  /** Parameters, fill level and public counts only: the states are private. */
  @Override
  public String toString() {
    return "MqmSubjectState[" + window + ", " + progress + "]";
  }
}
