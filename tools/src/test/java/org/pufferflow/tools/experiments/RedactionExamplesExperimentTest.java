package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.pufferflow.tools.experiments.ExperimentFixtures.csv;
import static org.pufferflow.tools.experiments.ExperimentFixtures.file;
import static org.pufferflow.tools.experiments.ExperimentFixtures.num;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.mechanism.redaction.BudgetSplit;
import org.pufferflow.mechanism.redaction.ThreeRDesign;
import org.pufferflow.mechanism.redaction.ThreeRMechanism;

/** docs/experiments.md, 'redaction-examples' (Maßny et al., Table I, Figure 2, Example 1). */
class RedactionExamplesExperimentTest {

  @TempDir Path dir;

  @Test
  void tableFigureAndExampleAsThePaperStatesThem() throws Exception {
    List<Path> files = ExperimentFixtures.run(new RedactionExamplesExperiment(), dir);
    List<Map<String, String>> t1 = csv(file(files, "redaction-table1.csv"));
    double[] table = {1.5, 0.5, 2.0 / 3, 2}; // Table I: x = 0 (x2 = 0, 1), x = 1 (x2 = 0, 1)
    for (int i = 0; i < 4; i++) {
      assertEquals(table[i], num(t1.get(i), "ratio"), 1e-12);
    }
    // Figure 2's picture, and the regions at eps' = 0.3 and 0.7
    StringBuilder[] pattern = {new StringBuilder(), new StringBuilder(), new StringBuilder()};
    for (Map<String, String> r : csv(file(files, "redaction-fig2.csv"))) {
      pattern[0].append(r.get("region_eps_0.3"));
      pattern[1].append(r.get("region_eps_0.5"));
      pattern[2].append(r.get("region_eps_0.7"));
    }
    assertEquals("SSLLLSS", pattern[0].toString());
    assertEquals("SSMLMSS", pattern[1].toString());
    assertEquals("SSSLSSS", pattern[2].toString());
    // Example 1: nu = (1/2)(1 - q2) * beta / (alpha + beta) for n = 2; nu_DIM = 0; 7/24 for q2 = 1/8
    List<Map<String, String>> e1 = csv(file(files, "redaction-example1.csv"));
    assertEquals(7.0 / 24, num(e1.get(0), "utility"), 1e-12);
    for (Map<String, String> r : e1.subList(0, 3)) {
      assertEquals(0.5 * (1 - num(r, "q2")) * 0.5 / 0.75, num(r, "utility"), 1e-12, r.toString());
      assertEquals(true, num(r, "exact_leakage") <= 0.5 + 1e-9, r.toString());
    }
    // the all-redacted output's ratio (q beta + 1 - beta) / (alpha + q (1 - alpha)) equals e^eps at the smallest q
    double qMin = num(e1.get(1), "q2");
    assertEquals(Math.exp(0.5), (qMin * 0.5 + 0.5) / (0.25 + qMin * 0.75), 1e-9);
    assertEquals(Math.exp(-0.5), num(e1.get(2), "q2"), 1e-12);
    assertEquals(0, num(e1.get(3), "utility"), 0);
    // the regions agree with the project's bands on the right side (d < dM: L, d < dS: M, else S)
    ThreeRMechanism m = ThreeRMechanism.builder().chain(RedactionExamplesExperiment.chain()).epsilon(0.5)
        .privateIndex(1).length(10).design(ThreeRDesign.RELAXED).split(BudgetSplit.right(0.5)).build();
    for (long d = 1; d <= 3; d++) {
      String band = d < m.right().dM() ? "L" : d < m.right().dS() ? "M" : "S";
      assertEquals(band, RedactionExamplesExperiment.region(d, 0.5), "distance " + d);
    }
  }
}
