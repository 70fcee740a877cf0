package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * docs/mqm.md, 'Sliding windows' / docs/test-vectors.md, 'MQM': general Pufferfish mechanisms do not compose linearly (003 Thm 3.4), the reason the accountant
 * covers only MQM releases. X = (X_1, X_2) binary, P(X_2=1|X_1=1) = p = 0.9, P(X_2=1|X_1=0) = q = 0.01,
 * M = X_1 + X_2 + Lap(1); closed forms checked against a brute-force scan of the density ratio.
 */
class Theorem34CounterexampleTest {

  static final double P = 0.9;
  static final double Q = 0.01;
  static final double E = Math.E;

  /** Density of M given X_1 = x1 at w (one draw) or of (M, M') at (w, w') (two independent draws). */
  static double density(int x1, double w, Double w2) {
    double pHigh = x1 == 1 ? P : Q; // P(X_2 = 1 | X_1)
    double d = 0;
    for (int x2 = 0; x2 <= 1; x2++) {
      double pr = x2 == 1 ? pHigh : 1 - pHigh;
      double f = x1 + x2;
      double lap = 0.5 * Math.exp(-Math.abs(w - f));
      if (w2 != null) {
        lap *= 0.5 * Math.exp(-Math.abs(w2 - f));
      }
      d += pr * lap;
    }
    return d;
  }

  @Test
  void closedFormsMatchThePaper() {
    double s1 = E * (Q + E * (1 - Q)) / (P + E * (1 - P));
    double s2 = E * (E * P + 1 - P) / (E * Q + 1 - Q);
    assertThat(s1).isCloseTo(6.2657209169, within(1e-9));
    assertThat(s2).isCloseTo(6.8050487557, within(1e-9));
    assertThat(s1 * s1 / (E * E)).isCloseTo(5.3131628834, within(1e-9));
    assertThat(s2 * s2 / (E * E)).isCloseTo(6.2671994836, within(1e-9));
    double e2 = E * E;
    double d1 = e2 * (Q + e2 * (1 - Q)) / (P + e2 * (1 - P)) / e2;
    double d2 = e2 * (e2 * P + 1 - P) / (e2 * Q + 1 - Q) / e2;
    assertThat(d1).isCloseTo(4.4695469304, within(1e-9));
    assertThat(d2).isCloseTo(6.3447789994, within(1e-9));
  }

  @Test
  void bruteForceLosses() {
    double single = 0;
    for (double w = -30; w <= 30; w += 0.005) {
      double r = Math.log(density(1, w, null) / density(0, w, null));
      single = Math.max(single, Math.abs(r));
    }
    assertThat(single).isCloseTo(1.9176648008, within(1e-6));
    double pair = 0;
    for (double w = -6; w <= 8; w += 0.01) {
      double r = Math.log(density(1, w, w) / density(0, w, w));
      pair = Math.max(pair, Math.abs(r));
    }
    assertThat(pair).isGreaterThanOrEqualTo(3.8476322699 - 1e-6);
    assertThat(pair).isGreaterThan(2 * single); // not 2ε-Pufferfish
    assertThat(2 * single).isCloseTo(3.8353296015, within(2e-6));
  }
}
