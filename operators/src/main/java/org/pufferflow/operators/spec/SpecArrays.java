package org.pufferflow.operators.spec;

import org.pufferflow.common.PufferPreconditions;

/** Defensive copies of the arrays a spec holds (null-checked, rows copied). */
final class SpecArrays {

  private SpecArrays() {}

  static double[] copy(String name, double[] a) {
    return PufferPreconditions.checkNotNull(name, a).clone();
  }

  static int[] copy(String name, int[] a) {
    return PufferPreconditions.checkNotNull(name, a).clone();
  }

  static double[][] copy(String name, double[][] m) {
    PufferPreconditions.checkNotNull(name, m);
    double[][] out = new double[m.length][];
    for (int i = 0; i < m.length; i++) {
      out[i] = PufferPreconditions.checkNotNull(name + "[" + i + "]", m[i]).clone();
    }
    return out;
  }

  static int[][] copy(String name, int[][] m) {
    PufferPreconditions.checkNotNull(name, m);
    int[][] out = new int[m.length][];
    for (int i = 0; i < m.length; i++) {
      out[i] = PufferPreconditions.checkNotNull(name + "[" + i + "]", m[i]).clone();
    }
    return out;
  }

  static double[][][] copy(String name, double[][][] ms) {
    PufferPreconditions.checkNotNull(name, ms);
    double[][][] out = new double[ms.length][][];
    for (int i = 0; i < ms.length; i++) {
      out[i] = copy(name + "[" + i + "]", ms[i]);
    }
    return out;
  }
}
