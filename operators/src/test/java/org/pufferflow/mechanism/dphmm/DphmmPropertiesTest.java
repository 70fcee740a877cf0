package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.RepairMode;

/** The invariants of docs/dphmm.md, 'Repair modes' on random instances (N ≤ 12, d ≤ 3). */
class DphmmPropertiesTest {

  static KeyedRandom rng() {
    byte[] key = new byte[32];
    for (int i = 0; i < 32; i++) {
      key[i] = (byte) (31 * i + 5);
    }
    return new KeyedRandom(NoiseKey.of(key));
  }

  @Property(tries = 150)
  void everyNodeOfCHasDopAtLeastTwoAfterRepair(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    for (RepairMode mode : new RepairMode[] {RepairMode.STRICT, RepairMode.GREEDY, RepairMode.MIN_VOLUME}) {
      for (boolean fullSpan : new boolean[] {false, true}) {
        ProtectableGraph pg = ProtectableGraph.repair(in.f, in.graph, in.c, mode, fullSpan);
        for (int dop : pg.degreesOfProtection()) {
          assertThat(dop).as(in + " " + mode + " fullSpan=" + fullSpan).isGreaterThanOrEqualTo(2);
        }
      }
    }
  }

  @Property(tries = 150)
  void fullSpanMakesTheConstrainedDpMultiplierFinite(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    for (RepairMode mode : new RepairMode[] {RepairMode.STRICT, RepairMode.GREEDY, RepairMode.MIN_VOLUME}) {
      ProtectableGraph pg = ProtectableGraph.repair(in.f, in.graph, in.c, mode, true);
      assertThat(pg.constrainedDpMultiplier()).as(in + " " + mode).isFinite();
    }
  }

  @Property(tries = 60)
  void logDensityRatioIsBoundedByEpsilonAcrossEdgesAndProtectingPairs(
      @ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    Random r = new Random(seed ^ 0x5DEECE66DL);
    for (DphmmNoise noise : DphmmNoise.values()) {
      DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(in.m).initial(in.uniformOnC())
          .query(in.f).policyGraph(in.graph).repair(RepairMode.GREEDY).fullSpan(r.nextBoolean()).noise(noise)
          .epsilon(in.epsilon).build());
      ProtectableGraph pg = rel.protectableGraph(in.c);
      List<int[]> edges = pg.edges();
      double[] post = rel.newPosterior();
      DphmmRelease out = rel.newResult();
      KeyedRandom rng = rng();
      double eps = in.epsilon;
      for (int t = 0; t < 100; t++) {
        int s = in.c[r.nextInt(in.c.length)];
        double[] z;
        if (t % 2 == 0) {
          rel.release(post, DphmmReleaser.FIRST_RELEASE, s, rng.reset("prop", in.toString(), t), out);
          z = out.z().clone();
        } else {
          z = in.f.row(s);
          for (int a = 0; a < in.d; a++) {
            z[a] += r.nextGaussian() * (1 + pg.hull().radius());
          }
        }
        for (int[] e : edges) {
          double llr = logRatio(pg, noise, eps, z, e[0], e[1]);
          if (!Double.isNaN(llr)) {
            assertThat(Math.abs(llr)).as(in + " edge " + e[0] + "-" + e[1]).isLessThanOrEqualTo(eps * (1 + 1e-9) + 1e-9);
          }
        }
        if (noise == DphmmNoise.K_NORM) {
          for (int j : in.c) {
            for (int k : in.c) {
              if (j != k && pg.hull().normOfDifference(in.f.row(j), 0, in.f.row(k), 0)
                  <= 1 + SensitivityHull.MEMBERSHIP_TOLERANCE) {
                double llr = logRatio(pg, noise, eps, z, j, k);
                if (!Double.isNaN(llr)) {
                  assertThat(Math.abs(llr)).as(in + " protecting " + j + "," + k)
                      .isLessThanOrEqualTo(eps * (1 + 1e-9) + 1e-9);
                }
              }
            }
          }
        }
      }
    }
  }

  /** log p(z | j) − log p(z | k); NaN when both densities are zero (skipped, as in the reference check). */
  static double logRatio(ProtectableGraph pg, DphmmNoise noise, double eps, double[] z, int j, int k) {
    double a;
    double b;
    if (noise == DphmmNoise.K_NORM) {
      a = pg.normFrom(z, j);
      b = pg.normFrom(z, k);
    } else {
      double sf = pg.l1Sensitivity();
      a = sf == 0 ? 0 : pg.l1From(z, j) / sf;
      b = sf == 0 ? 0 : pg.l1From(z, k) / sf;
    }
    if (Double.isInfinite(a) && Double.isInfinite(b)) {
      return Double.NaN;
    }
    return -eps * a + eps * b;
  }

  @Property(tries = 100)
  void kNormAgreesWithTheLinearProgram(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    Random r = new Random(seed + 17);
    ProtectableGraph pg = ProtectableGraph.repair(in.f, in.graph, in.c, RepairMode.GREEDY, r.nextBoolean());
    List<int[]> edges = pg.edges();
    double[] pts = new double[2 * edges.size() * in.d]; // Δf: ±(f_j − f_k) for every edge
    for (int e = 0; e < edges.size(); e++) {
      for (int a = 0; a < in.d; a++) {
        double diff = in.f.get(edges.get(e)[0], a) - in.f.get(edges.get(e)[1], a);
        pts[2 * e * in.d + a] = diff;
        pts[(2 * e + 1) * in.d + a] = -diff;
      }
    }
    int m = 2 * edges.size();
    SensitivityHull k = pg.hull();
    for (int t = 0; t < 10; t++) {
      double[] v = new double[in.d];
      if (t % 2 == 0 && m > 0) {
        for (int p = 0; p < m; p++) {
          double w = r.nextDouble() < 0.3 ? r.nextDouble() : 0;
          for (int a = 0; a < in.d; a++) {
            v[a] += w * pts[p * in.d + a];
          }
        }
      } else {
        for (int a = 0; a < in.d; a++) {
          v[a] = r.nextGaussian() * 2;
        }
      }
      double lp = KNormLinearProgram.minimum(pts, m, in.d, v);
      double gauge = k.norm(v);
      if (Double.isInfinite(lp) || Double.isInfinite(gauge)) {
        assertThat(gauge).as(in + " v=" + java.util.Arrays.toString(v)).isEqualTo(lp);
      } else {
        assertThat(Math.abs(gauge - lp)).as(in + " v=" + java.util.Arrays.toString(v) + " lp=" + lp + " K=" + gauge)
            .isLessThanOrEqualTo(1e-7 * Math.max(1, lp));
      }
    }
  }

  @Property(tries = 4)
  void tenThousandStepForwardFilterStaysNormalisedAndNaNFree(
      @ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    Random r = new Random(seed + 3);
    for (DphmmNoise noise : DphmmNoise.values()) {
      double[] p0 = new double[in.n];
      p0[r.nextInt(in.n)] = 1;
      DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(in.m).initial(p0).query(in.f)
          .policyGraph(in.graph).constraint(r.nextBoolean() ? Constraint.support() : Constraint.deltaLocationSet(0.05))
          .noise(noise).epsilon(in.epsilon).build());
      double[] post = rel.newPosterior();
      DphmmRelease out = rel.newResult();
      KeyedRandom rng = rng();
      int state = 0;
      double[][] mm = in.m.toArray();
      for (int t = 0; t < 10_000; t++) {
        // the true chain moves by M (test code may use java.util.Random)
        double u = r.nextDouble();
        int next = in.n - 1;
        for (int j = 0; j < in.n; j++) {
          u -= mm[state][j];
          if (u < 0) {
            next = j;
            break;
          }
        }
        state = t == 0 ? state : next;
        rel.release(post, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, state, rng.reset("filter", "s", t), out);
        double sum = 0;
        for (double p : post) {
          assertThat(p).as(in + " t=" + t).isNotNaN().isBetween(0.0, 1.0);
          sum += p;
        }
        assertThat(Math.abs(sum - 1)).as(in + " t=" + t).isLessThanOrEqualTo(1e-9);
        assertThat(out.z()).doesNotContain(Double.NaN);
      }
    }
  }

  @Property(tries = 50)
  void gapPowerEqualsRepeatedProductsOnSparseAndDense(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    double[][] a = in.m.toArray();
    var dense = org.pufferflow.chain.DenseTransitionMatrix.of(a);
    var sparse = org.pufferflow.chain.SparseTransitionMatrix.fromDense(a);
    double[] p = in.uniformOnC();
    double[] o1 = new double[in.n];
    double[] o2 = new double[in.n];
    double[] s = new double[in.n];
    for (int g = 1; g <= 4; g++) {
      dense.multiplyLeftPower(p, g, o1, s);
      sparse.multiplyLeftPower(p, g, o2, s);
      for (int i = 0; i < in.n; i++) {
        assertThat(Math.abs(o1[i] - o2[i])).isLessThanOrEqualTo(1e-12);
      }
    }
    assertThat(TransitionMatrices.of(a).size()).isEqualTo(in.n);
  }
}
