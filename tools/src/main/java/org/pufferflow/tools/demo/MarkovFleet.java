package org.pufferflow.tools.demo;

import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.RandomStream;

/**
 * Hidden Markov chains of a synthetic fleet: one chain per subject over the model's states, started from the
 * initial distribution and stepped with the transition matrix. Each subject draws from its own keyed stream of the
 * public {@link DemoKey} (purpose, subject), so a subject's trace does not depend on the others.
 */
final class MarkovFleet {
  private final TransitionMatrix transition;
  private final int[] states;
  private final KeyedRandom[] random;
  /** One row of the transition matrix, read entry by entry (no N×N copy of a large model). */
  private final double[] row;

  MarkovFleet(TransitionMatrix transition, double[] initial, String purpose, String[] subjects) {
    this.transition = transition;
    this.row = new double[transition.size()];
    this.states = new int[subjects.length];
    this.random = new KeyedRandom[subjects.length];
    for (int i = 0; i < subjects.length; i++) {
      random[i] = DemoKey.stream(purpose, subjects[i]);
      states[i] = sample(initial, random[i]);
    }
  }

  int size() {
    return states.length;
  }

  /** The current hidden state of subject {@code i}. */
  int state(int i) {
    return states[i];
  }

  /** Advances every chain by one step. */
  void step() {
    for (int i = 0; i < states.length; i++) {
      for (int k = 0; k < row.length; k++) {
        row[k] = transition.get(states[i], k);
      }
      states[i] = sample(row, random[i]);
    }
  }

  /** Subject {@code i}'s own stream, for its sensor readings and timing. */
  RandomStream random(int i) {
    return random[i];
  }

  /** Inverse-CDF draw from {@code p}; the last state with positive probability absorbs rounding. */
  static int sample(double[] p, RandomStream r) {
    double u = r.nextDouble();
    double c = 0;
    for (int k = 0; k < p.length; k++) {
      c += p[k];
      if (u < c) {
        return k;
      }
    }
    for (int k = p.length - 1; k >= 0; k--) {
      if (p[k] > 0) {
        return k;
      }
    }
    return p.length - 1;
  }
}
