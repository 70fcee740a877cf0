package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The release's fast cache-miss path (difference masks of {@link org.pufferflow.policy.DeltaFIndex}) yields exactly
 * the K_t, multiplier, S_f and Laplace multiplier of the full protectable-graph construction (docs/dphmm.md, 'Repair modes', docs/dphmm.md, 'Making it fast').
 */
class DphmmFastGeometryTest {

  private static void assertSame(GeometrySlot fast, GeometrySlot full, DphmmNoise noise, String what) {
    assertThat(fast.hull.rank()).as(what).isEqualTo(full.hull.rank());
    assertThat(fast.hull.vertices()).as(what).isDeepEqualTo(full.hull.vertices());
    assertThat(fast.hull.facetGauges()).as(what).isDeepEqualTo(full.hull.facetGauges());
    assertThat(fast.l1Sensitivity).as(what).isEqualTo(full.l1Sensitivity);
    if (noise == DphmmNoise.K_NORM || fast.graph != null) {
      assertThat(fast.kNormMultiplier).as(what).isEqualTo(full.kNormMultiplier);
    }
    if (noise == DphmmNoise.LAPLACE || fast.graph != null) {
      assertThat(fast.laplaceMultiplier).as(what).isEqualTo(full.laplaceMultiplier);
    }
  }

  private static DphmmReleaser releaser(StateQuery f, PolicyGraph g, RepairMode mode, boolean fullSpan) {
    return releaser(f, g, mode, fullSpan, DphmmNoise.K_NORM);
  }

  private static DphmmReleaser releaser(
      StateQuery f, PolicyGraph g, RepairMode mode, boolean fullSpan, DphmmNoise noise) {
    int n = f.size();
    double[] p0 = new double[n];
    java.util.Arrays.fill(p0, 1.0 / n);
    double[][] id = new double[n][n];
    for (int i = 0; i < n; i++) {
      id[i][i] = 1;
    }
    return new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(id)).initial(p0).query(f)
        .policyGraph(g).repair(mode).fullSpan(fullSpan).noise(noise).epsilon(1).build());
  }

  @Property(tries = 200)
  void fastPathMatchesTheFullConstruction(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    RandomInstance in = new RandomInstance(seed);
    if (in.graph.isComplete()) {
      return;
    }
    Random r = new Random(seed);
    for (RepairMode mode : RepairMode.values()) {
      for (boolean fullSpan : new boolean[] {false, true}) {
        DphmmNoise noise = DphmmNoise.values()[r.nextInt(DphmmNoise.values().length)];
        DphmmReleaser rel = releaser(in.f, in.graph, mode, fullSpan, noise);
        for (int trial = 0; trial < 4; trial++) {
          int[] c = trial == 0 ? in.c : randomSubset(r, in.n);
          assertSame(rel.geometry(c), rel.geometryWithoutIndex(c), noise, in + " C="
              + java.util.Arrays.toString(c) + " " + mode + " fullSpan=" + fullSpan + " " + noise);
        }
      }
    }
  }

  @Test
  void movingWindowsOnAGridTakeTheFastPathAndMatch() {
    int side = 9;
    double[][] rows = new double[side * side][];
    for (int k = 0; k < rows.length; k++) {
      rows[k] = new double[] {k / side, k % side};
    }
    StateQuery f = StateQuery.of(rows);
    Random r = new Random(7);
    int fast = 0;
    for (double radius : new double[] {1, 1.5, 2.3}) {
      DphmmNoise noise = radius == 1.5 ? DphmmNoise.LAPLACE : DphmmNoise.K_NORM;
      DphmmReleaser rel = releaser(f, PolicyGraph.utility(f, radius), RepairMode.STRICT, true, noise);
      for (int trial = 0; trial < 60; trial++) {
        int a0 = r.nextInt(side);
        int b0 = r.nextInt(side);
        int a1 = Math.min(side - 1, a0 + r.nextInt(4));
        int b1 = Math.min(side - 1, b0 + r.nextInt(4));
        List<Integer> cl = new ArrayList<>();
        for (int k = 0; k < rows.length; k++) {
          int a = k / side;
          int b = k % side;
          if (a >= a0 && a <= a1 && b >= b0 && b <= b1 && r.nextDouble() < 0.9) {
            cl.add(k);
          }
        }
        if (cl.size() < 2) {
          continue;
        }
        int[] c = cl.stream().mapToInt(Integer::intValue).toArray();
        GeometrySlot g = rel.geometry(c);
        fast += g.graph == null ? 1 : 0;
        assertSame(g, rel.geometryWithoutIndex(c), noise, "r=" + radius + " C=" + cl);
      }
    }
    assertThat(fast).as("constraints served by the fast path").isGreaterThan(50);
  }

  private static int[] randomSubset(Random r, int n) {
    List<Integer> cl = new ArrayList<>();
    while (cl.size() < 2) {
      cl.clear();
      double p = 0.3 + 0.7 * r.nextDouble();
      for (int i = 0; i < n; i++) {
        if (r.nextDouble() < p) {
          cl.add(i);
        }
      }
    }
    return cl.stream().mapToInt(Integer::intValue).toArray();
  }
}
