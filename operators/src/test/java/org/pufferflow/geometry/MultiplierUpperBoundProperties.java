package org.pufferflow.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * The Theorem 6.3 multiplier max_{j,k} ‖f_j − f_k‖_K is never computed below its exact value (docs/dphmm.md,
 * "Rounding of privacy costs"): on integer-coordinate instances (d = 1 and full-rank d = 2) the exact value is a
 * rational number, found here with exact integer arithmetic — the hull of the integer difference set by Andrew's
 * monotone chain, each edge's integer outward normal n and offset h = n·vertex, ‖v‖_K = max n·v / h — and compared
 * with the double returned by {@link SensitivityHull#maxNormOfDifferences} exactly (BigDecimal). Before the margin
 * the computed value was sometimes a few ulps low (e.g. 1.9999999999999978 for an exact 2).
 */
class MultiplierUpperBoundProperties {

  @Property(tries = 400)
  void multiplierIsNeverBelowTheExactValue(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    java.util.Random r = new java.util.Random(seed); // test code: instance generation only
    int d = 1 + r.nextInt(2);
    int range = 1 + r.nextInt(r.nextBoolean() ? 7 : 200);
    int diffs = 1 + r.nextInt(5);
    List<long[]> delta = new ArrayList<>();
    for (int i = 0; i < diffs; i++) {
      long[] v = new long[d];
      for (int a = 0; a < d; a++) {
        v[a] = r.nextInt(2 * range + 1) - range;
      }
      delta.add(v);
      delta.add(Arrays.stream(v).map(x -> -x).toArray());
    }
    int count = 2 + r.nextInt(6);
    long[][] pts = new long[count][d];
    double[] flat = new double[count * d];
    int[] idx = new int[count];
    for (int i = 0; i < count; i++) {
      idx[i] = i;
      for (int a = 0; a < d; a++) {
        pts[i][a] = r.nextInt(4 * range + 1) - 2 * range;
        flat[i * d + a] = pts[i][a];
      }
    }
    double[] dflat = new double[delta.size() * d];
    for (int i = 0; i < delta.size(); i++) {
      for (int a = 0; a < d; a++) {
        dflat[i * d + a] = delta.get(i)[a];
      }
    }
    SensitivityHull hull = SensitivityHull.ofFlat(d, dflat, delta.size());
    Assume.that(hull.rank() == d); // exact oracle below for full-rank K only
    BigInteger[] exact = d == 1 ? exact1(delta, pts) : exact2(delta, pts); // {numerator, denominator}
    double computed = hull.maxNormOfDifferences(flat, idx, count);
    BigDecimal lhs = new BigDecimal(computed).multiply(new BigDecimal(exact[1]));
    assertThat(lhs.compareTo(new BigDecimal(exact[0])))
        .as("computed %s vs exact %s/%s", computed, exact[0], exact[1]).isGreaterThanOrEqualTo(0);
    // and the margin is small: computed ≤ exact·(1 + 2^-39)
    double ratio = computed / (exact[0].doubleValue() / exact[1].doubleValue());
    if (exact[0].signum() > 0) {
      assertThat(ratio).isLessThanOrEqualTo(1 + 0x1.0p-39);
    }
  }

  /** d = 1: K = [−a, a], multiplier (max f − min f)/a. */
  private static BigInteger[] exact1(List<long[]> delta, long[][] pts) {
    long a = delta.stream().mapToLong(v -> Math.abs(v[0])).max().getAsLong();
    long hi = Arrays.stream(pts).mapToLong(p -> p[0]).max().getAsLong();
    long lo = Arrays.stream(pts).mapToLong(p -> p[0]).min().getAsLong();
    return new BigInteger[] {BigInteger.valueOf(hi - lo), BigInteger.valueOf(a)};
  }

  /** d = 2 full rank: max over pairs and hull edges of n·(p_j − p_k)/h as an exact fraction. */
  private static BigInteger[] exact2(List<long[]> delta, long[][] pts) {
    long[][] hull = monotoneChain(delta.toArray(new long[0][]));
    BigInteger bestNum = BigInteger.ZERO;
    BigInteger bestDen = BigInteger.ONE;
    for (int e = 0; e < hull.length; e++) {
      long[] u = hull[e];
      long[] w = hull[(e + 1) % hull.length];
      long nx = w[1] - u[1]; // outward normal of a counter-clockwise edge
      long ny = -(w[0] - u[0]);
      long h = nx * u[0] + ny * u[1];
      for (long[] pj : pts) {
        for (long[] pk : pts) {
          long num = nx * (pj[0] - pk[0]) + ny * (pj[1] - pk[1]);
          // num/h > bestNum/bestDen ?
          if (BigInteger.valueOf(num).multiply(bestDen).compareTo(bestNum.multiply(BigInteger.valueOf(h))) > 0) {
            bestNum = BigInteger.valueOf(num);
            bestDen = BigInteger.valueOf(h);
          }
        }
      }
    }
    return new BigInteger[] {bestNum, bestDen};
  }

  /** Extreme points of integer points, counter-clockwise (Andrew's monotone chain, collinear points dropped). */
  private static long[][] monotoneChain(long[][] p) {
    long[][] s = p.clone();
    Arrays.sort(s, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    long[][] h = new long[2 * s.length][];
    int k = 0;
    for (long[] q : s) {
      while (k >= 2 && cross(h[k - 2], h[k - 1], q) <= 0) {
        k--;
      }
      h[k++] = q;
    }
    for (int i = s.length - 2, t = k + 1; i >= 0; i--) {
      while (k >= t && cross(h[k - 2], h[k - 1], s[i]) <= 0) {
        k--;
      }
      h[k++] = s[i];
    }
    return Arrays.copyOf(h, k - 1);
  }

  private static long cross(long[] o, long[] a, long[] b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  }
}
