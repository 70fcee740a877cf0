package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.noise.KeyedRandom;

/**
 * On the GeoLife experiments' model (docs/experiments.md, 'DPHMM on GeoLife') at ε = 10, where the posterior weights
 * of far cells underflow: C_t is the prior's true support (docs/dphmm.md, 'The constraint C_t'), computed here
 * independently by set propagation over the learned matrix's non-zeros from the support of p0, so |C_t| does not
 * depend on ε and no release is exact unless that support is a single cell.
 */
class GeolifeExactSupportTest {

  @Test
  void theConstraintIsThePriorSupportAtLargeEpsilon() {
    GeolifeDphmm geo = GeolifeDphmm.of(DphmmGeolifeExperiment.CELL_METERS);
    double[][] m = geo.model.transitionRows();
    int n = geo.states();
    int[][] seqs = geo.sequences(4, 60);
    for (double eps : new double[] {1, 10}) {
      DphmmConfig config = DphmmSimulation.config(geo, geo.utilityGraph(DphmmGeolifeExperiment.RADIUS_KM), eps);
      DphmmReleaser rel = new DphmmReleaser(config);
      DphmmRelease out = rel.newResult();
      KeyedRandom random = ExperimentKeys.random();
      for (int i = 0; i < seqs.length; i++) {
        double[] post = rel.newPosterior();
        boolean[] support = new boolean[n];
        for (int s = 0; s < n; s++) {
          support[s] = geo.initial[s] > 0;
        }
        for (int t = 0; t < seqs[i].length; t++) {
          if (t > 0) {
            boolean[] next = new boolean[n];
            for (int j = 0; j < n; j++) {
              if (support[j]) {
                for (int s = 0; s < n; s++) {
                  next[s] |= m[j][s] > 0;
                }
              }
            }
            support = next;
          }
          int size = 0;
          for (boolean b : support) {
            size += b ? 1 : 0;
          }
          random.reset("test/geolife-exact-support", "seq=" + i, t);
          rel.release(post, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, seqs[i][t], random, out);
          String at = "eps " + eps + " seq " + i + " tick " + t;
          assertEquals(size, out.constraintSize(), at);
          assertEquals(size == 1, out.exact(), at);
          assertTrue(rel.lastConstraintContains(seqs[i][t]), at);
        }
      }
    }
  }
}
