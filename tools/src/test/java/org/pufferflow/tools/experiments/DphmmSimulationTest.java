package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.RepairMode;

/** docs/experiments.md, 'DPHMM on GeoLife', 'Metrics': the DoP of the true state and the per-tick bookkeeping. */
class DphmmSimulationTest {

  private static final GeolifeDphmm GEO = GeolifeDphmm.of(680);

  private static int[] visited() {
    return IntStream.range(0, GEO.states()).filter(i -> GEO.initial[i] > 0).toArray();
  }

  /** DoP(s*) equals the protectable graph's own degree of protection of s* (ProtectableGraph#degreesOfProtection). */
  @Test
  void dopOfTheTrueStateIsTheProtectableGraphsDegree() {
    int[] c = visited();
    for (PolicyGraph g : new PolicyGraph[] {GEO.utilityGraph(1), GEO.transitionGraph(), PolicyGraph.complete(
        GEO.states())}) {
      DphmmSimulation sim = new DphmmSimulation(GEO, DphmmSimulation.config(GEO, g, 1), true);
      int[] expected = ProtectableGraph.repair(GEO.query, g, c, RepairMode.STRICT, true).degreesOfProtection();
      for (int p = 0; p < c.length; p++) {
        assertEquals(expected[p], sim.dop(c, c[p]), "state " + c[p]);
        assertTrue(expected[p] >= 2);
      }
    }
    DphmmSimulation sim = new DphmmSimulation(GEO, DphmmSimulation.config(GEO, GEO.utilityGraph(1), 1), true);
    assertEquals(1, sim.dop(new int[] {c[0]}, c[0]), "an exact release exposes the state");
    // on the complete graph K = H − H, so every member of C protects every other: DoP = |C|
    DphmmSimulation complete = new DphmmSimulation(GEO, DphmmSimulation.dpls(GEO, 0.01, 1), true);
    assertEquals(c.length, complete.dop(c, c[c.length / 2]));
  }

  /** Per-tick sums cover every release; DPLS's δ-location set is tighter than DPHMM's support constraint. */
  @Test
  void resultsCoverEveryReleaseAndDplsHasTheTighterConstraint() {
    int[][] seqs = GEO.sequences(4, 30);
    DphmmConfig util = DphmmSimulation.config(GEO, GEO.utilityGraph(1), 1);
    DphmmSimulation.Result u = new DphmmSimulation(GEO, util, true).run(seqs, "util", ExperimentProgress.silent());
    DphmmSimulation.Result d = new DphmmSimulation(GEO, DphmmSimulation.dpls(GEO, 0.01, 1), true)
        .run(seqs, "dpls", ExperimentProgress.silent());
    assertEquals(30, u.dopSum.length);
    assertEquals(0, u.trueOutsideConstraint);
    assertTrue(u.minDop() >= 2, "min DoP " + u.minDop());
    assertTrue(Arrays.stream(u.errorSum).allMatch(e -> e > 0));
    assertEquals(visited().length, u.meanConstraint(0), 0.0, "C_0 = support of p0");
    assertTrue(d.averageConstraint() < u.averageConstraint(), d.averageConstraint() + " " + u.averageConstraint());
    // the same label draws the same noise: a second run is identical
    DphmmSimulation.Result again = new DphmmSimulation(GEO, util, true).run(seqs, "util", ExperimentProgress.silent());
    assertEquals(Arrays.toString(u.errorSum), Arrays.toString(again.errorSum));
  }
}
