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

/** docs/experiments.md, 'composition-counterexample' (Song and Chaudhuri, Theorem 3.4 and its proof). */
class CompositionCounterexampleExperimentTest {

  @TempDir Path dir;

  @Test
  void twoReleasesLoseMoreThanTwiceOneAsTheProofsClosedFormsSay() throws Exception {
    List<Path> files = ExperimentFixtures.run(new CompositionCounterexampleExperiment(), dir);
    Map<String, String> r = csv(file(files, "composition-counterexample-summary.csv")).get(0);
    double p = 0.9;
    double q = 0.01;
    double e = Math.E;
    double e2 = e * e;
    // the proof's candidates for max S and for D(w, w): the ratios on w <= 0 and w >= 2, written out by hand
    double single = Math.log(e * Math.max((q + e * (1 - q)) / (p + e * (1 - p)), (e * p + 1 - p) / (e * q + 1 - q)));
    double pair = Math.log(e2 * Math.max((q + e2 * (1 - q)) / (p + e2 * (1 - p)),
        (e2 * p + 1 - p) / (e2 * q + 1 - q)));
    assertEquals(single, num(r, "epsilon_single"), 1e-12);
    assertEquals(pair, num(r, "epsilon_pair_diagonal"), 1e-12);
    assertTrue(num(r, "epsilon_pair_grid") >= num(r, "epsilon_pair_diagonal"));
    assertTrue(num(r, "excess_over_linear") > 0.01, r.toString());
    assertEquals(num(r, "epsilon_pair_grid") - 2 * num(r, "epsilon_single"), num(r, "excess_over_linear"), 1e-12);
  }

  @Test
  void ratiosAreTheDensityRatiosOfTheTwoSecrets() {
    double w = 0.37;
    double v = 1.61;
    // p(M = w | X_1 = x) = sum_{x2} P(x2 | x) Lap(w - x - x2), written out for x = 1 and x = 0
    double given1 = 0.9 * lap(w - 2) + 0.1 * lap(w - 1);
    double given0 = 0.01 * lap(w - 1) + 0.99 * lap(w);
    assertEquals(given1 / given0, CompositionCounterexampleExperiment.ratioSingle(w), 1e-12);
    double pair1 = 0.9 * lap(w - 2) * lap(v - 2) + 0.1 * lap(w - 1) * lap(v - 1);
    double pair0 = 0.01 * lap(w - 1) * lap(v - 1) + 0.99 * lap(w) * lap(v);
    assertEquals(pair1 / pair0, CompositionCounterexampleExperiment.ratioPair(w, v), 1e-12);
  }

  private static double lap(double x) {
    return Math.exp(-Math.abs(x)) / 2;
  }
}
