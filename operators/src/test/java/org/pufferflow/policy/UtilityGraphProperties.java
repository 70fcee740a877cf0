package org.pufferflow.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link PolicyGraph#utility}: the sweep finds exactly the pairs a test of every pair finds. */
class UtilityGraphProperties {

  @Property(tries = 200)
  void sameEdgesAsTestingEveryPair(@ForAll @IntRange(min = 1, max = 80) int n,
      @ForAll @IntRange(min = 1, max = 3) int d, @ForAll @IntRange(min = 1, max = 40) int radiusTenths,
      @ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[][] rows = new double[n][d];
    for (int i = 0; i < n; i++) {
      for (int a = 0; a < d; a++) {
        // a coarse lattice (many ties and distances exactly at the radius) or arbitrary values
        rows[i][a] = seed % 2 == 0 ? r.nextInt(6) * 0.5 : r.nextDouble() * 4 - 2;
      }
    }
    StateQuery f = StateQuery.of(rows);
    double radius = radiusTenths / 10.0;
    PolicyGraph g = PolicyGraph.utility(f, radius);
    double limit = radius * (1 + PolicyGraph.UTILITY_TOLERANCE);
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < n; k++) {
        boolean expected = j != k && Math.sqrt(f.squaredDistance(j, k)) <= limit;
        assertThat(g.hasEdge(j, k)).as("edge %d-%d", j, k).isEqualTo(expected);
      }
    }
  }
}
