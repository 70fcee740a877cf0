package org.pufferflow.noise;

/** Test helper: the gauge (K-norm) of a CCW convex polygon containing 0 in its interior, max over facets n·v / c. */
final class KNorm {

  private KNorm() {}

  static double of(double[][] ccw, double[] v) {
    double norm = 0;
    for (int i = 0; i < ccw.length; i++) {
      double[] a = ccw[i];
      double[] b = ccw[(i + 1) % ccw.length];
      double nx = b[1] - a[1]; // outward normal of a CCW edge
      double ny = a[0] - b[0];
      double c = nx * a[0] + ny * a[1]; // > 0 since 0 is interior
      norm = Math.max(norm, (nx * v[0] + ny * v[1]) / c);
    }
    return norm;
  }
}
