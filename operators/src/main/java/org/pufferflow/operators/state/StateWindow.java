package org.pufferflow.operators.state;

import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * The sliding window of one subject's last W chain states, kept as MQM's keyed state: a ring buffer in a compact
 * primitive encoding (one byte per state when the model has at most 256 states, otherwise one int) and the running
 * count of each state, so the histogram of the window is always at hand.
 *
 * <p>{@link #push} is O(1) and allocates nothing. The window carries the parameters it was built with (W and the
 * number of states k); {@link #checkParameters} refuses a window restored under others, so a savepoint taken with
 * one configuration is never silently reinterpreted under another.
 *
 * <p>Private data: the states are the subject's true states. {@link #toString()} shows only the parameters and the
 * fill level, never a state or a count.
 */
@Internal
public final class StateWindow {

  /** Largest number of states stored one byte per state. */
  public static final int BYTE_STATES = 256;

  private final int window;
  private final int states;
  private final byte[] bytes;
  private final int[] ints;
  private final int[] counts;
  private int head; // index of the oldest state
  private int size;

  /** An empty window of length {@code window} ≥ 1 over {@code states} ≥ 1 states. */
  public StateWindow(int window, int states) {
    this.window = PufferPreconditions.checkWindowLength("window", window);
    this.states = (int) PufferPreconditions.checkAtLeast("states", states, 1);
    this.bytes = states <= BYTE_STATES ? new byte[window] : null;
    this.ints = states <= BYTE_STATES ? null : new int[window];
    this.counts = new int[states];
  }

  /** W, the window length. */
  public int window() {
    return window;
  }

  /** k, the number of model states. */
  public int states() {
    return states;
  }

  /** The number of states currently held (≤ W). */
  public int size() {
    return size;
  }

  /** True once W states have been pushed since the last {@link #clear()}. */
  public boolean isFull() {
    return size == window;
  }

  /** How many states of the window equal {@code state}. */
  public int count(int state) {
    return counts[state];
  }

  /** Copies the counts of the window into {@code out} (length k). */
  public void counts(long[] out) {
    PufferPreconditions.checkLength("counts", out.length, states);
    for (int i = 0; i < states; i++) {
      out[i] = counts[i];
    }
  }

  /**
   * Appends the newest state; when the window is full the oldest state leaves it.
   *
   * @return the state that left the window, or −1 if the window was not full
   */
  public int push(int state) {
    if (state < 0 || state >= states) {
      PufferPreconditions.checkIndex("state", state, states);
    }
    int evicted = -1;
    int slot;
    if (size == window) {
      evicted = get(head);
      counts[evicted]--;
      slot = head;
      head = head + 1 == window ? 0 : head + 1;
    } else {
      slot = head + size < window ? head + size : head + size - window;
      size++;
    }
    set(slot, state);
    counts[state]++;
    return evicted;
  }

  /** Empties the window (for example when a gap ends it). */
  public void clear() {
    Arrays.fill(counts, 0);
    head = 0;
    size = 0;
  }

  /** The i-th oldest state held, 0 ≤ i &lt; size (serializers and tests; not for publication). */
  public int stateAt(int i) {
    PufferPreconditions.checkIndex("i", i, size);
    int slot = head + i < window ? head + i : head + i - window;
    return get(slot);
  }

  /**
   * Refuses a window built with other parameters than the current configuration's (a restore after a change of W
   * or of the model's state count).
   *
   * @throws IllegalStateException naming the parameter that changed
   */
  public void checkParameters(int expectedWindow, int expectedStates) {
    if (window != expectedWindow) {
      throw new IllegalStateException(
          "MQM window state was built with window " + window + ", the configuration now says " + expectedWindow
              + "; restore from a savepoint taken with the same mqm.window, or start without state");
    }
    if (states != expectedStates) {
      throw new IllegalStateException(
          "MQM window state was built for " + states + " model states, the model now has " + expectedStates);
    }
  }

  private int get(int slot) {
    return bytes != null ? bytes[slot] & 0xFF : ints[slot];
  }

  private void set(int slot, int state) {
    if (bytes != null) {
      bytes[slot] = (byte) state;
    } else {
      ints[slot] = state;
    }
  }

  /** Deep copy (Flink's copy semantics for mutable state). */
  public StateWindow copy() {
    StateWindow c = new StateWindow(window, states);
    for (int i = 0; i < size; i++) {
      c.push(stateAt(i));
    }
    return c;
  }

  /** Equal parameters and the same states in the same order. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StateWindow w) || w.window != window || w.states != states || w.size != size) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if (w.stateAt(i) != stateAt(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 31 * window + states;
    for (int i = 0; i < size; i++) {
      h = 31 * h + stateAt(i);
    }
    return h;
  }

  /** Parameters and fill level only: the states are private. */
  @Override
  public String toString() {
    return "StateWindow[window=" + window + ", states=" + states + ", size=" + size + "]";
  }
}
