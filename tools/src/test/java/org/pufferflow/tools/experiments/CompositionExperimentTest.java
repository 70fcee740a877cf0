package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pufferflow.tools.experiments.ExperimentFixtures.csv;
import static org.pufferflow.tools.experiments.ExperimentFixtures.file;
import static org.pufferflow.tools.experiments.ExperimentFixtures.num;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.SlidingWindowAccountant;

/** docs/experiments.md, 'composition'. */
class CompositionExperimentTest {

  @TempDir static Path dir;
  static List<Path> files;
  static List<Map<String, String>> steady;
  static List<Map<String, String>> start;

  @BeforeAll
  static void runOnce() throws Exception {
    files = ExperimentFixtures.run(new CompositionExperiment(true), dir);
    steady = csv(file(files, "composition.csv"));
    start = csv(file(files, "composition-stream-start.csv"));
  }

  @Test
  void matchesReferenceValues() throws Exception {
    for (ExperimentFixtures.Vector v : ExperimentFixtures.vectors("composition")) {
      Map<String, String> r = steady.stream()
          .filter(x -> (x.get("mode") + " W=" + x.get("W") + " S=" + x.get("S")).equals(v.key())).findFirst()
          .orElseThrow(() -> new AssertionError("no row " + v));
      assertEquals(v.value(), num(r, v.column()), v.tolerance(), v.toString());
    }
    for (ExperimentFixtures.Vector v : ExperimentFixtures.vectors("composition-stream-start")) {
      Map<String, String> r = start.stream()
          .filter(x -> (x.get("mode") + " t=" + x.get("t")).equals(v.key())).findFirst().orElseThrow();
      assertEquals(v.value(), num(r, v.column()), v.tolerance(), v.toString());
    }
  }

  @Test
  void steadyStateEqualsTheAccountantAndGrowsWithReleases() {
    assertEquals(8, steady.size());
    for (int i = 0; i < steady.size(); i++) {
      Map<String, String> r = steady.get(i);
      MqmMode mode = MqmMode.fromCliName(r.get("mode"));
      int w = (int) num(r, "W");
      int s = (int) num(r, "S");
      SlidingWindowAccountant acc =
          SlidingWindowAccountant.of(CompositionExperiment.calibration(mode, w, 1), s, false);
      assertEquals(acc.steadyStateEpsilon(), num(r, "steady_state_epsilon"), 0.0, r.toString());
      assertEquals(acc.theorem37SteadyStateEpsilon(), num(r, "touching_windows_sum"), 0.0, r.toString());
      assertEquals((w + s - 1) / s, (int) num(r, "releases_covering_point"));
      // the joint accountant never charges more than the project's windows-touching-the-quilt bound;
      // one window costs ε_w
      assertTrue(num(r, "steady_state_epsilon") <= num(r, "touching_windows_sum") + 1e-12, r.toString());
      if (s == w) {
        assertEquals(1.0, num(r, "steady_state_epsilon"), 1e-9);
      }
      // the design-rule scale restores ε_w = 1 at every time point
      assertTrue(num(r, "design_steady_state_epsilon") <= 1 + 1e-9, r.toString());
      if (i > 0 && steady.get(i - 1).get("mode").equals(r.get("mode"))) {
        assertTrue(num(r, "releases_covering_point") > num(steady.get(i - 1), "releases_covering_point"));
        assertTrue(num(r, "steady_state_epsilon") >= num(steady.get(i - 1), "steady_state_epsilon"),
            "loss non-decreasing in the number of overlapping releases: " + r);
      }
    }
  }

  @Test
  void streamStartEqualsTheAccountantAndIsMonotoneUpToOneWindow() {
    assertEquals(2 * 200, start.size());
    for (MqmMode mode : new MqmMode[] {MqmMode.APPROX_REVERSIBLE, MqmMode.EXACT}) {
      SlidingWindowAccountant acc =
          SlidingWindowAccountant.of(CompositionExperiment.calibration(mode, 100, 1), 10, false);
      double prev = 0;
      for (Map<String, String> r : start) {
        if (!r.get("mode").equals(mode.cliName())) {
          continue;
        }
        long t = (long) num(r, "t");
        double e = num(r, "epsilon_t");
        assertEquals(acc.epsilonAt(t), e, 0.0);
        if (t <= 100) {
          assertTrue(e >= prev - 1e-12 * prev,
              "epsilon(t) non-decreasing (up to rounding) while more windows cover t: " + r);
        }
        assertTrue(e <= acc.steadyStateEpsilon() + 1e-9, r.toString());
        prev = e;
      }
    }
  }

  @Test
  void windowsCoveringCountsFullWindows() {
    assertEquals(1, CompositionExperiment.windowsCovering(1, 100, 10));
    assertEquals(1, CompositionExperiment.windowsCovering(10, 100, 10));
    assertEquals(2, CompositionExperiment.windowsCovering(11, 100, 10));
    assertEquals(10, CompositionExperiment.windowsCovering(100, 100, 10));
    assertEquals(10, CompositionExperiment.windowsCovering(155, 100, 10));
    assertEquals(1, CompositionExperiment.windowsCovering(150, 100, 100));
  }

  @Test
  void twoRunsWriteIdenticalCsv(@TempDir Path a) throws Exception {
    ExperimentFixtures.assertSameCsv(files, ExperimentFixtures.run(new CompositionExperiment(true), a));
  }
}
