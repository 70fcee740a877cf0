package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.policy.DphmmVectors.matrix;
import static org.pufferflow.policy.DphmmVectors.num;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.DphmmVectors;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/**
 * the test resource dphmm-vectors.json (docs/test-vectors.md) (e): statistics of real releases drawn from the keyed generator, compared with the analytic
 * values at the suggested tolerances (5 standard errors; KS p &gt; 1e-3).
 */
class SamplerStatisticsTest {

  static final JsonNode E = DphmmVectors.root().get("e_sampler");
  static final double[][] F = matrix(DphmmVectors.root().get("a_running_example").get("F"));

  static KeyedRandom random() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (7 * i + 1);
    }
    return new KeyedRandom(NoiseKey.of(key));
  }

  static DphmmReleaser releaser(double[] p0, PolicyGraph g, DphmmNoise noise) {
    double[][] id = new double[6][6];
    for (int i = 0; i < 6; i++) {
      id[i][i] = 1;
    }
    return new DphmmReleaser(DphmmConfig.builder().transition(TransitionMatrices.of(id)).initial(p0).query(F)
        .policyGraph(g).noise(noise).fullSpan(false).epsilon(1).build());
  }

  static PolicyGraph categorical() {
    return PolicyGraph.categorical(new int[] {0, 1, 1, 2, 2, 2});
  }

  /** Draws n releases of state s; returns the noise vectors X = z − f(s) (n×2). */
  static double[][] draws(DphmmReleaser rel, int s, int n) {
    KeyedRandom rng = random();
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    double[][] x = new double[n][2];
    for (int t = 0; t < n; t++) {
      rel.release(post, DphmmReleaser.FIRST_RELEASE, s, rng.reset("dphmm-test", "subject", t), out);
      x[t][0] = out.z()[0] - F[s][0];
      x[t][1] = out.z()[1] - F[s][1];
    }
    return x;
  }

  @Test
  void kNormReleaseMatchesTheAnalyticLaw() {
    int n = 100_000;
    double[] p0 = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0};
    DphmmReleaser rel = releaser(p0, categorical(), DphmmNoise.K_NORM);
    double[][] x = draws(rel, 0, n);
    var hull = rel.protectableGraph(new int[] {0, 1, 2, 3, 4, 5}).hull();
    assertThat(hull.volume()).isEqualTo(11.0);
    double[] normK = new double[n];
    double sumK = 0;
    double sumSq = 0;
    for (int t = 0; t < n; t++) {
      normK[t] = hull.norm(x[t]);
      sumK += normK[t];
      sumSq += x[t][0] * x[t][0] + x[t][1] * x[t][1];
    }
    JsonNode a = E.get("analytic");
    assertThat(Math.abs(sumK / n - num(a.get("E_normK")))).isLessThanOrEqualTo(5 * Math.sqrt(2.0 / n));
    double sd = E.get("monte_carlo").get("se_mean_sq_l2").asDouble() * Math.sqrt(200_000);
    assertThat(Math.abs(sumSq / n - num(a.get("E_sq_l2")))).isLessThanOrEqualTo(5 * sd / Math.sqrt(n));
    double[][] cov = new double[2][2];
    for (double[] v : x) {
      cov[0][0] += v[0] * v[0] / n;
      cov[0][1] += v[0] * v[1] / n;
      cov[1][1] += v[1] * v[1] / n;
    }
    double[][] expectedCov = matrix(a.get("cov_Z"));
    // Cov(Z) = E[XXᵀ] (X has mean 0); 3 % relative: the reference MC at n = 2e5 is within 0.5 %
    assertThat(Math.abs(cov[0][0] - expectedCov[0][0])).isLessThanOrEqualTo(0.03 * expectedCov[0][0]);
    assertThat(Math.abs(cov[0][1] - expectedCov[0][1])).isLessThanOrEqualTo(0.03 * expectedCov[0][0]);
    assertThat(Math.abs(cov[1][1] - expectedCov[1][1])).isLessThanOrEqualTo(0.03 * expectedCov[1][1]);
    // ‖Z − f‖_K ~ Gamma(2, 1): CDF 1 − (1 + x)e^{−x}
    assertThat(ksStatistic(normK, v -> 1 - (1 + v) * Math.exp(-v)) * Math.sqrt(n)).isLessThan(1.95);
  }

  @Test
  void uniformDrawInKhasTheRightRadialLaw() {
    int n = 50_000;
    double[] p0 = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0};
    DphmmReleaser rel = releaser(p0, categorical(), DphmmNoise.K_NORM);
    int[] all = {0, 1, 2, 3, 4, 5};
    rel.protectableGraph(all);
    GeometrySlot g = new GeometrySlot(rel.protectableGraph(all), new UniformKSampler(rel.protectableGraph(all).hull()));
    KeyedRandom rng = random().reset("u", "u", 0);
    double[] u = new double[2];
    double[] norms = new double[n];
    double sum = 0;
    for (int t = 0; t < n; t++) {
      g.sampler().sample(rng, u);
      norms[t] = g.hull.norm(u);
      sum += norms[t];
    }
    assertThat(Math.abs(sum / n - 2.0 / 3)).isLessThanOrEqualTo(5 * Math.sqrt(1.0 / 18 / n));
    assertThat(ksStatistic(norms, v -> v * v) * Math.sqrt(n)).isLessThan(1.95);
  }

  @Test
  void laplaceReleaseUsesTheL1Sensitivity() {
    int n = 50_000;
    double[] p0 = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0};
    double[][] x = draws(releaser(p0, categorical(), DphmmNoise.LAPLACE), 2, n);
    double sum = 0;
    for (double[] v : x) {
      sum += Math.abs(v[0]) + Math.abs(v[1]);
    }
    JsonNode lap = E.get("analytic").get("laplace_S_f_5");
    assertThat(Math.abs(sum / n - num(lap.get("E_l1")))).isLessThanOrEqualTo(5 * Math.sqrt(50.0 / n));
  }

  @Test
  void rankOneHullUsesGammaOfShapeTwo() {
    int n = 50_000;
    double[] p0 = {0, 0.5, 0.5, 0, 0, 0};
    DphmmReleaser rel = releaser(p0, PolicyGraph.edges(6, new int[][] {{1, 2}}), DphmmNoise.K_NORM);
    double[][] x = draws(rel, 1, n);
    var hull = rel.protectableGraph(new int[] {1, 2}).hull();
    assertThat(hull.rank()).isEqualTo(1);
    double sum = 0;
    for (double[] v : x) {
      double k = hull.norm(v);
      assertThat(k).isFinite();
      sum += k;
    }
    assertThat(Math.abs(sum / n - num(E.get("analytic").get("rank1_K_ex5_2").get("E_normK"))))
        .isLessThanOrEqualTo(5 * Math.sqrt(1.0 / n));
  }

  interface Cdf {
    double at(double x);
  }

  static double ksStatistic(double[] sample, Cdf cdf) {
    double[] s = sample.clone();
    Arrays.sort(s);
    double d = 0;
    for (int i = 0; i < s.length; i++) {
      double c = cdf.at(s[i]);
      d = Math.max(d, Math.max(c - (double) i / s.length, (double) (i + 1) / s.length - c));
    }
    return d;
  }
}
