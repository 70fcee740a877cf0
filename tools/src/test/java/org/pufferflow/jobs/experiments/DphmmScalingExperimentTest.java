package org.pufferflow.jobs.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pufferflow.jobs.experiments.ExperimentFixtures.csv;
import static org.pufferflow.jobs.experiments.ExperimentFixtures.file;
import static org.pufferflow.jobs.experiments.ExperimentFixtures.num;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/experiments.md, 'dphmm-scaling': one row per grid size with consistent columns (times are not
 * deterministic and are only checked to be positive).
 */
class DphmmScalingExperimentTest {

  @Test
  void oneRowPerGridWithConsistentColumns(@TempDir Path dir) throws Exception {
    List<Path> files = ExperimentFixtures.run(new DphmmScalingExperiment(true), dir);
    assertEquals(4, files.size());
    for (Path f : files) {
      assertTrue(Files.size(f) > 0, f.toString());
    }
    List<Map<String, String>> rows = csv(file(files, "dphmm-scaling.csv"));
    assertEquals(2, rows.size());
    for (Map<String, String> r : rows) {
      double side = num(r, "side");
      double n = num(r, "states");
      assertEquals(side * side, n, 0.0);
      assertTrue(num(r, "mean_us_per_release") > 0 && num(r, "mean_us_per_product") > 0, r.toString());
      assertEquals(num(r, "mean_us_per_release") / num(r, "mean_us_per_product"), num(r, "release_to_product"),
          1e-9 * num(r, "release_to_product"));
      // the state is never larger than the dense encoding (header + N doubles) and the mean not above the largest
      assertTrue(num(r, "max_state_bytes") <= 9 + 8 * n, r.toString());
      assertTrue(num(r, "mean_state_bytes") <= num(r, "max_state_bytes"), r.toString());
      double c = num(r, "mean_constraint_size");
      assertTrue(c >= 1 && c <= n, r.toString());
      assertTrue(num(r, "mean_error_cells") > 0, r.toString());
    }
  }
}
