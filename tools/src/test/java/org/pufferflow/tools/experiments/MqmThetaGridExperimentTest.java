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

/** docs/experiments.md, 'mqm-theta-grid'. */
class MqmThetaGridExperimentTest {

  @TempDir static Path dir;
  static List<Path> files;
  static List<Map<String, String>> rows;

  @BeforeAll
  static void runOnce() throws Exception {
    files = ExperimentFixtures.run(new MqmThetaGridExperiment(true), dir);
    rows = csv(file(files, "mqm-theta-grid.csv"));
  }

  private static Map<String, String> row(String key) {
    return rows.stream().filter(r -> ("p=" + r.get("p") + " q=" + r.get("q")).equals(key)).findFirst()
        .orElseThrow(() -> new AssertionError("no row " + key));
  }

  @Test
  void sigmaMatchesReferenceValues() throws Exception {
    assertEquals(81, rows.size());
    for (ExperimentFixtures.Vector v : ExperimentFixtures.vectors("mqm-theta-grid")) {
      assertEquals(v.value(), num(row(v.key()), v.column()), v.tolerance() * Math.max(1, v.value()), v.toString());
    }
  }

  @Test
  void sigmaMatchesPlanMqmForSomeChains() throws Exception {
    for (String key : List.of("p=0.8 q=0.9", "p=0.2 q=0.7", "p=0.5 q=0.5")) {
      Map<String, String> r = row(key);
      double[][] m = BinaryChains.matrix(num(r, "p"), num(r, "q"));
      String chain = "[[" + m[0][0] + "," + m[0][1] + "],[" + m[1][0] + "," + m[1][1] + "]]";
      assertEquals(MqmFig2ExperimentTest.planSigma("--epsilon", "1", "--window", "100", "--chain", chain, "--mode",
          "exact"), num(r, "sigma_exact"), 0.0, key);
      assertEquals(MqmFig2ExperimentTest.planSigma("--epsilon", "1", "--window", "100", "--chain", chain, "--mode",
          "approx-reversible"), num(r, "sigma_approx_rev"), 0.0, key);
    }
  }

  @Test
  void orderingAndGroupDp() {
    for (Map<String, String> r : rows) {
      double exact = num(r, "sigma_exact");
      assertTrue(exact <= num(r, "sigma_exact_any_initial") + 1e-12, r.toString());
      assertTrue(exact <= num(r, "sigma_approx_rev"), r.toString());
      assertTrue(num(r, "sigma_approx_rev") <= num(r, "sigma_group_dp"), r.toString());
      assertEquals(100.0, num(r, "sigma_group_dp"), 0.0);
      assertEquals(Math.nextUp(2 * exact), num(r, "beta"), 0.0);
      assertEquals(4 * exact / 100, num(r, "expected_l1"), 1e-15);
    }
  }

  /** Each chain's Monte-Carlo mean L1 error lies within 5 standard errors of the discrete-Laplace expectation. */
  @Test
  void monteCarloL1WithinFiveStandardErrors() {
    for (Map<String, String> r : rows) {
      double mean = num(r, "mc_l1_mean");
      double se = num(r, "mc_l1_se");
      double expected = num(r, "expected_l1_discrete");
      assertEquals(40, (int) num(r, "mc_runs"));
      assertTrue(se > 0, r.toString());
      assertTrue(Math.abs(mean - expected) <= 5 * se, "MC " + mean + " vs " + expected + " (se " + se + ") " + r);
      // the discrete and continuous expectations agree closely (β ≥ 2): E|DLap| = 1/sinh(1/β) ≤ β
      assertTrue(expected <= num(r, "expected_l1") && expected > 0.9 * num(r, "expected_l1"), r.toString());
    }
  }

  /** All chains together: the pooled mean is within 5 pooled standard errors (a sharper check than per chain). */
  @Test
  void pooledMonteCarloWithinFiveStandardErrors() {
    double diff = 0;
    double var = 0;
    for (Map<String, String> r : rows) {
      diff += num(r, "mc_l1_mean") - num(r, "expected_l1_discrete");
      var += Math.pow(num(r, "mc_l1_se"), 2);
    }
    assertTrue(Math.abs(diff) <= 5 * Math.sqrt(var), "pooled difference " + diff + ", se " + Math.sqrt(var));
  }

  @Test
  void expectedDiscreteL1ClosedForm() {
    // β = 1: E|X| = 2r/(1 − r²) with r = e^{-1}; summed directly
    double r = Math.exp(-1);
    double direct = 0;
    for (int x = 1; x < 200; x++) {
      direct += 2 * x * Math.pow(r, x) * (1 - r) / (1 + r);
    }
    assertEquals(direct * 2 / 100, MqmThetaGridExperiment.expectedDiscreteL1(1, 2, 100), 1e-14);
  }

  @Test
  void twoRunsWriteIdenticalCsv(@TempDir Path a) throws Exception {
    ExperimentFixtures.assertSameCsv(files, ExperimentFixtures.run(new MqmThetaGridExperiment(true), a));
  }
}
