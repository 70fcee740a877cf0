package org.pufferflow.jobs.mechanism.count;

import java.io.Serializable;
import org.pufferflow.common.InvalidParameterException;

/**
 * The description of a test-only fourth mechanism (docs/design-notes.md, 'Adding a mechanism'): per subject and
 * tumbling window of {@code window} ticks, the number of ticks in state {@code state}, plus discrete Laplace noise of
 * scale 1/ε. A plain event-level count that ignores the chain's correlation: it exists to prove that a mechanism is
 * one unit, never to publish data.
 *
 * @param window ticks per window, at least 1
 * @param epsilon ε per window, finite and positive
 * @param state the state counted (index into the model's labels)
 * @param label that state's label
 */
record LaplaceCount(int window, double epsilon, int state, String label) implements Serializable {

  /** Parameter ids, as the configuration maps them to YAML paths. */
  static final String WINDOW = "window";
  static final String EPSILON = "epsilon";

  /** Judges every rule of the description (the section only reads and type-checks). */
  LaplaceCount {
    if (window < 1) {
      throw new InvalidParameterException(WINDOW, "window = " + window + ": must be at least 1", "must be at least 1");
    }
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw new InvalidParameterException(EPSILON, "epsilon = " + epsilon + ": must be finite and > 0",
          "must be finite and > 0");
    }
  }
}
