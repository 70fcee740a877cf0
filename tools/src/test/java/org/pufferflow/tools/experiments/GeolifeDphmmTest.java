package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.tools.learn.GridSpec;

/** docs/experiments.md, 'DPHMM on GeoLife': the model, query and true sequences the DPHMM experiments use. */
class GeolifeDphmmTest {

  @Test
  void shippedSampleOnThePapersCellSize() throws Exception {
    assertEquals(32, GeolifeDphmm.resourceNames().size());
    GeolifeDphmm geo = GeolifeDphmm.of(DphmmGeolifeExperiment.CELL_METERS);
    assertEquals(33 * 26, geo.states());
    assertEquals(geo.grid.rows() * geo.grid.cols(), geo.states());
    int visited = geo.visitedStates();
    assertEquals(164, visited, "the number docs/experiments.md quotes");
    double[][] m = geo.model.transitionRows();
    long[] visits = geo.model.visits();
    double p0 = 0;
    for (int i = 0; i < m.length; i++) {
      double row = 0;
      for (double v : m[i]) {
        row += v;
      }
      assertEquals(1, row, 1e-12);
      if (geo.model.departures()[i] == 0) {
        assertEquals(1, m[i][i], 0.0, "a row never left keeps a self-loop (λ = 0)");
      }
      assertEquals(visits[i] == 0, geo.initial[i] == 0);
      p0 += geo.initial[i];
    }
    assertEquals(1, p0, 1e-12);
  }

  /** f is the cell centre in km: horizontally and vertically adjacent cells are ≤ 0.34 km apart, as the grid says. */
  @Test
  void queryIsInKilometres() {
    GridSpec grid = GridSpec.ofCellSize(39.93, 40.03, 116.28, 116.38, 340);
    double[][] km = GeolifeDphmm.kilometres(grid);
    double dx = km[1][0] - km[0][0];
    double dy = km[grid.cols()][1] - km[0][1];
    assertTrue(dx > 0.3 && dx <= 0.34, "dx " + dx);
    assertTrue(dy > 0.3 && dy <= 0.34, "dy " + dy);
    assertEquals(0, km[1][1] - km[0][1], 1e-12);
    // the box is about 11.1 km high (0.1 degree of latitude)
    assertEquals(11.12, km[km.length - 1][1] + dy / 2, 0.01);
  }

  @Test
  void sequencesFollowTheChainAndAreReproducible() {
    GeolifeDphmm geo = GeolifeDphmm.of(DphmmGeolifeExperiment.CELL_METERS);
    int[][] a = geo.sequences(5, 60);
    int[][] b = geo.sequences(5, 60);
    double[][] m = geo.model.transitionRows();
    boolean moved = false;
    for (int i = 0; i < a.length; i++) {
      assertArrayEquals(a[i], b[i]);
      assertTrue(geo.initial[a[i][0]] > 0);
      for (int t = 1; t < a[i].length; t++) {
        assertTrue(m[a[i][t - 1]][a[i][t]] > 0, "transition " + a[i][t - 1] + " -> " + a[i][t]);
        moved |= a[i][t] != a[i][t - 1];
      }
    }
    assertTrue(moved);
  }

  @Test
  void drawInvertsTheCumulativeRow() {
    double[] p = {0, 0.25, 0, 0.75};
    assertEquals(1, GeolifeDphmm.draw(p, 0));
    assertEquals(1, GeolifeDphmm.draw(p, 0.2499));
    assertEquals(3, GeolifeDphmm.draw(p, 0.25));
    assertEquals(3, GeolifeDphmm.draw(p, 0.9999999));
    assertEquals(List.of(0), List.of(GeolifeDphmm.draw(new double[] {1}, 0.5)));
  }
}
