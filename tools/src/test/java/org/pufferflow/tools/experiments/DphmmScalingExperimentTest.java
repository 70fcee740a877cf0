package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pufferflow.tools.experiments.ExperimentFixtures.csv;
import static org.pufferflow.tools.experiments.ExperimentFixtures.file;
import static org.pufferflow.tools.experiments.ExperimentFixtures.num;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/experiments.md, 'dphmm-scaling': one row per grid size and constraint with consistent columns (times are not
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
    assertEquals(4, rows.size());
    assertEquals(List.of("exact", "exact", "truncated 1e-12", "truncated 1e-12"),
        rows.stream().map(r -> r.get("constraint")).toList());
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
      if (r.get("constraint").equals("exact")) {
        // uniform p0 on an irreducible walk, K-norm noise of full span: the exact support is every state, at every
        // release, and the posterior keeps a positive value for each (at least 8 bytes per state)
        assertEquals(n, c, 0.0, r.toString());
        assertTrue(num(r, "mean_state_bytes") >= 8 * n, r.toString());
      }
    }
    for (int i = 0; i < 2; i++) {
      Map<String, String> exact = rows.get(i);
      Map<String, String> truncated = rows.get(i + 2);
      assertEquals(exact.get("states"), truncated.get("states"));
      // the truncation only drops states: never a larger constraint or state than the exact support's
      assertTrue(num(truncated, "mean_constraint_size") <= num(exact, "mean_constraint_size"), truncated.toString());
      assertTrue(num(truncated, "max_state_bytes") <= num(exact, "max_state_bytes"), truncated.toString());
    }
  }
}
