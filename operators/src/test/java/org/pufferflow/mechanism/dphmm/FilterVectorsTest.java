package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.policy.DphmmVectors.asLists;
import static org.pufferflow.policy.DphmmVectors.assertClose;
import static org.pufferflow.policy.DphmmVectors.edgeList;
import static org.pufferflow.policy.DphmmVectors.ints;
import static org.pufferflow.policy.DphmmVectors.matrix;
import static org.pufferflow.policy.DphmmVectors.num;
import static org.pufferflow.policy.DphmmVectors.vector;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.BudgetArithmetic;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.policy.DphmmVectors;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/** the test resource dphmm-vectors.json (docs/test-vectors.md) (c) the 6-state forward filter, (d) the 10×10 grid, extras posterior_degenerate_K. */
class FilterVectorsTest {

  static final JsonNode ROOT = DphmmVectors.root();

  static DphmmConfig.Builder sixState(DphmmNoise noise) {
    JsonNode c = ROOT.get("c_filter_6state");
    StateQuery f = StateQuery.of(matrix(c.get("F")));
    return DphmmConfig.builder()
        .transition(TransitionMatrices.of(matrix(c.get("M"))))
        .initial(vector(c.get("p0")))
        .query(f)
        .policyGraph(PolicyGraph.utility(f, 2.5))
        .constraint(Constraint.support())
        .repair(RepairMode.GREEDY)
        .noise(noise)
        .epsilon(c.get("eps").asDouble());
  }

  @Test
  void sixStateKnormFilter() {
    JsonNode c = ROOT.get("c_filter_6state");
    // fullSpan is irrelevant here: every final K spans the differences of its C
    for (boolean fullSpan : new boolean[] {false, true}) {
      DphmmReleaser rel = new DphmmReleaser(sixState(DphmmNoise.K_NORM).fullSpan(fullSpan).build());
      runSteps(rel, c.get("steps"), true);
    }
  }

  @Test
  void sixStateLaplaceFilter() {
    JsonNode c = ROOT.get("c_filter_6state");
    DphmmReleaser rel = new DphmmReleaser(sixState(DphmmNoise.LAPLACE).build());
    runSteps(rel, c.get("laplace_variant_same_z"), false);
  }

  private static void runSteps(DphmmReleaser rel, JsonNode steps, boolean checkGeometry) {
    double[] posterior = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    double cumDphmm = 0; // running totals, composed additively (Theorem 7.2) with upward rounding
    double cumCdp = 0;
    StateQuery f = rel.config().query();
    for (JsonNode s : steps) {
      String what = "step " + s.get("t");
      long gap = s.get("gap").isNull() ? DphmmReleaser.FIRST_RELEASE : s.get("gap").asLong();
      double[] before = posterior.clone();
      rel.observe(posterior, gap, vector(s.get("z")), out);
      int[] c = ints(s.get("C"));
      assertThat(out.constraintSize()).as(what).isEqualTo(c.length);
      assertThat(out.exact()).as(what).isEqualTo(s.get("single_state").asBoolean());
      assertClose(what + " z", out.z(), vector(s.get("z")));
      assertClose(what + " p+", posterior, vector(s.get("p_plus")));
      assertClose(what + " dphmm eps", out.dphmmEpsilon(), num(s.get("dphmm_eps")));
      assertClose(what + " cdp eps", out.constrainedDpEpsilon(), num(s.get("constrained_dp_eps")));
      cumDphmm = BudgetArithmetic.addRoundingUp(cumDphmm, out.dphmmEpsilon());
      cumCdp = BudgetArithmetic.addRoundingUp(cumCdp, out.constrainedDpEpsilon());
      assertClose(what + " cum dphmm", cumDphmm, num(s.get("cum_dphmm_eps")));
      assertClose(what + " cum cdp", cumCdp, num(s.get("cum_constrained_dp_eps")));
      // p⁻ as the vectors state it
      double[] prior = new double[before.length];
      if (gap == DphmmReleaser.FIRST_RELEASE) {
        prior = rel.config().initial();
      } else {
        rel.config().transition().multiplyLeftPower(before, gap, prior, new double[before.length]);
      }
      assertClose(what + " p-", prior, vector(s.get("p_minus")));
      if (checkGeometry && !out.exact()) {
        ProtectableGraph pg = rel.protectableGraph(c);
        assertThat(asLists(pg.constrainedEdges())).as(what)
            .isEqualTo(asLists(edgeList(s.get("edges_constrained"))));
        assertThat(pg.exposedBefore()).as(what).containsExactly(ints(s.get("exposed_initial")));
        assertThat(asLists(pg.addedEdges())).as(what).isEqualTo(asLists(edgeList(s.get("added_edges_greedy"))));
        assertThat(asLists(pg.edges())).as(what).isEqualTo(asLists(edgeList(s.get("edges_final"))));
        org.pufferflow.policy.RunningExampleVectorsTestAccess.assertHull(what, pg.hull(), s.get("hull"));
        int[] dop = pg.degreesOfProtection();
        for (int p = 0; p < c.length; p++) {
          assertThat(dop[p]).as(what + " dop").isEqualTo(s.get("dop_final").get(Integer.toString(c[p])).asInt());
          assertClose(what + " norm", pg.normFrom(vector(s.get("z")), c[p]),
              num(s.get("knorm_z_minus_f_i").get(Integer.toString(c[p]))));
        }
        ProtectableGraph mv = ProtectableGraph.repair(f, rel.config().policyGraph(), c, RepairMode.MIN_VOLUME, false);
        assertThat(asLists(mv.addedEdges())).as(what + " minvol").isEqualTo(asLists(edgeList(s.get("minvol_added"))));
        org.pufferflow.policy.RunningExampleVectorsTestAccess.assertHull(what + " minvol", mv.hull(),
            s.get("minvol_hull"));
      }
    }
  }

  static DphmmConfig.Builder grid10() {
    int side = 10;
    int n = side * side;
    double[][] m = GridModels.lazyWalk(side);
    double[] p0 = new double[n];
    p0[0] = 1;
    StateQuery q = StateQuery.of(GridModels.cellCoordinates(side));
    return DphmmConfig.builder().transition(TransitionMatrices.of(m)).initial(p0).query(q)
        .policyGraph(PolicyGraph.utility(q, 1.5)).repair(RepairMode.GREEDY).epsilon(1)
        .constraint(Constraint.support(1e-12)); // the vectors' truncation (docs/test-vectors.md)
  }

  @Test
  void grid10PriorOnly() {
    DphmmConfig cfg = grid10().build();
    assertThat(cfg.policyGraph().edgeCount()).isEqualTo(342);
    DphmmReleaser rel = new DphmmReleaser(cfg);
    TransitionMatrix m = cfg.transition();
    double[] p = cfg.initial();
    double[] next = new double[p.length];
    for (JsonNode row : ROOT.get("d_grid10").get("d1_prior_only").get("rows")) {
      String what = "d1 t=" + row.get("t");
      int[] cbuf = new int[p.length];
      int k = Constraint.support().select(p, cbuf);
      assertThat(k).as(what).isEqualTo(row.get("C_size").asInt());
      double minP = 1;
      for (int q = 0; q < k; q++) {
        minP = Math.min(minP, p[cbuf[q]]);
      }
      if (row.has("min_p_minus_in_C")) {
        assertClose(what + " min p", minP, num(row.get("min_p_minus_in_C")));
      }
      if (k > 1) {
        ProtectableGraph pg = rel.protectableGraph(Arrays.copyOf(cbuf, k));
        assertThat(pg.constrainedEdges()).hasSize(row.get("n_edges_constrained").asInt());
        assertThat(pg.exposedBefore()).isEmpty();
        assertThat(pg.addedEdges()).isEmpty();
        assertThat(pg.hull().rank()).isEqualTo(row.get("hull_rank").asInt());
        assertClose(what + " vertices", pg.hull().vertices(), matrix(row.get("hull_vertices")));
        assertClose(what + " area", pg.hull().volume(), num(row.get("hull_area")));
      }
      assertClose(what + " multiplier", k > 1 ? rel.protectableGraph(Arrays.copyOf(cbuf, k))
          .constrainedDpMultiplier() : 0, num(row.get("constrained_dp_multiplier")));
      m.multiplyLeft(p, next);
      double[] t = p;
      p = next;
      next = t;
    }
  }

  @Test
  void grid10FilteredAtTheOrigin() {
    DphmmReleaser rel = new DphmmReleaser(grid10().build());
    double[] posterior = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    long gap = DphmmReleaser.FIRST_RELEASE;
    for (JsonNode row : ROOT.get("d_grid10").get("d2_filtered_z_origin").get("rows")) {
      String what = "d2 t=" + row.get("t");
      double[] prior = gap == DphmmReleaser.FIRST_RELEASE ? rel.config().initial() : new double[posterior.length];
      if (gap != DphmmReleaser.FIRST_RELEASE) {
        rel.config().transition().multiplyLeft(posterior, prior);
      }
      rel.observe(posterior, gap, new double[] {0, 0}, out);
      double minIn = Double.POSITIVE_INFINITY;
      double maxOut = 0;
      for (int s = 0; s < prior.length; s++) {
        if (posterior[s] > 0) {
          minIn = Math.min(minIn, prior[s]);
        } else if (prior[s] > 0) {
          maxOut = Math.max(maxOut, prior[s]);
        }
      }
      assertClose(what + " smallest p- in C", minIn, num(row.get("smallest_p_minus_in_C")));
      assertThat(Math.abs(maxOut - num(row.get("largest_positive_p_minus_outside_C"))))
          .as(what + " largest positive p- outside C").isLessThanOrEqualTo(1e-9 * Math.max(1e-12, maxOut));
      gap = 1;
      assertThat(out.constraintSize()).as(what).isEqualTo(row.get("C_size").asInt());
      int[] c = ints(row.get("C"));
      for (int s : c) {
        assertThat(posterior[s]).as(what + " in C " + s).isPositive();
      }
      if (!out.exact()) {
        assertThat(rel.protectableGraph(c).hull().vertexCount()).isEqualTo(row.get("hull_n_vertices").asInt());
      }
      assertClose(what + " cdp", out.constrainedDpEpsilon(), num(row.get("constrained_dp_eps")));
      assertClose(what + " p+(0,0)", posterior[0], num(row.get("p_plus_at_origin")));
    }
  }

  @Test
  void posteriorWithInfiniteNorms() {
    JsonNode ex = ROOT.get("extras").get("posterior_degenerate_K");
    double[][] f = matrix(ROOT.get("a_running_example").get("F"));
    double[] p0 = vector(ex.get("p_minus"));
    double[][] identity = new double[6][6];
    for (int i = 0; i < 6; i++) {
      identity[i][i] = 1;
    }
    DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(identity))
        .initial(p0).query(f).policyGraph(PolicyGraph.edges(6, DphmmVectors.intMatrix(ex.get("edges"))))
        .fullSpan(false).epsilon(ex.get("eps").asDouble()).build());
    double[] posterior = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    rel.observe(posterior, DphmmReleaser.FIRST_RELEASE, vector(ex.get("z")), out);
    assertClose("p+", posterior, vector(ex.get("p_plus")));
    assertThat(out.constrainedDpEpsilon()).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void posteriorAgreesWithAPlainLogSumExpIncludingTheUnderflowFallback() {
    double[][] f = {{0}, {1}, {2}, {7}};
    double[][] id = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    double[] p0 = {1e-300, 0.5, 0.25, 0.25 - 1e-300};
    for (double eps : new double[] {0.5, 1, 50, 1000, 1e6}) {
      for (double zv : new double[] {-40, -3, 0.3, 1.7, 6, 30}) {
        DphmmReleaser rel = new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(id))
            .initial(p0).query(f).completeGraph().constraint(Constraint.support(0)).epsilon(eps).build());
        double[] post = rel.newPosterior();
        DphmmRelease out = rel.newResult();
        double[] z = {zv};
        rel.observe(post, DphmmReleaser.FIRST_RELEASE, z, out);
        ProtectableGraph pg = rel.protectableGraph(new int[] {0, 1, 2, 3});
        double[] lw = new double[4];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 4; i++) {
          lw[i] = Math.log(p0[i]) - eps * pg.normFrom(z, i);
          max = Math.max(max, lw[i]);
        }
        double sum = 0;
        for (int i = 0; i < 4; i++) {
          sum += Math.exp(lw[i] - max);
        }
        for (int i = 0; i < 4; i++) {
          assertClose("eps=" + eps + " z=" + zv + " p+[" + i + "]", post[i], Math.exp(lw[i] - max) / sum);
        }
      }
    }
  }
}
