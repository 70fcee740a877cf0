package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * Walker's alias method (Vose's construction): draws an index i with probability w_i / Σw in O(1), from one
 * bounded long and one uniform double. Built once from public weights (areas, volumes); package-private helper of
 * the uniform-in-shape samplers. The probabilities are those of the weights up to double rounding (relative error
 * of order n·2^-53).
 */
final class AliasTable {

  private final double[] threshold;
  private final int[] alias;

  AliasTable(double[] weights) {
    int n = weights.length;
    PufferPreconditions.checkArgument(n > 0, "weights: must not be empty");
    double total = 0;
    for (int i = 0; i < n; i++) {
      PufferPreconditions.checkNonNegative("weight[" + i + "]", weights[i]);
      total += weights[i];
    }
    PufferPreconditions.checkPositive("total weight", total);
    threshold = new double[n];
    alias = new int[n];
    double[] scaled = new double[n];
    int[] small = new int[n];
    int[] large = new int[n];
    int ns = 0;
    int nl = 0;
    for (int i = 0; i < n; i++) {
      scaled[i] = weights[i] * n / total;
      alias[i] = i;
      if (scaled[i] < 1) {
        small[ns++] = i;
      } else {
        large[nl++] = i;
      }
    }
    while (ns > 0 && nl > 0) {
      int s = small[--ns];
      int l = large[--nl];
      threshold[s] = scaled[s];
      alias[s] = l;
      scaled[l] = (scaled[l] + scaled[s]) - 1;
      if (scaled[l] < 1) {
        small[ns++] = l;
      } else {
        large[nl++] = l;
      }
    }
    while (nl > 0) {
      threshold[large[--nl]] = 1;
    }
    while (ns > 0) { // only through rounding
      threshold[small[--ns]] = 1;
    }
  }

  int size() {
    return threshold.length;
  }

  int sample(RandomStream r) {
    if (threshold.length == 1) {
      return 0;
    }
    int i = (int) r.nextLong(threshold.length);
    return r.nextDouble() < threshold[i] ? i : alias[i];
  }
}
