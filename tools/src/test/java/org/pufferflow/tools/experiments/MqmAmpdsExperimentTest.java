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
import org.pufferflow.tools.learn.LearnedModel;
import org.pufferflow.tools.learn.TraceSet;

/** docs/experiments.md, 'mqm-ampds'. */
class MqmAmpdsExperimentTest {

  @TempDir static Path dir;
  static List<Path> files;

  @BeforeAll
  static void runOnce() throws Exception {
    files = ExperimentFixtures.run(new MqmAmpdsExperiment(true), dir);
  }

  /** The shipped sample gives the model `pufferflow learn` wrote to examples/models/bedroom.yaml (same settings). */
  @Test
  void shippedSampleGivesTheBedroomModel() throws Exception {
    TraceSet traces = MqmAmpdsExperiment.traces();
    assertEquals(3414, traces.ticks());
    assertEquals(0, traces.ticks() - traces.observedTicks());
    LearnedModel m = LearnedModel.fit(traces, MqmAmpdsExperiment.SMOOTHING);
    assertEquals(0.9851470601881207, m.transitionRows()[0][0], 1e-15);
    assertEquals(0.7317767971848294, m.transitionRows()[1][1], 1e-15);
    assertEquals(0.009708737864077669, m.transitionRows()[2][2], 1e-15);
    List<Map<String, String>> rows = csv(file(files, "mqm-ampds-model.csv"));
    assertEquals(List.of(3234.0, 179.0, 1.0), rows.stream().map(r -> num(r, "visits")).toList());
    for (Map<String, String> r : rows) {
      assertEquals(1.0, num(r, "p_to_0") + num(r, "p_to_1") + num(r, "p_to_2"), 1e-12);
    }
  }

  @Test
  void wholeSeriesOrderingGroupDpAndMonteCarlo() throws Exception {
    List<Map<String, String>> rows = csv(file(files, "mqm-ampds-series.csv"));
    assertEquals(3, rows.size());
    double exact = Double.NaN;
    double approx = Double.NaN;
    for (Map<String, String> r : rows) {
      double t = num(r, "T");
      double eps = num(r, "epsilon");
      assertEquals(3414, t);
      switch (r.get("method")) {
        case "group-dp" -> assertEquals(t / eps, num(r, "sigma"), 0.0);
        case "mqm-exact-any-initial" -> exact = num(r, "sigma");
        default -> approx = num(r, "sigma");
      }
      assertMonteCarlo(r);
    }
    assertTrue(exact <= approx && approx <= 3414, exact + " " + approx);
    // σ is the project's calibration for the learned chain: the same as `plan mqm` gives for it
    double[][] p = LearnedModel.fit(MqmAmpdsExperiment.traces(), MqmAmpdsExperiment.SMOOTHING).transitionRows();
    StringBuilder chain = new StringBuilder("[");
    for (int i = 0; i < p.length; i++) {
      chain.append(i == 0 ? "[" : ",[").append(p[i][0]).append(',').append(p[i][1]).append(',').append(p[i][2])
          .append(']');
    }
    chain.append(']');
    assertEquals(MqmFig2ExperimentTest.planSigma("--epsilon", "1", "--window", "3414", "--chain", chain.toString(),
        "--mode", "exact-any-initial"), exact, 0.0);
  }

  @Test
  void dailyWindowsMonteCarlo() throws Exception {
    List<Map<String, String>> rows = csv(file(files, "mqm-ampds-daily.csv"));
    assertEquals(3 * 3, rows.size());
    for (Map<String, String> r : rows) {
      assertEquals(96, num(r, "T"));
      assertTrue(num(r, "sigma") <= 96, r.toString());
      assertMonteCarlo(r);
    }
  }

  private static void assertMonteCarlo(Map<String, String> r) {
    double mean = num(r, "mc_l1_mean");
    double se = num(r, "mc_l1_se");
    assertEquals(20, (int) num(r, "mc_runs"));
    assertTrue(se > 0 && Math.abs(mean - num(r, "expected_l1_discrete")) <= 5 * se, r.toString());
  }

  @Test
  void histogramSkipsGapsAndDaysStopAtAGap() {
    int[] s = new int[2 * 96 + 5];
    s[3] = 1;
    s[100] = TraceSet.GAP;
    assertEquals(List.of(95, 1, 0), java.util.Arrays.stream(MqmAmpdsExperiment.histogram(s, 0, 96, 3)).boxed()
        .toList());
    assertEquals(95, MqmAmpdsExperiment.histogram(s, 96, 192, 3)[0]);
    assertEquals(1, MqmAmpdsExperiment.observedDays(s, 3));
  }

  @Test
  void twoRunsWriteIdenticalCsv(@TempDir Path again) throws Exception {
    ExperimentFixtures.assertSameCsv(files, ExperimentFixtures.run(new MqmAmpdsExperiment(true), again));
  }
}
