package org.pufferflow.chain;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.pufferflow.mechanism.dphmm.GridModels;

/**
 * docs/mqm.md, 'Certified bounds for large chains': on every chain small enough for dense exact algebra — random
 * reversible and non-reversible sparse chains, lazy grids, nearly decomposable chains — the certified π_min and gaps
 * are never above the exact values and within {@link SpectralBoundsTest#FACTOR} of them, and the stationary estimate
 * is within its certified ℓ1 error.
 */
class SpectralBoundsProperties {

  /** Random weights w_xy = w_yx on a random connected graph with self-loops; P = W / row sums (reversible). */
  static double[][] randomReversible(int k, long seed, double density) {
    Random r = new Random(seed);
    double[][] w = new double[k][k];
    for (int x = 0; x < k; x++) {
      w[x][x] = 0.05 + r.nextDouble();
      if (x > 0) {
        int y = r.nextInt(x); // a random tree keeps the graph connected
        double v = 0.05 + r.nextDouble();
        w[x][y] = v;
        w[y][x] = v;
      }
      for (int y = 0; y < x; y++) {
        if (r.nextDouble() < density) {
          double v = Math.exp(3 * r.nextGaussian());
          w[x][y] += v;
          w[y][x] += v;
        }
      }
    }
    return normalised(w);
  }

  /** A random sparse chain: a random cycle through all states plus random extra edges, random weights. */
  static double[][] randomNonReversible(int k, long seed, double density) {
    Random r = new Random(seed);
    double[][] w = new double[k][k];
    int[] perm = new int[k];
    for (int i = 0; i < k; i++) {
      perm[i] = i;
    }
    for (int i = k - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    for (int i = 0; i < k; i++) {
      w[perm[i]][perm[(i + 1) % k]] = 0.1 + r.nextDouble();
      w[i][i] = 0.1 + r.nextDouble();
      for (int y = 0; y < k; y++) {
        if (r.nextDouble() < density) {
          w[i][y] += r.nextDouble();
        }
      }
    }
    return normalised(w);
  }

  /** Two random reversible blocks joined by one pair of weak edges of weight ~coupling. */
  static double[][] nearlyDecomposable(int k, long seed, double coupling) {
    int h = k / 2;
    double[][] a = randomReversible(h, seed, 0.3);
    double[][] b = randomReversible(k - h, seed + 1, 0.3);
    double[][] w = new double[k][k];
    for (int x = 0; x < h; x++) {
      System.arraycopy(a[x], 0, w[x], 0, h);
    }
    for (int x = 0; x < k - h; x++) {
      System.arraycopy(b[x], 0, w[h + x], h, k - h);
    }
    w[0][h] = coupling;
    w[h][0] = coupling;
    return normalised(w);
  }

  private static double[][] normalised(double[][] w) {
    for (double[] row : w) {
      double s = 0;
      for (double v : row) {
        s += v;
      }
      for (int y = 0; y < row.length; y++) {
        row[y] /= s;
      }
    }
    return w;
  }

  @Property(tries = 60)
  void reversibleChains(@ForAll @IntRange(min = 2, max = 40) int k, @ForAll long seed,
      @ForAll @DoubleRange(min = 0, max = 0.5) double density) {
    SpectralBoundsTest.assertSafeAndTight(randomReversible(k, seed, density));
  }

  @Property(tries = 60)
  void nonReversibleChains(@ForAll @IntRange(min = 2, max = 40) int k, @ForAll long seed,
      @ForAll @DoubleRange(min = 0, max = 0.3) double density) {
    SpectralBoundsTest.assertSafeAndTight(randomNonReversible(k, seed, density));
  }

  @Property(tries = 30)
  void nearlyDecomposableChains(@ForAll @IntRange(min = 4, max = 40) int k, @ForAll long seed,
      @ForAll @DoubleRange(min = 2, max = 6) double couplingExponent) {
    SpectralBoundsTest.assertSafeAndTight(nearlyDecomposable(k, seed, Math.pow(10, -couplingExponent)));
  }

  @Property(tries = 8)
  void lazyGrids(@ForAll @IntRange(min = 2, max = 14) int side) {
    SpectralBoundsTest.assertSafeAndTight(GridModels.lazyWalk(side));
  }
}
