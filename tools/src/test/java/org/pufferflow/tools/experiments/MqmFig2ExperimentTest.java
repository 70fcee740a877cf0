package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pufferflow.tools.experiments.ExperimentFixtures.csv;
import static org.pufferflow.tools.experiments.ExperimentFixtures.file;
import static org.pufferflow.tools.experiments.ExperimentFixtures.num;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CommandLines;
import org.pufferflow.tools.cli.PufferflowCli;
import picocli.CommandLine;

/** docs/experiments.md, 'mqm-fig2'. */
class MqmFig2ExperimentTest {

  @TempDir Path dir;

  /** σ of `pufferflow plan mqm --json` for the given arguments. */
  static double planSigma(String... args) throws Exception {
    CommandLine cl = CommandLines.create(new PufferflowCli());
    StringWriter out = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(new StringWriter(), true));
    List<String> a = new ArrayList<>(List.of("plan", "mqm", "--json"));
    a.addAll(List.of(args));
    assertEquals(0, cl.execute(a.toArray(String[]::new)), "plan mqm " + a);
    JsonNode n = new ObjectMapper().readTree(out.toString());
    return n.get("sigma").asDouble();
  }

  @Test
  void panelsAtoCMatchPlanMqmAndStayBelowGroupDp() throws Exception {
    List<Path> files = ExperimentFixtures.run(new MqmFig2Experiment(true), dir);
    int checked = 0;
    for (String panel : List.of("a", "b", "c")) {
      List<Map<String, String>> rows = csv(file(files, "mqm-fig2" + panel + ".csv"));
      assertEquals(3 * (panel.equals("c") ? 2 : 3), rows.size());
      for (Map<String, String> r : rows) {
        double t = num(r, "T");
        double eps = num(r, "epsilon");
        double sigma = num(r, "sigma_approx");
        assertEquals(t / eps, num(r, "sigma_group_dp"), 0.0, "group DP sigma = T/epsilon exactly");
        assertTrue(sigma <= t / eps, "MQM sigma <= group DP sigma: " + r);
        assertEquals(5 * 2 * sigma / t, num(r, "expected_l1_approx"), 1e-12 * sigma);
        assertEquals(sigma >= t / eps ? 1 : 0, (int) num(r, "group_dp_fallback"));
        double plan = planSigma("--epsilon", r.get("epsilon"), "--window", r.get("T"), "--pi-min", r.get("pi_est"),
            "--gap", r.get("g_est"), "--mode", "approx-reversible");
        assertEquals(plan, sigma, 1e-12 * sigma, "plan mqm sigma for " + r);
        checked++;
      }
      // error falls as epsilon grows (each line in order of epsilon)
      for (int i = 1; i < rows.size(); i++) {
        if (rows.get(i).get("varied").equals(rows.get(i - 1).get("varied"))
            && num(rows.get(i), panelValue(panel)) == num(rows.get(i - 1), panelValue(panel))) {
          assertTrue(num(rows.get(i), "expected_l1_approx") <= num(rows.get(i - 1), "expected_l1_approx"));
        }
      }
    }
    assertEquals(24, checked);
  }

  private static String panelValue(String panel) {
    return switch (panel) {
      case "a" -> "pi_est";
      case "b" -> "g_est";
      default -> "T";
    };
  }

  @Test
  void panelDMatchesReferenceValuesAndPlanMqm() throws Exception {
    // the full ℓ range of panel d (cheap) with panels a–c reduced
    List<Path> files = ExperimentFixtures.run(
        new MqmFig2Experiment(true, new MqmFig2Experiment(false).ells()), dir);
    List<Map<String, String>> rows = csv(file(files, "mqm-fig2d.csv"));
    assertEquals(4, rows.size());
    for (ExperimentFixtures.Vector v : ExperimentFixtures.vectors("mqm-fig2d")) {
      Map<String, String> r = rows.stream().filter(x -> ("ell=" + x.get("ell")).equals(v.key())).findFirst()
          .orElseThrow();
      assertEquals(v.value(), num(r, v.column()), v.tolerance(), v.toString());
    }
    for (Map<String, String> r : rows) {
      double exact = num(r, "sigma_exact");
      double perTheta = num(r, "sigma_approx_per_theta");
      double global = num(r, "sigma_approx_global");
      assertTrue(exact <= perTheta && perTheta <= global && global <= num(r, "sigma_group_dp"), r.toString());
      assertEquals(100.0, num(r, "sigma_group_dp"), 0.0);
    }
    // plan mqm with the 16 chains of Θ = [0.4, 0.6] in exact mode gives the same σ
    List<String> args = new ArrayList<>(List.of("--epsilon", "1", "--window", "100", "--mode", "exact"));
    for (double p : new double[] {0.4, 0.5, 0.6}) {
      for (double q : new double[] {0.4, 0.5, 0.6}) {
        double[][] m = BinaryChains.matrix(p, q);
        args.add("--chain");
        args.add(String.format(Locale.ROOT, "[[%s,%s],[%s,%s]]", m[0][0], m[0][1], m[1][0], m[1][1]));
      }
    }
    Map<String, String> last = rows.get(3);
    assertEquals(9, (int) num(last, "chains"));
    assertEquals(planSigma(args.toArray(String[]::new)), num(last, "sigma_exact"), 1e-12);
  }

  @Test
  void twoRunsWriteIdenticalCsv(@TempDir Path other) throws Exception {
    ExperimentFixtures.assertSameCsv(ExperimentFixtures.run(new MqmFig2Experiment(true), dir),
        ExperimentFixtures.run(new MqmFig2Experiment(true), other));
  }
}
