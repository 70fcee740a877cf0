package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;

/** Test oracles by exhaustive enumeration (small n only). */
final class BruteForce {

  private BruteForce() {}

  /** L(X_p -> Y) by enumerating all x in {0,1}^n and y in {0,1,⊥}^n (Definition 1). */
  static double leakage(BinaryMarkovChain chain, LocalRedactionMechanism m, int p) {
    int n = (int) m.length();
    int xs = 1 << n;
    double[] weight = new double[xs];
    for (int x = 0; x < xs; x++) {
      double w = chain.stationary(bit(x, 0));
      for (int t = 0; t + 1 < n; t++) {
        w *= chain.transition(bit(x, t), bit(x, t + 1));
      }
      weight[x] = w;
    }
    int ys = 1;
    for (int i = 0; i < n; i++) {
      ys *= 3;
    }
    double best = 0;
    int[] y = new int[n];
    for (int code = 0; code < ys; code++) {
      int c = code;
      for (int t = 0; t < n; t++) {
        y[t] = c % 3;
        c /= 3;
      }
      double[] prob = new double[2];
      for (int x = 0; x < xs; x++) {
        double w = weight[x];
        for (int t = 0; t < n && w > 0; t++) {
          int xt = bit(x, t);
          double r = m.redactionProbability(t + 1, xt);
          w *= y[t] == 2 ? r : (y[t] == xt ? 1 - r : 0);
        }
        prob[bit(x, p - 1)] += w;
      }
      prob[0] /= chain.stationary(0);
      prob[1] /= chain.stationary(1);
      if (prob[0] == 0 && prob[1] == 0) {
        continue;
      }
      if (prob[0] == 0 || prob[1] == 0) {
        return Double.POSITIVE_INFINITY;
      }
      best = Math.max(best, Math.abs(Math.log(prob[0] / prob[1])));
    }
    return best;
  }

  /** The best utility of any eps-private data-independent mechanism: all released sets R_rel (Eq. 8). */
  static double dimOptimum(BinaryMarkovChain chain, int n, int p, double eps) {
    double best = 0;
    for (int mask = 0; mask < (1 << n); mask++) {
      if ((mask >> (p - 1) & 1) != 0) {
        continue;
      }
      double[][] r = new double[n][2];
      for (int t = 0; t < n; t++) {
        double v = (mask >> t & 1) != 0 ? 0 : 1;
        r[t][0] = v;
        r[t][1] = v;
      }
      TableRedactionMechanism m = TableRedactionMechanism.of(r);
      if (ExactLeakage.of(chain, m, p).total() <= eps) {
        best = Math.max(best, Integer.bitCount(mask) / (double) n);
      }
    }
    return best;
  }

  private static int bit(int x, int t) {
    return (x >> t) & 1;
  }
}
