package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pufferflow.tools.experiments.ExperimentFixtures.csv;
import static org.pufferflow.tools.experiments.ExperimentFixtures.file;
import static org.pufferflow.tools.experiments.ExperimentFixtures.num;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/experiments.md, 'wasserstein-vs-mqm'. */
class WassersteinVsMqmExperimentTest {

  @Test
  void matchesReferenceValuesAndOrdering(@TempDir Path dir, @TempDir Path again) throws Exception {
    List<Path> files = ExperimentFixtures.run(new WassersteinVsMqmExperiment(true), dir);
    List<Map<String, String>> rows = csv(file(files, "wasserstein-vs-mqm.csv"));
    assertEquals(3 * 8, rows.size());
    for (ExperimentFixtures.Vector v : ExperimentFixtures.vectors("wasserstein-vs-mqm")) {
      Map<String, String> r = rows.stream().filter(x -> (x.get("chain") + " T=" + x.get("T")).equals(v.key()))
          .findFirst().orElseThrow(() -> new AssertionError("no row " + v));
      assertEquals(v.value(), num(r, v.column()), v.tolerance(), v.toString());
    }
    for (Map<String, String> r : rows) {
      double t = num(r, "T");
      double group = num(r, "scale_group_dp");
      assertEquals(t, group, 0.0, "group DP scale T/epsilon at epsilon = 1");
      assertEquals(Math.nextUp(num(r, "wasserstein_sensitivity")), num(r, "scale_wasserstein"), 0.0);
      assertTrue(num(r, "scale_wasserstein") <= Math.nextUp(group), r.toString());
      assertTrue(num(r, "scale_mqm_exact") <= num(r, "scale_mqm_approx"), r.toString());
      assertTrue(num(r, "scale_mqm_approx") <= group, r.toString());
    }
    ExperimentFixtures.assertSameCsv(files, ExperimentFixtures.run(new WassersteinVsMqmExperiment(true), again));
  }
}
