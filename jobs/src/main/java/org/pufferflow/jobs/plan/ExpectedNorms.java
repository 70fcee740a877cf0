package org.pufferflow.jobs.plan;

import org.pufferflow.geometry.SensitivityHull;

/**
 * Expected sizes of the noise of one release, computed from public parameters only (docs/cli.md, "plan --config").
 * No sampling: every value is a closed form or a deterministic quadrature.
 *
 * <ul>
 *   <li>K-norm (Hardt and Talwar; the DPHMM paper's Definition 3.3): Z − f = R·U with R ~ Gamma(r + 1, 1/ε) and U
 *       uniform in K (r = rank of K), so E‖Z − f‖_K = (r + 1)/ε and E‖Z − f‖₂ = (r + 1)/ε · E‖U‖₂. E‖U‖₂ is exact
 *       for r = 1 (‖p‖₂/2 on the segment [−p, p]); for r = 2, 3 K is cut into cones from the origin over its
 *       boundary (edges, triangles); a cone over a facet F has E‖U‖ = r/(r + 1) · E_{y∈F}‖y‖, and the mean norm on
 *       a segment has a closed form (a triangle is integrated segment by segment with Simpson's rule).</li>
 *   <li>Discrete Laplace with P(x) ∝ exp(−|x|/β): E|X| = 1/sinh(1/β).</li>
 *   <li>d i.i.d. Laplace(b) coordinates: E‖X‖₂ = b for d = 1, b·(1 + ln(1 + √2)/√2) for d = 2, and
 *       b·Γ(4)·∫ (u₁ + u₂ + u₃)^−4 dΩ over the positive octant of the sphere for d = 3 (Simpson's rule).</li>
 * </ul>
 */
final class ExpectedNorms {

  /** Simpson intervals (even): relative quadrature error far below the digits a plan reports. */
  private static final int SIMPSON = 256;

  private ExpectedNorms() {}

  /** E‖U‖₂ for U uniform in K (0 for K = {0}). */
  static double meanNormInHull(SensitivityHull k) {
    switch (k.rank()) {
      case 0:
        return 0;
      case 1:
        return k.radius() / 2;
      case 2: {
        double[][] poly = k.spanPolygon();
        double area = 0;
        double sum = 0;
        for (int i = 0; i < poly.length; i++) {
          double[] a = poly[i];
          double[] b = poly[(i + 1) % poly.length];
          double w = Math.abs(a[0] * b[1] - a[1] * b[0]) / 2;
          area += w;
          sum += w * (2.0 / 3.0) * segmentMeanNorm(a, b);
        }
        return sum / area;
      }
      default: {
        double[][] pts = k.boundaryPoints();
        double volume = 0;
        double sum = 0;
        for (int[] t : k.boundaryTriangles()) {
          double[] a = pts[t[0]];
          double[] b = pts[t[1]];
          double[] c = pts[t[2]];
          double w = Math.abs(a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
              + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
          volume += w;
          sum += w * 0.75 * triangleMeanNorm(a, b, c);
        }
        return sum / volume;
      }
    }
  }

  /** E‖Z − f‖₂ of one K-norm release at ε over K: (r + 1)/ε · E‖U‖₂. */
  static double knormL2(SensitivityHull k, double epsilon) {
    return (k.rank() + 1) / epsilon * meanNormInHull(k);
  }

  /** E‖Z − f‖_K of one K-norm release: (r + 1)/ε (0 for K = {0}, where nothing is released but f). */
  static double knormGauge(SensitivityHull k, double epsilon) {
    return k.rank() == 0 ? 0 : (k.rank() + 1) / epsilon;
  }

  /** E‖X‖₂ for d i.i.d. Laplace coordinates of scale b, d ∈ {1, 2, 3}. */
  static double laplaceL2(int d, double b) {
    switch (d) {
      case 1:
        return b;
      case 2:
        return b * (1 + Math.log(1 + Math.sqrt(2)) / Math.sqrt(2));
      default: {
        // Γ(4) ∫∫ sinθ / (sinθ (cosφ + sinφ) + cosθ)^4 dθ dφ over [0, π/2]²
        double h = Math.PI / 2 / SIMPSON;
        double total = 0;
        for (int i = 0; i <= SIMPSON; i++) {
          double theta = i * h;
          double inner = 0;
          for (int j = 0; j <= SIMPSON; j++) {
            double phi = j * h;
            double s = Math.sin(theta) * (Math.cos(phi) + Math.sin(phi)) + Math.cos(theta);
            inner += simpsonWeight(j) * Math.sin(theta) / (s * s * s * s);
          }
          total += simpsonWeight(i) * inner * h / 3;
        }
        return b * 6 * total * h / 3;
      }
    }
  }

  /** E|X| for the discrete Laplace distribution P(x) ∝ exp(−|x|/β): 1/sinh(1/β) (β = +∞ gives +∞). */
  static double discreteLaplaceMeanAbs(double beta) {
    return 1 / Math.sinh(1 / beta);
  }

  /** ∫₀¹ ‖p + v(q − p)‖₂ dv, closed form (vectors of equal length 2 or 3). */
  static double segmentMeanNorm(double[] p, double[] q) {
    double aa = 0;
    double bb = 0;
    double cc = 0;
    for (int i = 0; i < p.length; i++) {
      double w = q[i] - p[i];
      aa += w * w;
      bb += 2 * p[i] * w;
      cc += p[i] * p[i];
    }
    double np = Math.sqrt(cc);
    if (aa <= 1e-30 * Math.max(cc, 1e-300)) {
      return np;
    }
    double disc = 4 * aa * cc - bb * bb;
    if (disc <= 1e-12 * 4 * aa * cc) {
      // p and q on one line through the origin: ∫ |x0 + v (x1 − x0)| with signed positions along that line
      double nq = 0;
      for (double x : q) {
        nq += x * x;
      }
      nq = Math.sqrt(nq);
      double x0 = np;
      double x1 = bb + 2 * cc >= 0 ? nq : -nq; // q on p's side iff p·q ≥ 0, and p·q = (bb + 2cc)/2
      return x0 * x1 >= 0 ? (Math.abs(x0) + Math.abs(x1)) / 2 : (x0 * x0 + x1 * x1) / (2 * Math.abs(x1 - x0));
    }
    return antiderivative(aa, bb, cc, disc, 1) - antiderivative(aa, bb, cc, disc, 0);
  }

  /** ∫ sqrt(A v² + B v + C) dv for 4AC − B² &gt; 0. */
  private static double antiderivative(double a, double b, double c, double disc, double v) {
    double u = 2 * a * v + b;
    double q = Math.sqrt(Math.max(0, a * v * v + b * v + c));
    return u * q / (4 * a) + disc / (8 * a * Math.sqrt(a)) * asinh(u / Math.sqrt(disc));
  }

  private static double asinh(double x) {
    double ax = Math.abs(x);
    double r = Math.log(ax + Math.sqrt(ax * ax + 1));
    return x < 0 ? -r : r;
  }

  /**
   * E‖y‖₂ for y uniform on the triangle (a, b, c): y = a + s·((1 − v)(b − a) + v(c − a)) with density 2s on
   * s ∈ [0, 1] and v uniform; the inner integral is {@link #segmentMeanNorm}.
   */
  static double triangleMeanNorm(double[] a, double[] b, double[] c) {
    double h = 1.0 / SIMPSON;
    double[] p = new double[a.length];
    double[] q = new double[a.length];
    double total = 0;
    for (int i = 0; i <= SIMPSON; i++) {
      double s = i * h;
      for (int k = 0; k < a.length; k++) {
        p[k] = a[k] + s * (b[k] - a[k]);
        q[k] = a[k] + s * (c[k] - a[k]);
      }
      total += simpsonWeight(i) * 2 * s * segmentMeanNorm(p, q);
    }
    return total * h / 3;
  }

  private static double simpsonWeight(int i) {
    return i == 0 || i == SIMPSON ? 1 : (i % 2 == 1 ? 4 : 2);
  }
}
