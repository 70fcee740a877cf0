package org.pufferflow.jobs.demo;

import java.util.SplittableRandom;

/**
 * Hidden Markov chains of a synthetic fleet: one chain per subject over the model's states, started from the
 * initial distribution and stepped with the transition matrix. Demo data only (a seeded, non-cryptographic
 * generator is fine here: nothing is published from it without the mechanisms' own noise).
 */
final class MarkovFleet {
  private final double[][] transition;
  private final int[] states;
  private final SplittableRandom random;

  MarkovFleet(double[][] transition, double[] initial, int subjects, SplittableRandom random) {
    this.transition = transition;
    this.random = random;
    this.states = new int[subjects];
    for (int i = 0; i < subjects; i++) {
      states[i] = sample(initial);
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
      states[i] = sample(transition[states[i]]);
    }
  }

  SplittableRandom random() {
    return random;
  }

  private int sample(double[] p) {
    double u = random.nextDouble();
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
