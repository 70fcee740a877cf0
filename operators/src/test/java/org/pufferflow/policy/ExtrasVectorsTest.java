package org.pufferflow.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.policy.DphmmVectors.asLists;
import static org.pufferflow.policy.DphmmVectors.assertClose;
import static org.pufferflow.policy.DphmmVectors.edgeList;
import static org.pufferflow.policy.DphmmVectors.ints;
import static org.pufferflow.policy.DphmmVectors.matrix;
import static org.pufferflow.policy.DphmmVectors.num;
import static org.pufferflow.policy.DphmmVectors.vector;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.geometry.SensitivityHull;

/** the test resource dphmm-vectors.json (docs/test-vectors.md) "extras" (geometry and graphs) and section (b), Blowfish. */
class ExtrasVectorsTest {

  static final JsonNode X = DphmmVectors.root().get("extras");

  @Test
  void skipVersusStrict1dAnd2d() {
    for (String name : new String[] {"skip_vs_strict_1d", "skip_vs_strict_2d"}) {
      JsonNode ex = X.get(name);
      StateQuery f = StateQuery.of(matrix(ex.get("F")));
      PolicyGraph empty = PolicyGraph.edges(f.size(), new int[0][]);
      int[] c = ints(ex.get("C"));
      for (String variant : new String[] {"greedy", "strict", "minvol"}) {
        RepairMode mode = variant.equals("greedy") ? RepairMode.GREEDY
            : variant.equals("strict") ? RepairMode.STRICT : RepairMode.MIN_VOLUME;
        JsonNode exp = ex.get(variant);
        ProtectableGraph pg = ProtectableGraph.repair(f, empty, c, mode, false);
        String what = name + " " + variant;
        assertThat(asLists(pg.addedEdges())).as(what).isEqualTo(asLists(edgeList(exp.get("added"))));
        RunningExampleVectorsTest.assertHull(what, pg.hull(), exp.get("hull"));
        if (exp.has("dop")) {
          RunningExampleVectorsTest.assertDop(what, pg, exp.get("dop"));
          assertClose(what, pg.constrainedDpMultiplier(), num(exp.get("constrained_dp_multiplier")));
        }
        assertThat(pg.exposedAfter()).as(what).isEmpty();
      }
    }
  }

  @Test
  void fullSpanMakesTheProtectableButInfiniteExampleFinite() {
    JsonNode ex = X.get("skip_vs_strict_2d");
    StateQuery f = StateQuery.of(matrix(ex.get("F")));
    ProtectableGraph pg =
        ProtectableGraph.repair(f, PolicyGraph.edges(4, new int[0][]), ints(ex.get("C")), RepairMode.GREEDY, true);
    // greedy adds s1s2 (K = ±(1,0)); fullSpan then adds the shortest off-span edge: s1s3? |(1,1)|²=2, s2s3 |(0,1)|²=1
    assertThat(asLists(pg.addedEdges())).isEqualTo(asLists(List.of(new int[] {0, 1}, new int[] {1, 2})));
    assertThat(pg.hull().rank()).isEqualTo(2);
    assertThat(pg.constrainedDpMultiplier()).isFinite();
  }

  @Test
  void knormEdgeCases() {
    JsonNode cases = X.get("knorm_edge_cases");
    SensitivityHull[] hulls = {
      SensitivityHull.of(2, new double[][] {{-1, 1}, {1, -1}}),
      SensitivityHull.of(2, new double[0][]),
      SensitivityHull.of(2, new double[][] {{0, 0}, {0, 0}}),
      DeltaF.hull(StateQuery.of(new double[][] {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}),
          PolicyGraph.complete(4).edges()),
      DeltaF.hull(StateQuery.of(new double[][] {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}), PolicyGraph.complete(3).edges()),
    };
    for (int k = 0; k < hulls.length; k++) {
      JsonNode ex = cases.get(k);
      String what = ex.get("K").asText();
      RunningExampleVectorsTest.assertHull(what, hulls[k], ex.get("hull"));
      for (JsonNode t : ex.get("cases")) {
        assertClose(what + " " + t.get("v"), hulls[k].norm(vector(t.get("v"))), num(t.get("knorm")));
      }
    }
    // the complete-graph shortcut (differences of conv f(C)'s vertices) gives the same hull
    SensitivityHull viaShortcut = DeltaF.completeGraphHull(
        StateQuery.of(new double[][] {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}), new int[] {0, 1, 2, 3}, 4);
    RunningExampleVectorsTest.assertHull("shortcut", viaShortcut, cases.get(3).get("hull"));
  }

  @Test
  void transitionGraphOfTheSixStateMatrix() {
    JsonNode ex = X.get("transition_graph_M6");
    double[][] m = matrix(DphmmVectors.root().get("c_filter_6state").get("M"));
    assertThat(asLists(PolicyGraph.transition(TransitionMatrices.of(m), 0).edges()))
        .isEqualTo(asLists(edgeList(ex.get("theta_0"))));
    assertThat(asLists(PolicyGraph.transition(TransitionMatrices.of(m), 0.3).edges()))
        .isEqualTo(asLists(edgeList(ex.get("theta_0.3"))));
  }

  @Test
  void utilityGraphOfTheFilterExample() {
    JsonNode c = DphmmVectors.root().get("c_filter_6state");
    StateQuery f = StateQuery.of(matrix(c.get("F")));
    assertThat(asLists(PolicyGraph.utility(f, 2.5).edges())).isEqualTo(asLists(edgeList(c.get("graph_edges"))));
  }

  @Test
  void degenerateKisProtectableYetHasInfiniteMultiplier() {
    JsonNode ex = X.get("posterior_degenerate_K");
    StateQuery f = RunningExampleVectorsTest.F;
    PolicyGraph g = PolicyGraph.edges(6, DphmmVectors.intMatrix(ex.get("edges")));
    int[] c = ints(ex.get("C"));
    ProtectableGraph pg = ProtectableGraph.repair(f, g, c, RepairMode.STRICT, false);
    assertThat(pg.addedEdges()).isEmpty();
    RunningExampleVectorsTest.assertHull("degenerate", pg.hull(), ex.get("hull"));
    RunningExampleVectorsTest.assertDop("degenerate", pg, ex.get("dop"));
    assertThat(pg.constrainedDpMultiplier()).isEqualTo(Double.POSITIVE_INFINITY);
    double[] z = vector(ex.get("z"));
    for (int s : c) {
      assertClose("norm " + s, pg.normFrom(z, s), num(ex.get("knorms").get(Integer.toString(s))));
    }
  }

  @Test
  void blowfishExample53() {
    JsonNode b = DphmmVectors.root().get("b_blowfish");
    BlowfishAnalysis an = BlowfishAnalysis.of(matrix(b.get("delta_f_rows")));
    RunningExampleVectorsTest.assertHull("blowfish", an.hull(), b.get("hull"));
    assertClose("S_f", an.l1Sensitivity(), num(b.get("l1_sensitivity")));
    assertClose("(1,0)", an.hull().norm(new double[] {1, 0}), num(b.get("knorm_(1,0)")));
    assertClose("(0,1)", an.hull().norm(new double[] {0, 1}), num(b.get("knorm_(0,1)")));
    double[] fd = vector(b.get("f_D"));
    double[][] plus = matrix(b.get("f_D_plus_si"));
    double[][] v = new double[plus.length][2];
    for (int i = 0; i < plus.length; i++) {
      v[i][0] = plus[i][0] - fd[0];
      v[i][1] = plus[i][1] - fd[1];
    }
    double[] mult = an.kNormMultipliers(v);
    assertClose("multipliers", mult, new double[] {1, 0, 1, 2, 1, 2});
    assertClose("multipliers json", mult, vector(b.get("unbounded_dp_multipliers_s1_to_s6")));
    assertClose("laplace", an.laplaceMultipliers(v), vector(b.get("laplace_multipliers_s1_to_s6")));
    double overall = 0;
    for (double x : mult) {
      overall = Math.max(overall, x);
    }
    assertClose("overall", overall, num(b.get("overall_unbounded_dp_multiplier")));
    // the same Δf from Fig. 2b's graph over the table's f(D ∪ s_i)
    StateQuery f = StateQuery.of(plus);
    PolicyGraph g = PolicyGraph.edges(6, new int[][] {{0, 1}, {2, 3}});
    double[][] mine = matrixOf(DeltaF.points(f, g.edges()), 2);
    double[][] theirs = matrix(b.get("delta_f_rows"));
    java.util.Comparator<double[]> lex = (p, q) -> p[0] != q[0] ? Double.compare(p[0], q[0]) : Double.compare(p[1], q[1]);
    java.util.Arrays.sort(mine, lex);
    java.util.Arrays.sort(theirs, lex);
    assertClose("delta f as a set", mine, theirs);
  }

  @Test
  void badGraphInputNamesTheValue() {
    assertThatThrownBy(() -> PolicyGraph.edges(6, new int[][] {{0, 1}, {2, 7}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("edges[1][1] = 7")
        .hasMessageContaining("no such state");
    assertThatThrownBy(() -> StateQuery.of(new double[][] {{0, 0, 0, 0}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("= 4");
    assertThatThrownBy(() -> StateQuery.of("query", new double[][] {{0}, {1}}, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 2 rows, expected 3");
    assertThatThrownBy(() -> StateQuery.of(new double[][] {{0, 1}, {1}}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("query[1]");
  }


  @Test
  void blowfishFacetsAreXEqualsPlusMinusOneAndXPlus2YEqualsPlusMinusOne() {
    SensitivityHull k = BlowfishAnalysis.of(matrix(DphmmVectors.root().get("b_blowfish").get("delta_f_rows"))).hull();
    java.util.Set<String> facets = new java.util.TreeSet<>();
    for (double[] g : k.facetGauges()) {
      facets.add(Math.round(g[0]) + "," + Math.round(g[1]));
    }
    assertThat(facets).containsExactlyInAnyOrder("1,0", "-1,0", "1,2", "-1,-2");
  }

  @Test
  void localDpHullsOfExample112() {
    JsonNode ex = DphmmVectors.root().get("a_running_example").get("ex11_2").get("localdp_per_true_state");
    java.util.Iterator<java.util.Map.Entry<String, JsonNode>> graphs = ex.fields();
    while (graphs.hasNext()) {
      java.util.Map.Entry<String, JsonNode> g = graphs.next();
      for (String s : new String[] {"s4", "s5", "s6"}) {
        JsonNode node = g.getValue().get(s);
        List<int[]> incident = new java.util.ArrayList<>();
        for (JsonNode e : node.get("incident_edges")) {
          String t = e.asText();
          incident.add(new int[] {t.charAt(1) - '1', t.charAt(3) - '1'});
        }
        RunningExampleVectorsTest.assertHull(g.getKey() + " " + s, DeltaF.hull(RunningExampleVectorsTest.F, incident),
            node.get("hull"));
      }
    }
  }

  static double[][] matrixOf(double[] flat, int d) {
    double[][] m = new double[flat.length / d][d];
    for (int i = 0; i < m.length; i++) {
      System.arraycopy(flat, i * d, m[i], 0, d);
    }
    return m;
  }
}
