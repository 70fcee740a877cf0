package org.pufferflow.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.policy.DphmmVectors.asLists;
import static org.pufferflow.policy.DphmmVectors.assertClose;
import static org.pufferflow.policy.DphmmVectors.edgeList;
import static org.pufferflow.policy.DphmmVectors.ints;
import static org.pufferflow.policy.DphmmVectors.matrix;
import static org.pufferflow.policy.DphmmVectors.num;
import static org.pufferflow.policy.DphmmVectors.vector;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pufferflow.geometry.SensitivityHull;

/** the test resource dphmm-vectors.json (docs/test-vectors.md) section (a): the paper's running example, every case and every repair variant. */
class RunningExampleVectorsTest {

  static final JsonNode A = DphmmVectors.root().get("a_running_example");
  static final StateQuery F = StateQuery.of(matrix(A.get("F")));
  static final PolicyGraph G = categorical(A.get("categories"));

  static PolicyGraph categorical(JsonNode cats) {
    int[] labels = new int[cats.size()];
    for (int i = 0; i < labels.length; i++) {
      labels[i] = cats.get(i).asText().hashCode();
    }
    return PolicyGraph.categorical(labels);
  }

  static Stream<Arguments> cases() {
    return Stream.of("unconstrained", "ex5_2", "fig9a", "ex6_1", "ex11_2").map(k -> Arguments.of(k, A.get(k)));
  }

  @Test
  void categoricalGraphAndExample51() {
    assertThat(asLists(G.edges())).isEqualTo(asLists(edgeList(A.get("edges"))));
    JsonNode ex = A.get("ex5_1");
    // Δf in the paper's layout: d × 2m, points as columns
    double[] pts = DeltaF.points(F, G.edges());
    double[][] paper = matrix(ex.get("delta_f_paper_layout"));
    for (int col = 0; col < paper[0].length; col++) {
      for (int a = 0; a < 2; a++) {
        assertThat(pts[col * 2 + a]).isEqualTo(paper[a][col]);
      }
    }
    int[] all = {0, 1, 2, 3, 4, 5};
    ProtectableGraph pg = ProtectableGraph.repair(F, G, all, RepairMode.NONE, false);
    assertClose("S_f", pg.l1Sensitivity(), num(ex.get("l1_sensitivity")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void constrainedGraphHullDopAndMultiplier(String name, JsonNode cs) {
    int[] c = ints(cs.get("C"));
    ProtectableGraph pg = ProtectableGraph.repair(F, G, c, RepairMode.NONE, false);
    assertThat(asLists(pg.constrainedEdges())).isEqualTo(asLists(edgeList(cs.get("edges_constrained"))));
    // Δf rows
    double[] pts = DeltaF.points(F, pg.constrainedEdges());
    double[][] rows = matrix(cs.get("delta_f_rows"));
    for (int i = 0; i < rows.length; i++) {
      assertClose("delta f row " + i, new double[] {pts[2 * i], pts[2 * i + 1]}, rows[i]);
    }
    assertHull(name, pg.hull(), cs.get("hull"));
    assertDop(name, pg, cs.get("dop"));
    assertThat(pg.exposedBefore()).containsExactly(ints(cs.get("exposed")));
    assertClose(name + " multiplier", pg.constrainedDpMultiplier(), num(cs.get("constrained_dp_multiplier")));
    double[][] pair = matrix(cs.get("pairwise_knorm_f_j_minus_f_i_rows_i_cols_j"));
    for (int i = 0; i < c.length; i++) {
      for (int j = 0; j < c.length; j++) {
        double[] v = {F.get(c[j], 0) - F.get(c[i], 0), F.get(c[j], 1) - F.get(c[i], 1)};
        assertClose(name + " pairwise " + i + "," + j, pg.hull().norm(v), pair[i][j]);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void repairVariants(String name, JsonNode cs) {
    int[] c = ints(cs.get("C"));
    for (Map.Entry<String, RepairMode> v : Map.of(
        "protect_greedy", RepairMode.GREEDY, "protect_strict", RepairMode.STRICT,
        "protect_minvol", RepairMode.MIN_VOLUME).entrySet()) {
      JsonNode exp = cs.get(v.getKey());
      for (boolean fullSpan : new boolean[] {false, true}) {
        ProtectableGraph pg = ProtectableGraph.repair(F, G, c, v.getValue(), fullSpan);
        String what = name + " " + v.getKey() + " fullSpan=" + fullSpan;
        assertThat(asLists(pg.addedEdges())).as(what).isEqualTo(asLists(edgeList(exp.get("added"))));
        assertHull(what, pg.hull(), exp.get("hull"));
        assertDop(what, pg, exp.get("dop"));
        assertClose(what, pg.constrainedDpMultiplier(), num(exp.get("constrained_dp_multiplier")));
        assertThat(pg.exposedAfter()).isEmpty();
      }
    }
  }

  @Test
  void unconstrainedKnormUnitTests() {
    JsonNode un = A.get("unconstrained");
    ProtectableGraph pg = ProtectableGraph.repair(F, G, ints(un.get("C")), RepairMode.NONE, false);
    for (JsonNode t : un.get("knorm_unit_tests")) {
      double[] v = vector(t.get("v"));
      assertClose("||" + t.get("v") + "||_K", pg.hull().norm(v), num(t.get("knorm")));
      assertClose("hand " + t.get("v"), pg.hull().norm(v), num(t.get("hand")));
    }
  }

  @Test
  void example61MinAreaCandidates() {
    JsonNode ex = A.get("ex6_1");
    int[] c = ints(ex.get("C"));
    List<int[]> base = G.induced(c, c.length);
    Iterator<Map.Entry<String, JsonNode>> it = ex.get("candidates_s3").fields();
    int[] partner = {3, 4, 5};
    int k = 0;
    while (it.hasNext()) {
      JsonNode cand = it.next().getValue();
      List<int[]> edges = new java.util.ArrayList<>(base);
      edges.add(new int[] {2, partner[k++]});
      SensitivityHull h = DeltaF.hull(F, edges);
      assertHull("candidate", h, cand.get("hull"));
      assertClose("area", h.volume(), num(cand.get("area")));
      assertClose("sq dist", F.squaredDistance(2, partner[k - 1]), num(cand.get("sq_dist_to_s3")));
    }
  }

  static void assertHull(String what, SensitivityHull h, JsonNode exp) {
    assertThat(h.rank()).as(what + " rank").isEqualTo(exp.get("rank").asInt());
    assertClose(what + " vertices", h.vertices(), matrix(exp.get("vertices")));
    assertThat(h.vertexCount()).isEqualTo(exp.get("n_vertices").asInt());
    assertClose(what + " volume", h.volume(), num(exp.get("volume_d")));
    assertClose(what + " measure", h.measureInSpan(), num(exp.get("measure_in_span")));
    if (exp.has("vertices_ccw")) {
      assertClose(what + " ccw", h.verticesCounterClockwise(), matrix(exp.get("vertices_ccw")));
    }
  }

  static void assertDop(String what, ProtectableGraph pg, JsonNode exp) {
    int[] c = pg.constraint();
    int[] dop = pg.degreesOfProtection();
    assertThat(exp.size()).isEqualTo(c.length);
    for (int p = 0; p < c.length; p++) {
      assertThat(dop[p]).as(what + " DoP of " + c[p]).isEqualTo(exp.get(Integer.toString(c[p])).asInt());
    }
  }
}
